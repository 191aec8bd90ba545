import {
  type Adapter,
  type AdapterContext,
  BaseError,
  type ConnectResult,
  InvalidResponseError,
  type Network,
  ProviderRequestError,
  UserRejectedRequestError,
  WALLET_CONNECT_CONNECTOR_ID,
  type WalletConnect,
} from '@portico/core'
import {
  createConnections,
  createConnectorList,
  createLazyImport,
  findWallet,
  walletConnectConnector,
} from '@portico/core/adapter-kit'
import { callExtension } from './callExtension.js'
import type { ChainCapabilities, PolkadotBalance, PolkadotSigner } from './chainCapabilities.js'
import { createDiscovery } from './createDiscovery.js'
import {
  PolkadotAdapterLoadError,
  PolkadotChainMismatchError,
  PolkadotDispatchError,
  PolkadotSendFailedError,
  PolkadotSendValidationError,
} from './errors.js'
import {
  type Injected,
  type InjectedAccount,
  type InjectedExtension,
  type InjectedWindow,
  isInjected,
} from './injectedWeb3.js'
import { getExplorerUrl, getSs58Prefix } from './networks.js'
import { checkSs58Address, decodeSs58, encodeSs58, sameAccount } from './ss58.js'
import type { WalletConnectConnection } from './walletConnectConnection.js'
import { WALLET_CONNECT_POLKADOT_METHODS } from './walletConnectMethods.js'

export interface PolkadotAdapterOptions {
  /** The name extensions show the visitor when the site asks for access. Default: the page's title. */
  appName?: string
  /** How long a request the visitor must answer (connect, sign, send) may wait. Default 4 min. */
  promptTimeoutMs?: number
  /** How long a node request (connecting to the RPC, a query) may take. Default 10 s. */
  requestTimeoutMs?: number
  /** How long a send waits for its block (InBlock or Finalized) before it answers the hash anyway. Default 60 s. */
  inclusionTimeoutMs?: number
  /**
   * Mobile wallets over WalletConnect (`polkadot_signMessage`, `polkadot_signTransaction`), as the
   * WALLET_CONNECT connector; the same object goes to `createPortico({ walletConnect })`.
   */
  walletConnect?: WalletConnect
  /**
   * Names and pictures for extensions the adapter does not know, by their `injectedWeb3` key (the
   * protocol carries neither). Use the name the wallet has in EVM and Solana, so it is one row.
   * @example { 'my-wallet': { name: 'My Wallet', imageUrl: 'data:image/svg+xml,…' } }
   */
  extensions?: Readonly<Record<string, { name: string; imageUrl?: string }>>
  /** Where `injectedWeb3` is read instead of `window`: for tests without a DOM. */
  window?: InjectedWindow
}

/** The Polkadot adapter: core's contract, with balances that also say what is reserved. */
export type PolkadotAdapter = Omit<Adapter, 'namespace' | 'getBalance' | 'send' | 'selectAccount'> & {
  selectAccount: NonNullable<Adapter['selectAccount']>
  namespace: 'polkadot'
  getBalance(parameters: { address: string; network: Network }): Promise<PolkadotBalance>
  send: NonNullable<Adapter['send']>
}

/** `polkadot(options)` returns one of these; core calls it with the instance's context. */
export type PolkadotAdapterFactory = (context: AdapterContext) => PolkadotAdapter

interface Connection {
  injected: Injected
  /** The accounts as the extension wrote them, the picked one first. */
  accounts: InjectedAccount[]
  /** The network the connection is on: addresses are written with its SS58 prefix. */
  network: Network
  /** The first account of the extension's last list, to tell a pick in the extension from other changes. */
  extensionFirst: string | undefined
  unsubscribe: () => void
}

// SPEC §9: 4 min for a prompt, 10 s for a request.
const PROMPT_TIMEOUT_MS = 240_000
const REQUEST_TIMEOUT_MS = 10_000
const INCLUSION_TIMEOUT_MS = 60_000
// 64 bytes (sr25519, ed25519), 65 (ecdsa, or either with a type byte), 66 (ecdsa with one).
const HEX_SIGNATURE = /^0x(?:[0-9a-fA-F]{2}){64,66}$/
const storageKey = (connectorId: string) => `@portico/polkadot/${connectorId}`

