import {
  InvalidResponseError,
  NotConnectedError,
  ProviderRequestError,
  UnrecognizedChainError,
} from '../errors/base.js'
import { parseCaipAddress } from '../network/caip.js'
import type { ChainNamespace, Network } from '../network/types.js'
import { WALLET_CONNECT_ICON } from '../walletConnect/icon.js'
import type { WalletConnect, WalletConnectEvent } from '../walletConnect/types.js'
import { WALLET_CONNECT_CONNECTOR_ID } from '../walletConnect/walletConnectConnectorId.js'
import type { AdapterContext, Connector, ConnectResult } from './contract.js'

/** The chain a namespace's WalletConnect connection is on, and the session's accounts there. */
export interface WalletConnectAccounts {
  /** The CAIP-2 reference: a configured network's id, or another chain the wallet put in the session. */
  reference: string
  /** The configured network of `reference`; undefined on a chain the site did not configure (UnsupportedChain). */
  network: Network | undefined
  /** The accounts, the active one first, as `formatAddress` writes them. */
  addresses: readonly string[]
}

/** The connector core lists for a namespace's mobile wallets (one per namespace, over one session). */
export function walletConnectConnector(namespace: ChainNamespace): Connector {
  return {
    id: WALLET_CONNECT_CONNECTOR_ID,
    name: 'WalletConnect',
    type: 'WALLET_CONNECT',
    namespace,
    installed: true,
    imageUrl: WALLET_CONNECT_ICON,
  }
}

export interface CreateWalletConnectNamespaceParameters {
  namespace: ChainNamespace
  service: WalletConnect
  context: AdapterContext
  /** The namespace's WalletConnect JSON-RPC methods, asked for in new pairings. */
  methods: readonly string[]
  /** Whether a session account's address is one of the namespace; others are skipped. */
  isAddress(address: string): boolean
  /** How the site writes an address on a chain (e.g. an SS58 prefix); default: as the wallet wrote it. */
  formatAddress?(address: string, network: Network | undefined): string
  /** Whether two addresses are the same account; default `===`. */
  sameAddress?(a: string, b: string): boolean
  /** The adapter's bounded, error-mapping call: every wallet request and the session restore go through it. */
  call<T>(
    request: string,
    run: () => Promise<T>,
    options: { timeoutMs: number; signal?: AbortSignal },
  ): Promise<T>
  /** How long a request the visitor answers on the phone may wait. */
  promptTimeoutMs: number
  /** The error for a network the session has no account on; default UnrecognizedChainError. */
  chainError?(details: string): Error
}

/** One namespace's side of the shared WalletConnect session: what its adapter's WALLET_CONNECT connector does. */
export interface WalletConnectNamespace {
  readonly connector: Connector
  /** Registers the namespace for new pairings and follows the session's events. */
  start(): void
  destroy(): void
  /** The session's accounts on `network` when it has some, else on a configured network, else on its first chain. */
  connect(network?: Network): Promise<ConnectResult>
  /** The stored session's accounts after a reload; undefined when the session is gone. */
  reconnect(timeoutMs: number, signal?: AbortSignal): Promise<ConnectResult | undefined>
  /** Ends the session, for every namespace (SPEC §4). */
  disconnect(): Promise<void>
  /** Moves among the session's chains; `chainError` for one it has no account on. */
  switchNetwork(network: Network): void
  /** Makes another of the session's accounts the active one. */
  selectAccount(address: string): void
  /** The connection, after checking `address` is still one of its accounts (when given). */
  require(address?: string): WalletConnectAccounts
  /** A wallet request on `chainId` (default: the connection's chain), bounded by `promptTimeoutMs`. */
  request(method: string, params: unknown, chainId?: string): Promise<unknown>
  /** The session's accounts of the namespace, on every chain. */
  sessionAccounts(): { reference: string; address: string }[]
}

/**
 * The WALLET_CONNECT connector's work for one namespace, over the session core pairs: reads the
 * session's CAIP-10 accounts of the namespace, keeps the connection on one of its chains (one the
 * site did not configure too, which core shows as UnsupportedChain), reports what the wallet
 * changes as adapter events, and sends requests naming the chain.
 *
 * @example
 * const wc = createWalletConnectNamespace({ namespace: 'solana', service, context, methods, isAddress, call, promptTimeoutMs })
 * const signature = await wc.request('solana_signMessage', { message, pubkey: wc.require(address).addresses[0] })
 */
