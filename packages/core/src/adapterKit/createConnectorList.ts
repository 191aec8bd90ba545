import type { AdapterContext, Connector } from './contract.js'
import type { WalletDiscovery } from './WalletDiscovery.js'

/** An adapter's connectors: its own (fixed) wallets, what its discovery found, then its WALLET_CONNECT connector. */
export interface ConnectorList<W> {
  /** Starts the discovery (in a browser, once); false when it did not start now. */
  start(): boolean
  destroy(): void
  getConnectors(): readonly Connector[]
  getWallet(connectorId: string): W | undefined
  /** The wallet once its connector shows up, or undefined after `timeoutMs` (or at once before start). */
  waitForWallet(connectorId: string, timeoutMs: number): Promise<W | undefined>
}

/**
 * The glue between an adapter's wallet discovery and core: starts it with the adapter (in a
 * browser only), reports each change of the list as a `connectors` event, and puts the mobile
 * wallets' connector last while started.
 *
 * @example
 * const list = createConnectorList({
 *   context,
 *   walletConnect: options.walletConnect && walletConnectConnector('solana'),
 *   discover: (onChange) => window && createDiscovery({ window, logger, onChange }),
 * })
 */
export function createConnectorList<W>(parameters: {
  context: AdapterContext
  /** The WALLET_CONNECT connector, for an adapter configured with WalletConnect. */
  walletConnect?: Connector | undefined
  /**
   * Wallets the adapter holds itself rather than discovers (the e-mail wallet's AUTH connector),
   * listed first while started.
   */
  fixed?: readonly { connector: Connector; wallet: W }[]
  /** Makes the discovery (not started); undefined where there is no page to discover in. */
  discover(onChange: (connectors: readonly Connector[]) => void): WalletDiscovery<W> | undefined
}): ConnectorList<W> {
  const { context, walletConnect } = parameters
  let discovery: WalletDiscovery<W> | undefined
  let started = false
  const fixed = parameters.fixed ?? []
  const withWalletConnect = (connectors: readonly Connector[]): readonly Connector[] =>
    started
      ? [...fixed.map((entry) => entry.connector), ...connectors, ...(walletConnect ? [walletConnect] : [])]
      : connectors
  const getFixed = (connectorId: string) => fixed.find((entry) => entry.connector.id === connectorId)?.wallet

  return {
    start() {
      if (!context.isBrowser || started) return false
      started = true
      discovery = parameters.discover((connectors) =>
        context.emit({ type: 'connectors', connectors: withWalletConnect(connectors) }),
      )
      discovery?.start()
      return true
    },
    destroy() {
      discovery?.destroy()
      discovery = undefined
      started = false
    },
    getConnectors: () => withWalletConnect(discovery?.getConnectors() ?? []),
    getWallet: (connectorId) =>
      started ? (getFixed(connectorId) ?? discovery?.getWallet(connectorId)) : undefined,
    waitForWallet: async (connectorId, timeoutMs) =>
      (started ? getFixed(connectorId) : undefined) ?? discovery?.waitForWallet(connectorId, timeoutMs),
  }
}
