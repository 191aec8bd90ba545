import type { Snapshot } from 'valtio/vanilla'
import { hasApiServer } from '../api/client.js'
import type { Transaction } from '../api/schemas.js'
import type { Portico } from '../portico.js'
import { defineSelector } from '../selector.js'
import type { AccountTab, ActivityError, PendingTransaction } from '../state.js'
import { getActivityTarget } from './fetchActivity.js'

/** One row of the Activity tab, from a server transaction or a transaction sent from the modal. */
export interface ActivityItem {
  /** Unique within the list. */
  id: string
  hash: string
  /** What happened, from the account's point of view. */
  kind: 'sent' | 'received' | 'self' | 'approved' | 'minted' | 'burned' | 'executed'
  /** `pending` while waiting to be mined or indexed. */
  status: 'pending' | 'confirmed' | 'failed'
  /** Whole tokens, exact; undefined when nothing fungible moved. */
  amount: string | undefined
  symbol: string | undefined
  tokenName: string | undefined
  iconUrl: string | undefined
  /** The other party: the receiver of a send, the sender of a receipt. */
  counterparty: string | undefined
  /** Milliseconds since the epoch; when it was mined, or sent for a pending one. */
  time: number | undefined
  /** USD value at the time of the response, when known. */
  value: number | undefined
  /** More transfers than the one shown. */
  moreTransfers: number
  explorerUrl: string | undefined
  /** Set for a card purchase: who sold it and where it stands (SPEC §7 `onramp`). */
  purchase?: { provider: string; status: 'pending' | 'complete' | 'failed' }
}

export interface ActivityInfo {
  /** Whether activity can be shown: the `history` feature and an activity service that serves the network. */
  available: boolean
  /** Pending rows first, then the server's, newest first. */
  items: readonly ActivityItem[]
  loading: boolean
  /** True once the first page arrived for this account. */
  loaded: boolean
  /** Nothing at all to show: no transactions, nothing pending, no further page. */
  empty: boolean
  hasMore: boolean
  error: ActivityError | undefined
}

const OPERATION_KINDS: Record<Transaction['metadata']['operationType'], ActivityItem['kind']> = {
  send: 'sent',
  receive: 'received',
  execute: 'executed',
  mint: 'minted',
  burn: 'burned',
  approve: 'approved',
}

const activity = /* @__PURE__ */ defineSelector((portico: Portico): ActivityInfo => {
  const target = getActivityTarget(portico)
  if (!target) return EMPTY
  const { activity } = portico.state
  const adapter = portico.internal.adapters.get(target.namespace)
  const explorer = (hash: string) => adapter?.getTransactionExplorerUrl?.({ hash, network: target.network })
  const own = activity.caipAddress === target.caipAddress
  const transactions = own ? activity.transactions : []
  const indexed = new Set(transactions.map((transaction) => transaction.metadata.hash.toLowerCase()))
  const from = target.address.toLowerCase()
  const pending = activity.pending.filter(
    (entry) =>
      entry.caipNetworkId === target.network.caipNetworkId &&
      entry.from.toLowerCase() === from &&
      !indexed.has(entry.hash.toLowerCase()),
  )
  const items = [
    ...pending.map((entry) => pendingItem(entry, explorer(entry.hash))),
    ...transactions.map((transaction) => transactionItem(transaction, explorer(transaction.metadata.hash))),
  ]
  const loaded = own && activity.loaded
  const hasMore = own && activity.next !== undefined
  return {
    available: true,
    items,
    loading: own && activity.loading,
    loaded,
    empty: loaded && items.length === 0 && !hasMore,
    hasMore,
    error: own ? activity.error : undefined,
  }
})
/**
 * The Activity tab of the active account: its pending transactions on top, then the server's.
 *
 * @example
 * const { items, hasMore } = getActivity(portico)
 */
export const getActivity = activity.get
/** Calls `onChange(activity, previous)` when the Activity tab's rows or paging change; returns the unsubscribe. */
export const watchActivity = activity.watch

const EMPTY: ActivityInfo = {
  available: false,
  items: [],
  loading: false,
  loaded: false,
  empty: false,
  hasMore: false,
  error: undefined,
}