export function createWalletConnectNamespace(
  parameters: CreateWalletConnectNamespaceParameters,
): WalletConnectNamespace {
  const { namespace, service, context, call, promptTimeoutMs } = parameters
  const format = parameters.formatAddress ?? ((address: string) => address)
  const same = parameters.sameAddress ?? ((a: string, b: string) => a === b)
  const chainError = parameters.chainError ?? ((details: string) => new UnrecognizedChainError({ details }))
  const connectorId = WALLET_CONNECT_CONNECTOR_ID
  let current: WalletConnectAccounts | undefined
  let unsubscribe: (() => void) | undefined

  const accountsOf = (accounts: readonly string[]) => {
    const found: { reference: string; address: string }[] = []
    for (const account of accounts) {
      const parsed = parseCaipAddress(account, namespace)
      if (parsed && parameters.isAddress(parsed.address))
        found.push({ reference: parsed.reference, address: parsed.address })
    }
    return found
  }
  const sessionAccounts = () => accountsOf(service.getSession()?.accounts ?? [])

  const onChain = (reference: string, accounts: readonly { reference: string; address: string }[]) => {
    const network = context.networks().find((candidate) => String(candidate.id) === reference)
    const addresses = accounts
      .filter((account) => account.reference === reference)
      .map((account) => format(account.address, network))
    return { reference, network, addresses: [...new Set(addresses)] }
  }

  const choose = (accounts: readonly { reference: string; address: string }[], wanted?: string) => {
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

  const toResult = ({ reference, addresses }: WalletConnectAccounts): ConnectResult => ({
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
    const accounts = accountsOf(event.accounts)
    // A change of another namespace, or of another chain while ours is still in the session.
    if (accounts.length === 0) return
    const onCurrent = accounts.some((account) => account.reference === was.reference)
    if (!onCurrent && sessionAccounts().some((account) => account.reference === was.reference)) return
    const next = choose(accounts, was.reference)
    current = next
    if (next.reference !== was.reference)
      context.emit({ type: 'chainChanged', connectorId, chainId: next.reference })
    if (next.addresses.join() !== was.addresses.join())
      context.emit({ type: 'accountsChanged', connectorId, accounts: next.addresses })
  }

  const require = (address?: string): WalletConnectAccounts => {
    if (!current) throw new NotConnectedError(namespace)
    if (address !== undefined && !current.addresses.some((candidate) => same(candidate, address)))
      throw new ProviderRequestError('The wallet no longer exposes this account.', { details: address })
    return current
  }

  return {
    connector: walletConnectConnector(namespace),

    start() {
      service.registerNamespace(namespace, {
        chains: context.networks().map((network) => network.caipNetworkId),
        methods: parameters.methods,
        events: [],
      })
      unsubscribe ??= service.subscribe(onEvent)
    },

    destroy() {
      unsubscribe?.()
      unsubscribe = undefined
      current = undefined
    },

    async connect(network) {
      // The pairing happens in the modal before this is asked; without a session there is none.
      if (!service.getSession()) throw new NotConnectedError(namespace)
      const accounts = sessionAccounts()
      if (accounts.length === 0)
        throw new InvalidResponseError('account list', {
          details: `The WalletConnect session has no ${namespace}: account.`,
        })
      current = choose(accounts, network === undefined ? undefined : String(network.id))
      return toResult(current)
    },

    async reconnect(timeoutMs, signal) {
      if (!service.getSession())
        await call('WalletConnect session restore', () => service.reconnect(), {
          timeoutMs,
          ...(signal ? { signal } : {}),
        })
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

    switchNetwork(network) {
      const was = require()
      const accounts = sessionAccounts()
      const next = onChain(String(network.id), accounts)
      // Requests name their chain, so moving among the session's chains is local; a chain outside
      // the session would need a new pairing.
      if (next.addresses.length === 0) {
        const approved = [...new Set(accounts.map((account) => `${namespace}:${account.reference}`))]
        throw chainError(
          `The WalletConnect session has no account on ${network.caipNetworkId} (${network.name}); it approved ${approved.join(', ') || 'none'}.`,
        )
      }
      current = next
      context.emit({ type: 'chainChanged', connectorId, chainId: network.id })
      if (next.addresses.join() !== was.addresses.join())
        context.emit({ type: 'accountsChanged', connectorId, accounts: next.addresses })
    },

    selectAccount(address) {
      const was = require(address)
      const picked = was.addresses.find((candidate) => same(candidate, address))!
      if (picked === was.addresses[0]) return
      const addresses = [picked, ...was.addresses.filter((candidate) => candidate !== picked)]
      current = { ...was, addresses }
      context.emit({ type: 'accountsChanged', connectorId, accounts: addresses })
    },

    require,

    request(method, params, chainId = `${namespace}:${require().reference}`) {
      return call(method, () => service.request({ chainId, method, params }), { timeoutMs: promptTimeoutMs })
    },

    sessionAccounts,
  }
}
