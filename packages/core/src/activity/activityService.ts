import type { Transaction } from '../api/schemas.js'
import type { Network } from '../network/types.js'

export type GetTransactionsParameters = {
  /** The account's address as its namespace writes it (`0x…`, base58, …). */
  address: string
  network: Network
  /** The `next` of the previous page; undefined for the first page. */
  cursor: string | undefined
}

/** One page of an account's transactions, newest first. */
export interface TransactionsPage {
  data: readonly Transaction[]
  /** Passed back as `cursor` for the next page; null (or undefined) on the last page. */
  next?: string | null | undefined
}

/**
 * Where the Account view's Activity tab gets transactions from (ARCHITECTURE "Services").
 * Portico's default reads the Portico server's history (`apiUrl` + `projectId`); a site can pass
 * its own as `services.activity` to `createPortico`. Without either, there is no Activity tab.
 *
 * @example
 * const activity: ActivityService = {
 *   supports: (network) => network.namespace === 'eip155',
 *   getTransactions: ({ address, network, cursor }) => myApi.history(address, network.caipNetworkId, cursor),
 * }
 * createPortico({ networks, adapters, services: { activity } })
 */
export interface ActivityService {
  /**
   * Whether it keeps transactions for this network; all of them when omitted. Asked on every read
   * of the Account view's tabs: keep it cheap. A network it does not serve has no Activity tab.
   */
  supports?(network: Network): boolean
  /**
   * One page of the account's transactions on `network` (SPEC §7 transactions fetch). Checked
   * against the server contract before use; a failure or a malformed answer shows 'Failed to
   * fetch transactions'. Throw `ChainNotServedError` for a network learned not to be served: the
   * Activity tab is then no longer offered for it during the session.
   */
  getTransactions(parameters: GetTransactionsParameters): Promise<TransactionsPage>
}
