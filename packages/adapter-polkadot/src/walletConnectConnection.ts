import {
  type AdapterContext,
  type ConnectResult,
  InvalidResponseError,
  type Network,
  NotConnectedError,
  ProviderRequestError,
  parseCaipAddress,
  UnrecognizedChainError,
  WALLET_CONNECT_CONNECTOR_ID,
  type WalletConnect,
  type WalletConnectEvent,
} from '@portico/core'
import type { callExtension } from './callExtension.js'
import type { PolkadotSigner } from './chainCapabilities.js'
import type * as Networks from './networks.js'
import type * as Ss58 from './ss58.js'

const HEX_SIGNATURE = /^0x(?:[0-9a-fA-F]{2}){64,66}$/

interface SessionAccount {
  /** The CAIP-2 reference: the first 32 hex characters of the genesis hash, the network's id. */
  reference: string
  address: string
}

function polkadotAccountsOf(
  accounts: readonly string[],
  decodeSs58: typeof Ss58.decodeSs58,
): SessionAccount[] {
  const found: SessionAccount[] = []
  for (const account of accounts) {
    const parsed = parseCaipAddress(account, 'polkadot')
    if (parsed && decodeSs58(parsed.address))
      found.push({ reference: parsed.reference, address: parsed.address })
  }
  return found
}

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
 * The adapter's WALLET_CONNECT connector over the shared WalletConnect session: pairing is core's,
 * this reads the session's `polkadot:` accounts and sends `polkadot_signMessage` and
 * `polkadot_signTransaction` for the current network.
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
  const { service, context, promptTimeoutMs, call, getSs58Prefix } = parameters
  const { decodeSs58, encodeSs58, sameAccount } = parameters.ss58
  const connectorId = WALLET_CONNECT_CONNECTOR_ID
  let current: { network: Network; addresses: string[] } | undefined
  let unsubscribe: (() => void) | undefined

  const sessionAccounts = () => polkadotAccountsOf(service.getSession()?.accounts ?? [], decodeSs58)

  /** The session's accounts on `network`, written with its prefix. */
  const addressesOn = (network: Network, accounts = sessionAccounts()): string[] => {
    const prefix = getSs58Prefix(network)
    const onChain = accounts.filter((account) => account.reference === String(network.id))
    return [...new Set(onChain.map((account) => encodeSs58(decodeSs58(account.address)!.accountId, prefix)))]
  }

  const open = (network: Network): ConnectResult => {
    const addresses = addressesOn(network)
    if (addresses.length === 0)
      throw new UnrecognizedChainError({
        details: `The WalletConnect session has no Polkadot account on ${network.caipNetworkId} (${network.name}).`,
      })
    current = { network, addresses }
    return { address: addresses[0]!, accounts: addresses, chainId: network.id }
  }

  const onEvent = (event: WalletConnectEvent) => {
    const was = current
    if (!was) return
    if (event.type === 'disconnect') {
      current = undefined
      context.emit({ type: 'disconnect', connectorId })
      return
    }
    if (event.type !== 'accountsChanged') return
    const accounts = polkadotAccountsOf(event.accounts, decodeSs58)
    if (accounts.length === 0) return
    const addresses = addressesOn(was.network, accounts)
    if (addresses.length === 0 || addresses.join() === was.addresses.join()) return
    current = { network: was.network, addresses }
    context.emit({ type: 'accountsChanged', connectorId, accounts: addresses })
  }

  const requireCurrent = () => {
    if (!current) throw new NotConnectedError('polkadot')
    return current
  }

  const request = (chainId: string, method: string, params: unknown) =>
    call(method, () => service.request({ chainId, method, params }), { timeoutMs: promptTimeoutMs })

  const checkSignature = (result: unknown): string => {
    const signature = (result as { signature?: unknown } | null)?.signature
    if (typeof signature !== 'string' || !HEX_SIGNATURE.test(signature))
      throw new InvalidResponseError('signature')
    return signature.toLowerCase()
  }

  return {
    // The adapter's entry registers the namespace; this follows the session's events.
    start() {
      unsubscribe ??= service.subscribe(onEvent)
    },

    destroy() {
      unsubscribe?.()
      unsubscribe = undefined
      current = undefined
    },

    async connect(network) {
      if (!service.getSession()) throw new NotConnectedError('polkadot')
      const accounts = sessionAccounts()
      if (accounts.length === 0)
        throw new InvalidResponseError('account list', {
          details: 'The WalletConnect session has no Polkadot account.',
        })
      const configured = context.networks()
      // The asked network when the session has it, else the first configured one it has.
      const chosen = accounts.some((account) => account.reference === String(network.id))
        ? network
        : configured.find((candidate) =>
            accounts.some((account) => account.reference === String(candidate.id)),
          )
      return open(chosen ?? network)
    },

    async reconnect(timeoutMs, signal) {
      if (!service.getSession())
        await call('WalletConnect session restore', () => service.reconnect(), { timeoutMs })
      const accounts = sessionAccounts()
      if (accounts.length === 0) return undefined
      signal?.throwIfAborted()
      const network =
        current?.network ??
        context
          .networks()
          .find((candidate) => accounts.some((account) => account.reference === String(candidate.id)))
      if (!network) return undefined
      return open(network)
    },

    async disconnect() {
      current = undefined
      // SPEC §4: the session is the wallet's link to every namespace; ending it disconnects them all.
      await service.disconnect()
    },

    async switchNetwork(network) {
      const was = requireCurrent()
      const next = open(network)
      context.emit({ type: 'chainChanged', connectorId, chainId: network.id })
      if (next.accounts.join() !== was.addresses.join())
        context.emit({ type: 'accountsChanged', connectorId, accounts: next.accounts })
    },

    selectAccount(address) {
      const { network, addresses } = requireCurrent()
      const picked = addresses.find((candidate) => sameAccount(candidate, address))
      if (!picked)
        throw new ProviderRequestError('The wallet no longer exposes this account.', { details: address })
      const next = [picked, ...addresses.filter((candidate) => candidate !== picked)]
      current = { network, addresses: next }
      context.emit({ type: 'accountsChanged', connectorId, accounts: next })
    },

    async signMessage(address, message) {
      const { network, addresses } = requireCurrent()
      if (!addresses.some((candidate) => sameAccount(candidate, address)))
        throw new ProviderRequestError('The wallet no longer exposes this account.', { details: address })
      return checkSignature(
        await request(network.caipNetworkId, 'polkadot_signMessage', { address, message }),
      )
    },

    getSigner(address) {
      const { network, addresses } = requireCurrent()
      if (!addresses.some((candidate) => sameAccount(candidate, address)))
        throw new ProviderRequestError('The wallet no longer exposes this account.', { details: address })
      return {
        address,
        signPayload: async (payload) => ({
          id: 0,
          signature: checkSignature(
            await request(network.caipNetworkId, 'polkadot_signTransaction', {
              address,
              transactionPayload: payload,
            }),
          ),
        }),
      }
    },
  }
}