function pendingItem(entry: PendingTransaction, explorerUrl: string | undefined): ActivityItem {
  return {
    id: `pending:${entry.hash}`,
    hash: entry.hash,
    kind: entry.from.toLowerCase() === entry.to.toLowerCase() ? 'self' : 'sent',
    status: entry.status === 'pending' ? 'pending' : entry.status === 'reverted' ? 'failed' : 'confirmed',
    amount: entry.amount,
    symbol: entry.symbol,
    tokenName: undefined,
    iconUrl: undefined,
    counterparty: entry.to,
    time: entry.createdAt,
    value: undefined,
    moreTransfers: 0,
    explorerUrl,
  }
}

function transactionItem(transaction: Snapshot<Transaction>, explorerUrl: string | undefined): ActivityItem {
  const { metadata, transfers } = transaction
  const shown = transfers.find((transfer) => transfer.fungible_info) ?? transfers[0]
  const kind: ActivityItem['kind'] =
    shown?.direction === 'out'
      ? 'sent'
      : shown?.direction === 'in'
        ? 'received'
        : shown?.direction === 'self'
          ? 'self'
          : OPERATION_KINDS[metadata.operationType]
  const minedAt = Date.parse(metadata.minedAt)
  const fungible = shown?.fungible_info
  const party = kind === 'received' ? metadata.sentFrom : metadata.sentTo
  // A token transfer is a call to the token's contract: that contract is not the other party.
  const isTokenContract = Boolean(fungible?.address?.toLowerCase().endsWith(`:${party.toLowerCase()}`))
  return {
    id: transaction.id,
    hash: metadata.hash,
    kind,
    status: metadata.status === 'failed' ? 'failed' : metadata.status === 'pending' ? 'pending' : 'confirmed',
    amount: shown ? shown.quantity.numeric : undefined,
    symbol: fungible?.symbol ?? shown?.nft_info?.name,
    tokenName: fungible?.name ?? shown?.nft_info?.name,
    // An NFT transfer shows the token's picture (SPEC §3 nft_info), through <img> like every icon.
    iconUrl: fungible?.icon?.url ?? shown?.nft_info?.picture,
    counterparty: isTokenContract ? undefined : party,
    time: Number.isNaN(minedAt) ? undefined : minedAt,
    value: shown?.value,
    moreTransfers: Math.max(0, transfers.length - 1),
    explorerUrl,
    ...(metadata.onramp
      ? { purchase: { provider: metadata.sentFrom, status: metadata.onramp.status }, counterparty: undefined }
      : {}),
  }
}

/** The tabs the Account view offers and the one selected. */
export interface AccountTabsInfo {
  /** Tokens always; NFTs with a Portico server's activity on an EVM network; Activity when activity is available (SPEC §2 order). */
  tabs: readonly AccountTab[]
  current: AccountTab
}

const accountTabs = /* @__PURE__ */ defineSelector((portico: Portico): AccountTabsInfo => {
  // `activity` is read too: a network the activity service refuses loses its tab with a reset of the list.
  const { modal, chains, activity } = portico.state
  const namespace = modal.activeChain
  const selected = namespace ? chains[namespace]?.accountState.currentTab : undefined
  const target = getActivityTarget(portico)
  const served = activity !== undefined && target !== undefined
  const tabs: AccountTab[] = ['Tokens']
  // NFTs where the Portico server keeps the account's activity on an EVM network, unless it refused
  // the network's NFTs (read here, so the tab goes then). Checked inline rather than with the NFTs
  // entry's `getNftsTarget`, so a page that only connects carries no more of it than this.
  if (
    served &&
    target.namespace === 'eip155' &&
    hasApiServer(portico) &&
    !portico.state.nfts?.notServed.includes(target.network.caipNetworkId)
  )
    tabs.push('NFTs')
  if (served) tabs.push('Activity')
  return { tabs, current: selected && tabs.includes(selected) ? selected : 'Tokens' }
})
/**
 * The Account view's tabs for the active account (SPEC §2, §3 `currentTab`).
 *
 * @example
 * const { tabs, current } = getAccountTabs(portico)
 */
export const getAccountTabs = accountTabs.get
/** Calls `onChange(tabs, previous)` when the tabs offered or the one selected change; returns the unsubscribe. */
export const watchAccountTabs = accountTabs.watch
