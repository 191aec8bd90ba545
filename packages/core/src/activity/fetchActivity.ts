import { ServerUnavailableError } from '../api/clientErrors.js'
import { historyResponseCheck } from '../api/historyAnswerCheck.js'
import type { Transaction } from '../api/schemas.js'
import { checkAnswer, getService, isChainNotServed } from '../api/services.js'
import { toCaipAddress } from '../network/caip.js'
import type { CaipAddress, ChainNamespace, Network } from '../network/types.js'
import { toUserMessage } from '../notices/messages.js'
import type { Portico } from '../portico.js'
import { resetActivity } from './resetActivity.js'

export type FetchActivityParameters = {
  /** Empties the list and starts again from the first page; otherwise the next page is fetched. */
  reset?: boolean
  /**
   * Fetches the first page again but keeps showing the list until it arrives, then replaces it:
   * for a list already on screen (after a send, or when the Account view comes back).
   */
  refresh?: boolean
}
export type FetchActivityReturnType = undefined

/** The connected account whose activity can be fetched, or undefined when there is none. */
export function getActivityTarget(
  portico: Portico,
): { namespace: ChainNamespace; address: string; network: Network; caipAddress: CaipAddress } | undefined {
  const { state, options } = portico
  const namespace = state.modal.activeChain
  const chain = namespace && state.chains[namespace]
  const address = chain?.accountState.address
  const network = chain?.networkState.caipNetwork
  if (
    !namespace ||
    !chain ||
    !address ||
    !network ||
    chain.accountState.status !== 'connected' ||
    chain.networkState.unsupportedCaipNetworkId ||
    !options.features.history ||
    !getService(portico, 'activity', network)
  )
    return undefined
  return { namespace, address, network, caipAddress: toCaipAddress(network.caipNetworkId, address) }
}

/** Whether the active account's first page of activity is still to be fetched. */
export function needsFirstActivityPage(portico: Portico): boolean {
  const target = getActivityTarget(portico)
  const { activity } = portico.state
  if (!target) return false
  if (activity.caipAddress !== target.caipAddress) return true
  return !activity.loaded && !activity.loading && !activity.error
}

/**
 * Loads the active account's transactions from the activity service (the site's
 * `services.activity`, or the Portico server's; SPEC §7 transactions fetch): the first page, or the
 * next one with the cursor. Only with a service that serves the network and the `history` feature;
 * a network the service refuses (`ChainNotServedError`) loses its Activity tab for the session.
 * Transactions of other networks and those whose transfers are all spam NFTs are dropped (SPEC §5).
 * A failure leaves 'Failed to fetch transactions' in `state.activity.error` (SPEC §8); a reply
 * for an older account or network is dropped.
 *
 * @example
 * await fetchActivity(portico)               // first page, then each next page
 * await fetchActivity(portico, { reset: true })
 */
export async function fetchActivity(
  portico: Portico,
  parameters: FetchActivityParameters = {},
): Promise<FetchActivityReturnType> {
  const { state, internal } = portico
  const target = getActivityTarget(portico)
  if (!target) return
  const { address, network, caipAddress } = target
  const service = getService(portico, 'activity', network)
  if (!service) return
  const refresh =
    Boolean(parameters.refresh) && state.activity.caipAddress === caipAddress && state.activity.loaded
  if (parameters.reset || state.activity.caipAddress !== caipAddress) resetActivity(portico, { caipAddress })
  else if (
    !refresh &&
    (state.activity.loading || (state.activity.loaded && state.activity.next === undefined))
  )
    return

  const request = ++internal.activityRequest
  const current = () => internal.activityRequest === request && state.activity.caipAddress === caipAddress
  state.activity.loading = true
  state.activity.error = undefined
  try {
    const answer = await service.getTransactions({
      address,
      network,
      cursor: refresh ? undefined : state.activity.next,
    })
    const page = checkAnswer(
      historyResponseCheck,
      { data: answer.data, next: answer.next ?? null },
      'activity',
    )
    if (!current()) return
    const activity = state.activity
    const shown = refresh ? [] : activity.transactions
    const known = new Set(shown.map((transaction) => transaction.id))
    const kept = page.data.filter(
      (transaction) =>
        transaction.metadata.chain === network.caipNetworkId &&
        !isAllSpam(transaction) &&
        !known.has(transaction.id),
    )
    activity.transactions = [...shown, ...kept]
    activity.next = page.next ?? undefined
    activity.loaded = true
    activity.empty = activity.transactions.length === 0 && activity.next === undefined
    // A transaction sent from the modal leaves the pending list once the server has indexed it.
    const indexed = new Set(
      activity.transactions.map((transaction) => transaction.metadata.hash.toLowerCase()),
    )
    if (activity.pending.some((pending) => indexed.has(pending.hash.toLowerCase())))
      activity.pending = activity.pending.filter((pending) => !indexed.has(pending.hash.toLowerCase()))
  } catch (error) {
    if (!current()) return
    if (isChainNotServed(portico, 'activity', network, error)) {
      // Not a failure: the network has no activity here. The reset tells the Activity tab's
      // readers, which then no longer offer it.
      resetActivity(portico)
      return
    }
    internal.logger.warn(`activity: cannot fetch ${caipAddress}`, error)
    state.activity.error = {
      message: { key: 'transactionsFailed' },
      serverUnavailable: error instanceof ServerUnavailableError,
      detail: toUserMessage(error),
    }
  } finally {
    if (internal.activityRequest === request) state.activity.loading = false
  }
}

/** SPEC §5: a transaction whose transfers are all NFTs flagged as spam is dropped. */
function isAllSpam(transaction: Transaction): boolean {
  return (
    transaction.transfers.length > 0 &&
    transaction.transfers.every((transfer) => transfer.nft_info?.flags.is_spam === true)
  )
}
