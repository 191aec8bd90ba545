import type { Nft } from '../api/nftSchemas.js'
import type { Portico } from '../portico.js'
import { defineSelector } from '../selector.js'
import type { NftsError } from '../state.js'
import { getNftsTarget } from './nftsTarget.js'

/** One tile of the NFTs tab. */
export interface NftItem extends Nft {
  /** Unique within the list. */
  id: string
  /** The token on the network's block explorer, when the network names one. */
  explorerUrl: string | undefined
}

export interface NftsInfo {
  /** Whether the tab is offered for the active account. */
  available: boolean
  /** The account's NFTs, spam left out. */
  items: readonly NftItem[]
  loading: boolean
  loaded: boolean
  /** Nothing to show and no further page. */
  empty: boolean
  hasMore: boolean
  error: NftsError | undefined
}

const EMPTY: NftsInfo = {
  available: false,
  items: [],
  loading: false,
  loaded: false,
  empty: false,
  hasMore: false,
  error: undefined,
}

const nfts = /* @__PURE__ */ defineSelector((portico: Portico): NftsInfo => {
  const target = getNftsTarget(portico)
  if (!target) return EMPTY
  const state = portico.state.nfts
  const own = state !== undefined && state.caipAddress === target.caipAddress
  if (!own) return { ...EMPTY, available: true }
  const explorer = target.network.blockExplorers?.default.url.replace(/\/+$/, '')
  const items = state.items
    .filter((nft) => !nft.isSpam)
    .map((nft) => ({
      ...nft,
      id: `${nft.contract}/${nft.tokenId}`,
      explorerUrl: explorer ? `${explorer}/token/${nft.contract}?a=${nft.tokenId}` : undefined,
    }))
  const hasMore = state.next !== undefined
  return {
    available: true,
    items,
    loading: state.loading,
    loaded: state.loaded,
    empty: state.loaded && items.length === 0 && !hasMore,
    hasMore,
    error: state.error,
  }
})
/**
 * The NFTs tab of the active account (spam left out), as `loadNfts` filled it.
 *
 * @example
 * const { items, hasMore } = getNfts(portico)
 */
export const getNfts = nfts.get
/** Calls `onChange(nfts, previous)` when the NFTs tab's tiles or paging change; returns the unsubscribe. */
export const watchNfts = nfts.watch
