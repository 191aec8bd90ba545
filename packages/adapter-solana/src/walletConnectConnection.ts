import {
  type AdapterContext,
  type Connector,
  type ConnectResult,
  type Network,
  ProviderRequestError,
  type WalletConnect,
} from '@portico/core'
import { createWalletConnectNamespace, encodeBase58 } from '@portico/core/adapter-kit'
import { checkBase58Signature } from './checkBase58Signature.js'
import { SolanaChainNotSupportedError } from './errors.js'
import { isSolanaAddress } from './isSolanaAddress.js'
import { callWallet } from './mapWalletError.js'
import type { SolanaSender } from './rpcCapabilities.js'

/** What the adapter asks a WalletConnect wallet for on Solana (WalletConnect's Solana JSON-RPC methods). */
export const WALLET_CONNECT_SOLANA_METHODS = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
  'solana_signAllTransactions',
] as const

export interface WalletConnectConnection {
  connector: Connector
  /** Registers the namespace and follows the session's events. */
  start(): void
  destroy(): void
  connect(network: Network | undefined): Promise<ConnectResult>
  /** The stored session's Solana accounts; undefined when the session is gone, a rejection when it does not answer. */
  reconnect(timeoutMs: number, signal?: AbortSignal): Promise<ConnectResult | undefined>
  disconnect(): Promise<void>
  switchNetwork(network: Network): void
  signMessage(address: string, message: string): Promise<string>
  /** The sender sends use, while connected; NotConnectedError otherwise. */
  getSender(): SolanaSender
}

/**
 * The adapter's WALLET_CONNECT connector over the shared WalletConnect session (the kit's
 * namespace connection): `solana:` accounts, `solana_signMessage`, and a sender that names the
 * send's cluster.
 */
export function createWalletConnectConnection(parameters: {
  service: WalletConnect
  context: AdapterContext
  promptTimeoutMs: number
}): WalletConnectConnection {
  const { service } = parameters
  const session = createWalletConnectNamespace({
    namespace: 'solana',
    service,
    context: parameters.context,
    methods: WALLET_CONNECT_SOLANA_METHODS,
    isAddress: isSolanaAddress,
    call: callWallet,
    promptTimeoutMs: parameters.promptTimeoutMs,
    chainError: (details) => new SolanaChainNotSupportedError({ details }),
  })

  return {
    connector: session.connector,
    start: () => session.start(),
    destroy: () => session.destroy(),
    connect: (network) => session.connect(network),
    reconnect: (timeoutMs, signal) => session.reconnect(timeoutMs, signal),
    disconnect: () => session.disconnect(),
    switchNetwork: (network) => session.switchNetwork(network),

    async signMessage(address, message) {
      session.require(address)
      const bytes = new TextEncoder().encode(message)
      const result = await session.request('solana_signMessage', {
        message: encodeBase58(bytes),
        pubkey: address,
      })
      return checkBase58Signature((result as { signature?: unknown } | null)?.signature, 'signature')
    },

    getSender() {
      session.require()
      return {
        type: 'walletConnect',
        name: service.getSession()?.peer.name ?? 'WalletConnect',
        checkAccount(network, address) {
          const onChain = session
            .sessionAccounts()
            .filter((account) => account.reference === String(network.id))
          if (onChain.length === 0)
            throw new SolanaChainNotSupportedError({
              details: `The WalletConnect session has no Solana account on ${network.caipNetworkId} (${network.name}).`,
            })
          if (!onChain.some((account) => account.address === address))
            throw new ProviderRequestError('The wallet no longer exposes this account.', { details: address })
        },
        request: (network, method, params) => session.request(method, params, network.caipNetworkId),
      }
    },
  }
}
