import type { Connector } from './contract.js'

/**
 * What an adapter's wallet discovery (EIP-6963, Wallet Standard and the like) offers the adapter:
 * the connectors for core, and the wallet object behind each, which never leaves the adapter.
 */
export interface WalletDiscovery<W> {
  /** Starts listening for announcements; called from the adapter's `start`. */
  start(): void
  /** Stops listening; pending waits answer at once. */
  destroy(): void
  getConnectors(): readonly Connector[]
  getWallet(connectorId: string): W | undefined
  /** Resolves with the wallet once its connector is announced, or undefined after `timeoutMs`. */
  waitForWallet(connectorId: string, timeoutMs: number): Promise<W | undefined>
}
