import type { TokenBalance } from '../api/schemas.js'
import type { Network } from '../network/types.js'

export type GetPortfolioParameters = {
  /** The account's address as its namespace writes it (`0x…`, base58, …). */
  address: string
  network: Network
}

/**
 * Where token balances with prices come from (ARCHITECTURE "Services"). Portico's default reads
 * the Portico server's portfolio (`apiUrl` + `projectId`); a site can pass its own as
 * `services.portfolio` to `createPortico`. Without either, the wallet's adapter supplies the
 * native balance and, when it can read them, its token balances (price 0).
 *
 * @example
 * const portfolio: PortfolioService = {
 *   supports: (network) => network.namespace === 'eip155',
 *   getBalances: async ({ address, network }) => (await myApi.balances(address, network.caipNetworkId)).items,
 * }
 * createPortico({ networks, adapters, services: { portfolio } })
 */
export interface PortfolioService {
  /**
   * Whether it keeps balances for this network, so a site can say up front which networks it
   * serves; all of them when omitted. Asked on every read of the balances: keep it cheap. A network
   * it does not serve shows the adapter's balances, as without a service.
   */
  supports?(network: Network): boolean
  /**
   * The account's balances on `network` (SPEC §3 token balance), native token without `address`.
   * Checked against the server contract before use: a malformed answer counts as a failure
   * ('Token Balance Unavailable', 30 s retry guard). Throw `ChainNotServedError` for a network
   * learned not to be served: Portico then asks this service nothing more about it for the rest of
   * the session and shows the adapter's balances instead.
   */
  getBalances(parameters: GetPortfolioParameters): Promise<readonly TokenBalance[]>
}
