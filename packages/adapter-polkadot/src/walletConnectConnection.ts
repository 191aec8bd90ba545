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

interface Current {
  /** The CAIP-2 reference of the chain: a configured network's id, or another chain of the session's. */
  reference: string
  network: Network | undefined
  addresses: string[]
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
  /** The chain the connection is on (`network` when the site configured it) and its accounts. */
  let current: Current | undefined
  let unsubscribe: (() => void) | undefined

  const sessionAccounts = () => polkadotAccountsOf(service.getSession()?.accounts ?? [], decodeSs58)
  const configuredNetwork = (reference: string) =>
    context.networks().find((network) => String(network.id) === reference)

  /**
   * The session's accounts on the chain `reference`: written with the network's prefix when the
   * site configured it, else as the wallet wrote them (there is no prefix to write them in).
   */
  const onChain = (reference: string, accounts: readonly SessionAccount[] = sessionAccounts()): Current => {
    const network = configuredNetwork(reference)
    const prefix = network && getSs58Prefix(network)
    const addresses = accounts
      .filter((account) => account.reference === reference)
      .map((account) =>
        prefix === undefined ? account.address : encodeSs58(decodeSs58(account.address)!.accountId, prefix),
      )
    return { reference, network, addresses: [...new Set(addresses)] }
  }

  /**
   * The chain to be on: `wanted` when the session has accounts there, else the first configured
   * network it has, else the session's first chain — a network the site did not configure, which
   * core shows as UnsupportedChain (SPEC §4) rather than refusing the wallet.
   */
  const choose = (accounts: readonly SessionAccount[], wanted: string | undefined): Current => {
    const has = (reference: string) => accounts.some((account) => account.reference === reference)
    const reference =
      (wanted !== undefined && has(wanted) ? wanted : undefined) ??
      context
        .networks()
        .map((network) => String(network.id))
        .find(has) ??
      accounts[0]!.reference
    return onChain(reference, accounts)
  }

  const toResult = ({ reference, addresses }: Current): ConnectResult => ({
    address: addresses[0]!,
    accounts: addresses,
    chainId: reference,
  })

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
    // An update of another namespace only.
    if (accounts.length === 0) return
    // The wallet may move the session to another chain (one the site did not configure, too).
    const next = choose(accounts, was.reference)
    current = next
    if (next.reference !== was.reference)
      context.emit({ type: 'chainChanged', connectorId, chainId: next.reference })
    if (next.addresses.join() !== was.addresses.join())
      context.emit({ type: 'accountsChanged', connectorId, accounts: next.addresses })
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
      current = choose(accounts, String(network.id))
      return toResult(current)
    },

    async reconnect(timeoutMs, signal) {
      if (!service.getSession())
        await call('WalletConnect session restore', () => service.reconnect(), { timeoutMs })
      const accounts = sessionAccounts()
      if (accounts.length === 0) return undefined
      signal?.throwIfAborted()
      current = choose(accounts, current?.reference)
      return toResult(current)
    },

    async disconnect() {
      current = undefined
      // SPEC §4: the session is the wallet's link to every namespace; ending it disconnects them all.
      await service.disconnect()
    },

    async switchNetwork(network) {
      const was = requireCurrent()
      const accounts = sessionAccounts()
      const next = onChain(String(network.id), accounts)
      // Requests name their chain, so moving among the session's chains is local; a chain outside
      // the session would need a new pairing.
      if (next.addresses.length === 0) {
        const approved = [...new Set(accounts.map((account) => `polkadot:${account.reference}`))]
        throw new UnrecognizedChainError({
          details: `The WalletConnect session has no Polkadot account on ${network.caipNetworkId} (${network.name}); it approved ${approved.join(', ') || 'none'}.`,
        })
      }
      current = next
      context.emit({ type: 'chainChanged', connectorId, chainId: network.id })
      if (next.addresses.join() !== was.addresses.join())
        context.emit({ type: 'accountsChanged', connectorId, accounts: next.addresses })
    },

    selectAccount(address) {
      const was = requireCurrent()
      const { addresses } = was
      const picked = addresses.find((candidate) => sameAccount(candidate, address))
      if (!picked)
        throw new ProviderRequestError('The wallet no longer exposes this account.', { details: address })
      const next = [picked, ...addresses.filter((candidate) => candidate !== picked)]
      current = { ...was, addresses: next }
      context.emit({ type: 'accountsChanged', connectorId, accounts: next })
    },

    async signMessage(address, message) {
      const { reference, addresses } = requireCurrent()
      if (!addresses.some((candidate) => sameAccount(candidate, address)))
        throw new ProviderRequestError('The wallet no longer exposes this account.', { details: address })
      return checkSignature(
        await request(`polkadot:${reference}`, 'polkadot_signMessage', { address, message }),
      )
    },

    getSigner(address) {
      const { network, addresses } = requireCurrent()
      // Sends are for the site's networks; the wallet sits on another one until it moves.
      if (!network)
        throw new UnrecognizedChainError({
          details: 'The WalletConnect wallet is on a Polkadot network this site does not list.',
        })
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
