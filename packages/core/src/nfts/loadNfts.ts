import { ApiRequestError, ServerUnavailableError } from '../api/clientErrors.js'
import { toUserMessage } from '../notices/messages.js'
import type { Portico } from '../portico.js'
import type { NftsState } from '../state.js'
import { getAccountNfts } from './getAccountNfts.js'
import { getNftsTarget } from './nftsTarget.js'

export type LoadNftsParameters = {
  /** Fetches the next page rather than the first. */
  more?: boolean
  /** Empties the list and starts again (the tab's Retry). */
  reset?: boolean
}
export type LoadNftsReturnType = undefined

/** The tab's state, created on first use (the NFTs code loads with the tab). */
export function nftsStateOf(portico: Portico): NftsState {
  portico.state.nfts ??= {
    caipAddress: undefined,
    items: [],
    loading: false,
    loaded: false,
    next: undefined,
    error: undefined,
    notServed: [],
  }
  return portico.state.nfts
}

/**
 * Loads the NFTs tab of the active account into `state.nfts`: the first page (once per account),
 * or the next one with `more`. Never throws: a failure leaves 'Failed to fetch NFTs' in
 * `state.nfts.error`; a network the server does not serve is remembered and loses its tab; a reply
 * for an older account or network is dropped.
 *
 * @example
 * await loadNfts(portico)
 * await loadNfts(portico, { more: true })
 */
export async function loadNfts(
  portico: Portico,
  parameters: LoadNftsParameters = {},
): Promise<LoadNftsReturnType> {
  const target = getNftsTarget(portico)
  if (!target) return
  const state = nftsStateOf(portico)
  const { internal } = portico
  const fresh = parameters.reset || state.caipAddress !== target.caipAddress
  if (fresh) {
    internal.nftsRequest = (internal.nftsRequest ?? 0) + 1
    Object.assign(state, {
      caipAddress: target.caipAddress,
      items: [],
      loaded: false,
      next: undefined,
      error: undefined,
    })
  } else if (state.loading || (state.loaded && (!parameters.more || state.next === undefined))) {
    return
  }
  internal.nftsRequest = (internal.nftsRequest ?? 0) + 1
  const request = internal.nftsRequest
  const current = () => internal.nftsRequest === request && state.caipAddress === target.caipAddress
  state.loading = true
  state.error = undefined
  try {
    const page = await getAccountNfts(portico, { cursor: fresh ? undefined : state.next })
    if (!current()) return
    const known = new Set(state.items.map((nft) => `${nft.contract}/${nft.tokenId}`))
    state.items = [...state.items, ...page.data.filter((nft) => !known.has(`${nft.contract}/${nft.tokenId}`))]
    state.next = page.next ?? undefined
    state.loaded = true
  } catch (error) {
    if (!current()) return
    if (error instanceof ApiRequestError && error.apiCode === 'UNSUPPORTED_CHAIN') {
      state.notServed = [...state.notServed, target.network.caipNetworkId]
      return
    }
    internal.logger.warn(`nfts: cannot fetch ${target.caipAddress}`, error)
    state.error = {
      message: { key: 'nftsFailed' },
      serverUnavailable: error instanceof ServerUnavailableError,
      detail: toUserMessage(error),
    }
  } finally {
    if (internal.nftsRequest === request) state.loading = false
  }
}