/**
 * The Polkadot adapter: injected extensions (polkadot{.js}, Talisman, SubWallet, Enkrypt, Nova
 * Wallet), native balances and transfers over `@polkadot/api` (loaded on first use), sign-in.
 * @example
 * const portico = createPortico({ networks: [polkadotMainnet, kusama], adapters: [polkadot()] })
 */
export function polkadot(options: PolkadotAdapterOptions = {}): PolkadotAdapterFactory {
  const promptTimeoutMs = options.promptTimeoutMs ?? PROMPT_TIMEOUT_MS
  const requestTimeoutMs = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS
  const inclusionTimeoutMs = options.inclusionTimeoutMs ?? INCLUSION_TIMEOUT_MS

  return (context: AdapterContext): PolkadotAdapter => {
    const { logger } = context
    const connections = createConnections<Connection>('polkadot')
    let started = false
    const target = (): InjectedWindow | undefined =>
      options.window ?? (globalThis as { window?: InjectedWindow }).window
    const appName = () =>
      options.appName ?? ((globalThis as { document?: { title?: string } }).document?.title || 'Portico')
    // The WalletConnect side loads with the first request for it: a page whose visitor uses an
    // extension never downloads it. The connector and the namespace's methods are known up front.
    const service = options.walletConnect
    let walletConnectConnection: WalletConnectConnection | undefined
    const importWalletConnect = createLazyImport(() => import('./walletConnectConnection.js'))
    const walletConnect = async (): Promise<WalletConnectConnection> => {
      if (walletConnectConnection) return walletConnectConnection
      const module = await importWalletConnect()
      walletConnectConnection ??= module.createWalletConnectConnection({
        service: service!,
        context,
        promptTimeoutMs,
        call: callExtension,
        ss58: { decodeSs58, encodeSs58, sameAccount },
        getSs58Prefix,
      })
      if (started) walletConnectConnection.start()
      return walletConnectConnection
    }
    const isWalletConnect = (connectorId: string): boolean =>
      service !== undefined && connectorId === WALLET_CONNECT_CONNECTOR_ID
    const wallets = createConnectorList({
      context,
      walletConnect: service && walletConnectConnector('polkadot'),
      discover: (onChange) => {
        const window = target()
        return (
          window &&
          createDiscovery({
            window,
            logger,
            ...(options.extensions ? { extensions: options.extensions } : {}),
            onChange,
          })
        )
      },
    })

    const getExtension = (connectorId: string): InjectedExtension =>
      findWallet(connectorId, wallets.getWallet)

    /** The networks the site configured, the first one standing for "no choice made". */
    const pickNetwork = (requested: Network | undefined): Network => {
      const networks = context.networks()
      const network = requested ?? networks[0]
      if (!network) throw new ProviderRequestError('No Polkadot network is configured.')
      return network
    }

    /** The accounts of `network`: 32-byte SS58 accounts, not limited to another chain. */
    const usableAccounts = (payload: unknown, network: Network): InjectedAccount[] | undefined => {
      if (!Array.isArray(payload)) return undefined
      const genesis = String(network.id).toLowerCase()
      return payload.filter(
        (account): account is InjectedAccount =>
          typeof account === 'object' &&
          account !== null &&
          typeof account.address === 'string' &&
          decodeSs58(account.address) !== undefined &&
          account.type !== 'ethereum' &&
          (!account.genesisHash ||
            (typeof account.genesisHash === 'string' &&
              account.genesisHash.toLowerCase().replace(/^0x/, '').startsWith(genesis))),
      )
    }

    /** An account's address as the network writes it. */
    const addressOn = (account: InjectedAccount, network: Network): string =>
      encodeSs58(decodeSs58(account.address)!.accountId, getSs58Prefix(network))
    const addressesOf = (connection: Connection) =>
      connection.accounts.map((a) => addressOn(a, connection.network))

    /** The picked account first: the one stored from last time, when the wallet still has it. */
    const withPickedFirst = (connectorId: string, accounts: InjectedAccount[]): InjectedAccount[] => {
      const stored = readStored(connectorId)?.address
      const picked = stored ? accounts.findIndex((account) => sameAccount(account.address, stored)) : -1
      return picked > 0 ? [accounts[picked]!, ...accounts.filter((_, index) => index !== picked)] : accounts
    }

    const remember = (connectorId: string, connection: Connection) => {
      const address = connection.accounts[0]?.address
      try {
        context.storage.setItem(
          storageKey(connectorId),
          JSON.stringify({ address, network: connection.network.caipNetworkId }),
        )
      } catch (error) {
        logger.debug('polkadot: could not store the picked account', error)
      }
    }
    const readStored = (connectorId: string): { address?: string; network?: string } | undefined => {
      try {
        const value = JSON.parse(context.storage.getItem(storageKey(connectorId)) ?? 'null')
        return typeof value === 'object' && value !== null ? value : undefined
      } catch {
        return undefined
      }
    }

    const open = (
      connectorId: string,
      injected: Injected,
      listed: InjectedAccount[],
      network: Network,
    ): ConnectResult => {
      connections.forget(connectorId)
      const connection: Connection = {
        injected,
        accounts: withPickedFirst(connectorId, listed),
        network,
        extensionFirst: listed[0]?.address,
        unsubscribe: () => {},
      }
      const onAccounts = (payload: unknown) => {
        if (connections.get(connectorId) !== connection) return
        const next = usableAccounts(payload, connection.network)
        if (!next) {
          logger.warn('polkadot: dropped a malformed accounts event', payload)
          return
        }
        if (next.length === 0) {
          connections.forget(connectorId)
          context.emit({ type: 'disconnect', connectorId })
          return
        }
        const before = addressesOf(connection)
        // A new first account in the extension's list is the visitor's pick there; any other
        // change (an account added or removed) keeps the account picked on the site first.
        const extensionFirst = next[0]!.address
        const current = connection.accounts[0]
        const kept = current ? next.findIndex((account) => sameAccount(account.address, current.address)) : -1
        connection.accounts =
          extensionFirst !== connection.extensionFirst || kept < 0
            ? next
            : [next[kept]!, ...next.filter((_, index) => index !== kept)]
        connection.extensionFirst = extensionFirst
        const after = addressesOf(connection)
        if (before.length === after.length && before.every((address, index) => address === after[index]))
          return
        remember(connectorId, connection)
        context.emit({ type: 'accountsChanged', connectorId, accounts: after })
      }
      try {
        const off = injected.accounts.subscribe((accounts) => onAccounts(accounts))
        if (typeof off === 'function') connection.unsubscribe = off
      } catch (error) {
        logger.warn('polkadot: the extension refused an accounts listener', error)
      }
      connections.set(connectorId, connection)
      remember(connectorId, connection)
      const addresses = addressesOf(connection)
      return { address: addresses[0]!, accounts: addresses, chainId: network.id }
    }

    /** `enable` and the account list, bounded together. */
    const enable = async (
      connectorId: string,
      extension: InjectedExtension,
      network: Network,
      timeoutMs: number,
      signal?: AbortSignal,
    ) => {
      const deadline = Date.now() + timeoutMs
      const injected = await callExtension(`${connectorId} enable`, () => extension.enable(appName()), {
        timeoutMs,
        ...(signal ? { signal } : {}),
      })
      if (!isInjected(injected)) throw new InvalidResponseError('injected extension')
      const accounts = await callExtension(`${connectorId} accounts.get`, () => injected.accounts.get(), {
        timeoutMs: Math.max(1, deadline - Date.now()),
        ...(signal ? { signal } : {}),
      })
      const usable = usableAccounts(accounts, network)
      if (!usable) throw new InvalidResponseError('account list')
      return { injected, accounts: usable }
    }

    const getConnection = (connectorId: string) => connections.require(connectorId)

    /** The signer of a connected account, for the chain code: the extension's, by its own address. */
    const getSigner = async (connectorId: string, address: string): Promise<PolkadotSigner> => {
      if (isWalletConnect(connectorId)) return (await walletConnect()).getSigner(address)
      const connection = getConnection(connectorId)
      const account = connection.accounts.find((candidate) => sameAccount(candidate.address, address))
      if (!account) throw accountGone(address)
      const signPayload = connection.injected.signer.signPayload
      if (typeof signPayload !== 'function')
        throw new ProviderRequestError('This wallet cannot sign transactions.', { details: connectorId })
      return {
        address: account.address,
        signPayload: (payload) =>
          callExtension(`${connectorId} signPayload`, () => signPayload(payload), {
            timeoutMs: promptTimeoutMs,
          }),
      }
    }

    // The chain half (@polkadot/api: balances, fees, sends) loads on first use: a page that only
    // connects and signs never downloads it.
    let chain: ChainCapabilities | undefined
    const importChain = createLazyImport(() => import('./chainCapabilities.js'))
    const loadChain = async (): Promise<ChainCapabilities> => {
      if (chain) return chain
      let module: typeof import('./chainCapabilities.js')
      try {
        module = await importChain()
      } catch (error) {
        throw new PolkadotAdapterLoadError({ cause: error, details: String(error) })
      }
      chain ??= module.createChainCapabilities({
        helpers: {
          errors: {
            PolkadotChainMismatchError,
            PolkadotDispatchError,
            PolkadotSendFailedError,
            PolkadotSendValidationError,
          },
          getSs58Prefix,
          ss58: { checkSs58Address, decodeSs58, sameAccount },
        },
        requestTimeoutMs,
        inclusionTimeoutMs,
        getSigner,
        logger,
      })
      return chain
    }

    return {
      namespace: 'polkadot',

      start() {
        if (!wallets.start()) return
        started = true
        service?.registerNamespace('polkadot', {
          chains: context.networks().map((network) => network.caipNetworkId),
          methods: WALLET_CONNECT_POLKADOT_METHODS,
          events: [],
        })
        walletConnectConnection?.start()
      },

      destroy() {
        connections.clear()
        wallets.destroy()
        walletConnectConnection?.destroy()
        started = false
        chain?.clear()
        chain = undefined
      },

      getConnectors: wallets.getConnectors,

      async connect({ connectorId, network: requested }) {
        const network = pickNetwork(requested)
        if (isWalletConnect(connectorId)) return (await walletConnect()).connect(network)
        const extension = getExtension(connectorId)
        const { injected, accounts } = await enable(connectorId, extension, network, promptTimeoutMs)
        if (accounts.length === 0)
          throw new ProviderRequestError('The wallet shares no Polkadot account with this site.', {
            details: `${connectorId} answered no account usable on ${network.name}.`,
          })
        return open(connectorId, injected, accounts, network)
      },

      async reconnect({ connectorId, timeoutMs, signal }) {
        // An extension lets a site it already allowed in without asking again; one the visitor
        // revoked refuses or answers no account: then the connection is gone.
        if (isWalletConnect(connectorId)) return (await walletConnect()).reconnect(timeoutMs, signal)
        const deadline = Date.now() + timeoutMs
        const extension =
          wallets.getWallet(connectorId) ?? (await wallets.waitForWallet(connectorId, timeoutMs))
        if (!extension) return undefined
        const storedNetwork = readStored(connectorId)?.network
        const network =
          connections.get(connectorId)?.network ??
          context.networks().find((candidate) => candidate.caipNetworkId === storedNetwork) ??
          pickNetwork(undefined)
        let answer: Awaited<ReturnType<typeof enable>>
        try {
          answer = await enable(connectorId, extension, network, Math.max(1, deadline - Date.now()), signal)
        } catch (error) {
          if (error instanceof UserRejectedRequestError) return undefined
          throw error
        }
        if (answer.accounts.length === 0) return undefined
        signal?.throwIfAborted()
        return open(connectorId, answer.injected, answer.accounts, network)
      },

      async disconnect({ connectorId }) {
        if (isWalletConnect(connectorId)) return (await walletConnect()).disconnect()
        // The protocol has no way to end access from the site: it forgets the connection and stops listening.
        connections.forget(connectorId)
        try {
          context.storage.removeItem(storageKey(connectorId))
        } catch (error) {
          logger.debug('polkadot: could not forget the picked account', error)
        }
      },

      async switchNetwork({ connectorId, network }) {
        if (network.namespace !== 'polkadot')
          throw new ProviderRequestError('Not a Polkadot network.', { details: network.caipNetworkId })
        if (isWalletConnect(connectorId)) return (await walletConnect()).switchNetwork(network)
        const connection = getConnection(connectorId)
        // Extensions sign for any chain: the site picks the network, and writes addresses with its prefix.
        const before = addressesOf(connection)
        connection.network = network
        const usable = usableAccounts(connection.accounts, network) ?? []
        if (usable.length === 0)
          throw new ProviderRequestError('The wallet limits this account to another network.', {
            details: network.name,
          })
        connection.accounts = usable
        remember(connectorId, connection)
        const after = addressesOf(connection)
        if (before.join() !== after.join())
          context.emit({ type: 'accountsChanged', connectorId, accounts: after })
        context.emit({ type: 'chainChanged', connectorId, chainId: network.id })
      },

      async signMessage({ connectorId, address, message }) {
        if (isWalletConnect(connectorId)) return (await walletConnect()).signMessage(address, message)
        const connection = getConnection(connectorId)
        const account = connection.accounts.find((candidate) => sameAccount(candidate.address, address))
        if (!account) throw accountGone(address)
        const signRaw = connection.injected.signer.signRaw
        if (typeof signRaw !== 'function')
          throw new ProviderRequestError('This wallet cannot sign messages.', { details: connectorId })
        // The extension signs the bytes wrapped in <Bytes>…</Bytes>, so a message can never be a transaction.
        const result = await callExtension(
          `${connectorId} signRaw`,
          () =>
            signRaw({
              address: account.address,
              data: toHex(new TextEncoder().encode(message)),
              type: 'bytes',
            }),
          { timeoutMs: promptTimeoutMs },
        )
        const signature = (result as { signature?: unknown } | undefined)?.signature
        if (typeof signature !== 'string' || !HEX_SIGNATURE.test(signature))
          throw new InvalidResponseError('signature')
        return signature.toLowerCase()
      },

      async selectAccount({ connectorId, address }) {
        if (isWalletConnect(connectorId)) return (await walletConnect()).selectAccount(address)
        const connection = getConnection(connectorId)
        const picked = connection.accounts.findIndex((account) => sameAccount(account.address, address))
        if (picked < 0) throw accountGone(address)
        if (picked === 0) return
        connection.accounts = [
          connection.accounts[picked]!,
          ...connection.accounts.filter((_, index) => index !== picked),
        ]
        remember(connectorId, connection)
        context.emit({ type: 'accountsChanged', connectorId, accounts: addressesOf(connection) })
      },

      getBalance: async (parameters) => (await loadChain()).getBalance(parameters),

      getAddressExplorerUrl: ({ address, network }) => getExplorerUrl(network, `account/${address}`),

      send: {
        isAddress: (value) => {
          // Without a network the send form still checks the address itself, on any prefix.
          return typeof value === 'string' && decodeSs58(value) !== undefined
        },

        estimateFee: async (parameters) => (await loadChain()).estimateFee(parameters),

        async send(parameters) {
          let loaded: ChainCapabilities
          try {
            loaded = await loadChain()
          } catch (error) {
            throw new PolkadotSendFailedError({
              cause: error,
              details: error instanceof BaseError ? error.message : String(error),
            })
          }
          return loaded.send(parameters)
        },

        waitForTransaction: async (parameters) => (await loadChain()).waitForTransaction(parameters),
      },

      getTransactionExplorerUrl: ({ hash, network }) => getExplorerUrl(network, `extrinsic/${hash}`),
    }
  }
}

/** Whether `address` is an address of `network`: `otherPrefix` for one written for another network. */
export function checkPolkadotAddress(address: string, network: Network): 'valid' | 'otherPrefix' | 'invalid' {
  return checkSs58Address(address, getSs58Prefix(network))
}

function accountGone(address: string): ProviderRequestError {
  return new ProviderRequestError('The wallet no longer exposes this account.', { details: address })
}

function toHex(bytes: Uint8Array): string {
  return `0x${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`
}
