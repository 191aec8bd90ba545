import {
  type AdapterContext,
  type ConnectResult,
  InvalidResponseError,
  type Network,
  UnrecognizedChainError,
  type WalletConnect,
} from '@portico/core'
import { createWalletConnectNamespace } from '@portico/core/adapter-kit'
import type { callExtension } from './callExtension.js'
import type { PolkadotSigner } from './chainCapabilities.js'
import type * as Networks from './networks.js'
import type * as Ss58 from './ss58.js'
import { WALLET_CONNECT_POLKADOT_METHODS } from './walletConnectMethods.js'

const HEX_SIGNATURE = /^0x(?:[0-9a-fA-F]{2}){64,66}$/

export interface WalletConnectConnection {
  start(): void
  destroy(): void
  connect(network: Network): Promise<ConnectResult>
  reconnect(timeoutMs: number, signal?: AbortSignal): Promise<ConnectResult | undefined>
  disconnect(): Promise<void>
  switchNetwork(network: Network): Promise<void>
  signMessage(address: string, message: string): Promise<string>
  selectAccount(address: string): void
  getSigner(address: string): PolkadotSigner
}

/**
 * The adapter's WALLET_CONNECT connector over the shared WalletConnect session (the kit's
 * namespace connection): addresses written with the network's SS58 prefix, `polkadot_signMessage`
 * and `polkadot_signTransaction` for the current network.
 */
export function createWalletConnectConnection(parameters: {
  service: WalletConnect
  context: AdapterContext
  promptTimeoutMs: number
  /** The entry's bounded, error-mapping call and SS58 helpers (passed in so this lazy module shares no chunk with it). */
  call: typeof callExtension
  ss58: Pick<typeof Ss58, 'decodeSs58' | 'encodeSs58' | 'sameAccount'>
  getSs58Prefix: typeof Networks.getSs58Prefix
}): WalletConnectConnection {
  const { getSs58Prefix } = parameters
  const { decodeSs58, encodeSs58, sameAccount } = parameters.ss58
  const session = createWalletConnectNamespace({
    namespace: 'polkadot',
    service: parameters.service,
    context: parameters.context,
    methods: WALLET_CONNECT_POLKADOT_METHODS,
    isAddress: (address) => decodeSs58(address) !== undefined,
    // A chain the site did not configure has no prefix to write in: the wallet's spelling stays.
    formatAddress: (address, network) =>
      network ? encodeSs58(decodeSs58(address)!.accountId, getSs58Prefix(network)) : address,
    sameAddress: sameAccount,
    call: parameters.call,
    promptTimeoutMs: parameters.promptTimeoutMs,
  })

  const checkSignature = (result: unknown): string => {
    const signature = (result as { signature?: unknown } | null)?.signature
    if (typeof signature !== 'string' || !HEX_SIGNATURE.test(signature))
      throw new InvalidResponseError('signature')
    return signature.toLowerCase()
  }

  return {
    // The adapter's entry registers the namespace at start, before this module loads; registering
    // again here changes nothing.
    start: () => session.start(),
    destroy: () => session.destroy(),
    connect: (network) => session.connect(network),
    reconnect: (timeoutMs, signal) => session.reconnect(timeoutMs, signal),
    disconnect: () => session.disconnect(),
    switchNetwork: async (network) => session.switchNetwork(network),
    selectAccount: (address) => session.selectAccount(address),

    async signMessage(address, message) {
      session.require(address)
      return checkSignature(await session.request('polkadot_signMessage', { address, message }))
    },

    getSigner(address) {
      // Sends are for the site's networks; the wallet sits on another one until it moves.
      if (!session.require(address).network)
        throw new UnrecognizedChainError({
          details: 'The WalletConnect wallet is on a Polkadot network this site does not list.',
        })
      return {
        address,
        signPayload: async (payload) => ({
          id: 0,
          signature: checkSignature(
            await session.request('polkadot_signTransaction', { address, transactionPayload: payload }),
          ),
        }),
      }
    },
  }
}
