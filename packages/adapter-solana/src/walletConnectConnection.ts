import {
  type AdapterContext,
  type Connector,
  type ConnectResult,
  InvalidResponseError,
  type Network,
  NotConnectedError,
  ProviderRequestError,
  parseCaipAddress,
  WALLET_CONNECT_CONNECTOR_ID,
  WALLET_CONNECT_ICON,
  type WalletConnect,
  type WalletConnectEvent,
} from '@portico/core'
import { encodeBase58 } from '@portico/core/adapter-kit'
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

interface SessionAccount {
  /** The CAIP-2 reference: the cluster's genesis hash prefix, which is the network's id. */
  reference: string
  address: string
}

/** The Solana accounts of CAIP-10 ids, in order; anything else (other namespaces, bad addresses) is skipped. */
function solanaAccountsOf(accounts: readonly string[]): SessionAccount[] {
  const found: SessionAccount[] = []
  for (const account of accounts) {
    const parsed = parseCaipAddress(account, 'solana')
    if (parsed && isSolanaAddress(parsed.address))
      found.push({ reference: parsed.reference, address: parsed.address })
  }
  return found
}

interface Current {
  reference: string
  addresses: readonly string[]
}

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
 * The adapter's WALLET_CONNECT connector over the shared WalletConnect session: pairing is core's,
 * this reads the session's `solana:` accounts, keeps the network among the session's chains and
 * sends requests for it through the service.
 */
export function createWalletConnectConnection(parameters: {
  service: WalletConnect
  context: AdapterContext
  promptTimeoutMs: number
}): WalletConnectConnection {
  const { service, context, promptTimeoutMs } = parameters
  const connectorId = WALLET_CONNECT_CONNECTOR_ID
  let current: Current | undefined
  let unsubscribe: (() => void) | undefined

  const sessionAccounts = () => solanaAccountsOf(service.getSession()?.accounts ?? [])

  /** The requested network when the session has accounts on it, else one the site configured, else the first. */
  const choose = (accounts: readonly SessionAccount[], wanted: string | undefined): Current => {
    const configured = new Set(context.networks().map((network) => String(network.id)))
    const reference =
      (wanted !== undefined && accounts.some((account) => account.reference === wanted)
        ? wanted
        : undefined) ??
      accounts.find((account) => configured.has(account.reference))?.reference ??
      accounts[0]!.reference
    const addresses = [
      ...new Set(
        accounts.filter((account) => account.reference === reference).map((account) => account.address),
      ),
    ]
    return { reference, addresses }
  }

  const toResult = ({ reference, addresses }: Current): ConnectResult => ({
    address: addresses[0]!,
    accounts: addresses,
    chainId: reference,
  })

  const sameList = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && a.every((value, index) => value === b[index])

  const onEvent = (event: WalletConnectEvent) => {
    const was = current
    if (!was) return
    if (event.type === 'disconnect') {
      current = undefined
      context.emit({ type: 'disconnect', connectorId })
      return
    }
    if (event.type !== 'accountsChanged') return
    const accounts = solanaAccountsOf(event.accounts)
    // An eip155-only change, or one for another Solana chain while ours is still in the session.
    if (accounts.length === 0) return
    const onCurrent = accounts.some((account) => account.reference === was.reference)
    if (!onCurrent && sessionAccounts().some((account) => account.reference === was.reference)) return
    const next = choose(accounts, was.reference)
    current = next
    if (next.reference !== was.reference)
      context.emit({ type: 'chainChanged', connectorId, chainId: next.reference })
    if (!sameList(next.addresses, was.addresses))
      context.emit({ type: 'accountsChanged', connectorId, accounts: next.addresses })
  }

  const requireCurrent = () => {
    if (!current) throw new NotConnectedError('solana')
    return current
  }

  const request = (chainId: string, method: string, params: unknown) =>
    callWallet(method, () => service.request({ chainId, method, params }), { timeoutMs: promptTimeoutMs })

  return {
    connector: {
      id: connectorId,
      name: 'WalletConnect',
      type: 'WALLET_CONNECT',
      namespace: 'solana',
      installed: true,
      imageUrl: WALLET_CONNECT_ICON,
    },

    start() {
      service.registerNamespace('solana', {
        chains: context.networks().map((network) => network.caipNetworkId),
        methods: WALLET_CONNECT_SOLANA_METHODS,
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
      if (!service.getSession()) throw new NotConnectedError('solana')
      const accounts = sessionAccounts()
      if (accounts.length === 0)
        throw new InvalidResponseError('account list', {
          details: 'The WalletConnect session has no Solana account.',
        })
      current = choose(accounts, network === undefined ? undefined : String(network.id))
      return toResult(current)
    },

    async reconnect(timeoutMs, signal) {
      if (!service.getSession())
        await callWallet('WalletConnect session restore', () => service.reconnect(), { timeoutMs })
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
      const was = requireCurrent()
      const reference = String(network.id)
      const accounts = sessionAccounts()
      const onChain = accounts.filter((account) => account.reference === reference)
      // Requests name their chain, so moving among the session's chains is local; a chain outside the
      // session would need a new pairing.
      if (onChain.length === 0) {
        const approved = [...new Set(accounts.map((account) => `solana:${account.reference}`))]
        throw new SolanaChainNotSupportedError({
          details: `The WalletConnect session has no Solana account on ${network.caipNetworkId} (${network.name}); it approved ${approved.join(', ') || 'none'}.`,
        })
      }
      const next = choose(onChain, reference)
      current = next
      context.emit({ type: 'chainChanged', connectorId, chainId: network.id })
      if (!sameList(next.addresses, was.addresses))
        context.emit({ type: 'accountsChanged', connectorId, accounts: next.addresses })
    },

    async signMessage(address, message) {
      const { reference, addresses } = requireCurrent()
      if (!addresses.includes(address))
        throw new ProviderRequestError('The wallet no longer exposes this account.', { details: address })
      const bytes = new TextEncoder().encode(message)
      const result = await request(`solana:${reference}`, 'solana_signMessage', {
        message: encodeBase58(bytes),
        pubkey: address,
      })
      return checkBase58Signature((result as { signature?: unknown } | null)?.signature, 'signature')
    },

    getSender() {
      requireCurrent()
      return {
        type: 'walletConnect',
        name: service.getSession()?.peer.name ?? 'WalletConnect',
        checkAccount(network, address) {
          const onChain = sessionAccounts().filter((account) => account.reference === String(network.id))
          if (onChain.length === 0)
            throw new SolanaChainNotSupportedError({
              details: `The WalletConnect session has no Solana account on ${network.caipNetworkId} (${network.name}).`,
            })
          if (!onChain.some((account) => account.address === address))
            throw new ProviderRequestError('The wallet no longer exposes this account.', { details: address })
        },
        request: (network, method, params) => request(network.caipNetworkId, method, params),
      }
    },
  }
}
