import {
  type AccountTypesCapability,
  type Adapter,
  type AdapterContext,
  type Connector,
  type ConnectResult,
  isSafeImageUrl,
  type Network,
  NotConnectedError,
  ProviderRequestError,
  UserRejectedRequestError,
  WALLET_CONNECT_CONNECTOR_ID,
  type WalletConnect,
} from '@portico/core'
import {
  createConnections,
  createLazyImport,
  createWalletStandardDiscovery,
  findWallet,
  ProviderTimeoutError,
  pollUntil,
  type WalletDiscovery,
  type WalletStandardTarget,
  type WalletStandardWallet,
  walletConnectConnector,
  withTimeout,
} from '@portico/core/adapter-kit'
import { decodeBitcoinAddress, isAddressOfFormat } from './bitcoinAddress.js'
import { isBitcoinStandardWallet } from './bitcoinWalletStandard.js'
import { BitcoinAdapterLoadError, BitcoinAddressNetworkError, BitcoinSendValidationError } from './errors.js'
import type { BitcoinAddressBalance, EsploraTransaction } from './esplora.js'
import type { BitcoinFeeRates, BitcoinFeeSpeed } from './feeRates.js'
import {
  getInjectedConnectorId,
  INJECTED_BITCOIN_WALLETS,
  isPhantomBitcoinProvider,
  isUnisatProvider,
  readInjected,
} from './injectedWallets.js'
import type { BitcoinFeeEstimate, NetworkCapabilities } from './networkCapabilities.js'
import { getAddressFormat, getExplorerUrl } from './networks.js'
import { readBtcProviders, resolveProvider } from './satsConnect.js'
import type {
  BitcoinAccountPurpose,
  BitcoinMessageProtocol,
  BitcoinWalletAccount,
  BitcoinWalletDriver,
} from './walletDriver.js'
import type { WalletSession } from './walletSession.js'

export interface BitcoinAdapterOptions {
  /** How long a request the visitor must answer (connect, sign, send) may wait. Default 4 min. */
  promptTimeoutMs?: number
  /** How long a request to the Esplora-compatible API may take. Default 10 s. */
  requestTimeoutMs?: number
  /** How messages (and sign-in) are signed: BIP-322 (default) or legacy ECDSA (BIP-137). */
  messageProtocol?: BitcoinMessageProtocol
  /** Which of `/fee-estimates`' speeds a send pays: 'slow' (144 blocks), 'normal' (6, default), 'fast' (1). */
  feeSpeed?: BitcoinFeeSpeed
  /** How often `waitForTransaction` asks for the status. Default 10 s, 200 ms for a loopback API. */
  confirmationPollingIntervalMs?: number
  /** The text a wallet shows when it asks for access. */
  connectMessage?: string
  /**
   * Where wallets are looked for instead of `window` (`btc_providers`, the injected objects, and the
   * Wallet Standard's events when it is an `EventTarget`): for tests without a DOM.
   */
  window?: object
  /** The fetch the Esplora client uses; default the global one. */
  fetch?: typeof fetch
  /**
   * Mobile wallets over WalletConnect (`getAccountAddresses`, `signMessage`, `signPsbt`,
   * `sendTransfer`), as the WALLET_CONNECT connector; the same object goes to
   * `createPortico({ walletConnect })`.
   */
  walletConnect?: WalletConnect
}

/** The Bitcoin adapter: core's contract plus the payment/ordinals accounts and Esplora reads. */
export type BitcoinAdapter = Omit<Adapter, 'namespace' | 'send' | 'accountTypes'> & {
  namespace: 'bip122'
  accountTypes: AccountTypesCapability
  send: NonNullable<Adapter['send']> & {
    estimateFee: (
      ...parameters: Parameters<NonNullable<Adapter['send']>['estimateFee']>
    ) => Promise<BitcoinFeeEstimate>
  }
  /** The connection's accounts by purpose, and which one is active. */
  getAccounts(connectorId: string): BitcoinConnectionAccounts | undefined
  /** Makes the payment or the ordinals address the active account (reported as `accountsChanged`). */
  setActiveAccount(parameters: { connectorId: string; purpose: BitcoinAccountPurpose }): void
  /** Confirmed and unconfirmed balance of an address, in sats. */
  getAddressBalance(parameters: { address: string; network: Network }): Promise<BitcoinAddressBalance>
  /** An address's history, pending transactions first, from the Esplora-compatible API. */
  getTransactions(parameters: { address: string; network: Network }): Promise<EsploraTransaction[]>
  /** Whole sat/vB rates for the three speeds, with the relay floor when the API has no estimate. */
  getFeeRates(network: Network): Promise<BitcoinFeeRates>
}

export interface BitcoinConnectionAccounts {
  payment: BitcoinWalletAccount
  ordinals: BitcoinWalletAccount | undefined
  active: BitcoinAccountPurpose
}

export type BitcoinAdapterFactory = (context: AdapterContext) => BitcoinAdapter

/** A listed wallet: its connector now, its driver once the protocols' code is loaded. */
interface WalletEntry {
  connector: Connector
  load(): Promise<BitcoinWalletDriver>
}

type DriverModule = typeof import('./walletDrivers.js')
const importDrivers = createLazyImport(() => import('./walletDrivers.js'))
/** A lazy part of the adapter; a failed load is BitcoinAdapterLoadError, and the next call tries again. */
async function loadPart<T>(importPart: () => Promise<T>): Promise<T> {
  try {
    return await importPart()
  } catch (error) {
    throw new BitcoinAdapterLoadError({ cause: error, details: String(error) })
  }
}
const loadDrivers = (): Promise<DriverModule> => loadPart(importDrivers)

type Connection = WalletSession

// SPEC §9: 4 min for a prompt, 10 s for HTTP.
const PROMPT_TIMEOUT_MS = 240_000
const REQUEST_TIMEOUT_MS = 10_000
const CONFIRMATION_POLL_MS = 10_000
const LOOPBACK_POLL_MS = 200
const DISCOVERY_POLL_MS = 100

/**
 * The Bitcoin adapter: wallets of the Bitcoin Wallet Standard, `btc_providers` (WBIP-004) wallets
 * through sats-connect's request API, the Unisat-style injected API (UniSat, OKX, Bitget) and
 * Phantom's bitcoin provider; a payment and an ordinals account per wallet, BIP-322/BIP-137 signing, PSBT sends over the
 * network's Esplora-compatible API.
 * @example
 * createPortico({ networks: [withEsploraApi(bitcoinMainnet, 'https://mempool.space/api')], adapters: [bitcoin()] })
 */
export function bitcoin(options: BitcoinAdapterOptions = {}): BitcoinAdapterFactory {
  const promptTimeoutMs = options.promptTimeoutMs ?? PROMPT_TIMEOUT_MS
  const requestTimeoutMs = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS
  const messageProtocol = options.messageProtocol ?? 'bip322'
  const feeSpeed = options.feeSpeed ?? 'normal'

  return (context: AdapterContext): BitcoinAdapter => {
    const { logger } = context
    const connections = createConnections<Connection>('bip122')
    const drivers = new Map<string, WalletEntry>()
    const standardEntries = new WeakMap<WalletStandardWallet, WalletEntry>()
    let started = false
    let target: object | undefined
    let standard: WalletDiscovery<WalletStandardWallet> | undefined

    /** A wallet listed now, whose driver loads with the protocols' code when it is first used. */
    const entry = (
      connector: Connector,
      make: (module: DriverModule) => BitcoinWalletDriver,
    ): WalletEntry => {
      let driver: BitcoinWalletDriver | undefined
      return {
        connector,
        async load() {
          if (driver) return driver
          const module = await loadDrivers()
          driver ??= make(module)
          return driver
        },
      }
    }

    const standardEntry = (connectorId: string): WalletEntry | undefined => {
      const wallet = standard?.getWallet(connectorId)
      const connector = standard?.getConnectors().find((candidate) => candidate.id === connectorId)
      if (!wallet || !connector) return undefined
      let found = standardEntries.get(wallet)
      if (!found) {
        found = entry(connector, (module) =>
          module.createBitcoinStandardDriver({ wallet, connector, promptTimeoutMs, logger }),
        )
        standardEntries.set(wallet, found)
      }
      return found
    }

    /** Reads `btc_providers` and the injected objects again; reports the list when it changed. */
    const discover = () => {
      if (!target) return
      let changed = false
      for (const known of INJECTED_BITCOIN_WALLETS) {
        const connectorId = getInjectedConnectorId(known)
        if (drivers.has(connectorId)) continue
        const provider = readInjected(target, known.path)
        if (!provider) continue
        const connector: Connector = {
          id: connectorId,
          name: known.name,
          type: 'INJECTED',
          namespace: 'bip122',
          imageUrl: known.imageUrl,
          installed: true,
        }
        const parameters = { connector, promptTimeoutMs, logger }
        if (known.api === 'unisat' && isUnisatProvider(provider))
          drivers.set(
            connectorId,
            entry(connector, (module) => module.createUnisatDriver({ ...parameters, provider })),
          )
        else if (known.api === 'phantom' && isPhantomBitcoinProvider(provider))
          drivers.set(
            connectorId,
            entry(connector, (module) => module.createPhantomBitcoinDriver({ ...parameters, provider })),
          )
        else continue
        changed = true
      }
      for (const info of readBtcProviders(target, logger)) {
        const connectorId = `wbip004:${info.id}`
        if (drivers.has(connectorId)) continue
        const provider = resolveProvider(target, info.id)
        if (!provider) continue
        const connector: Connector = {
          id: connectorId,
          name: info.name,
          type: 'INJECTED',
          namespace: 'bip122',
          ...(info.icon && isSafeImageUrl(info.icon) ? { imageUrl: info.icon } : {}),
          installed: true,
        }
        drivers.set(
          connectorId,
          entry(connector, (module) =>
            module.createSatsConnectDriver({
              info,
              provider,
              connector,
              promptTimeoutMs,
              connectMessage: options.connectMessage,
              logger,
            }),
          ),
        )
        changed = true
      }
      if (changed) context.emit({ type: 'connectors', connectors: getConnectors() })
    }
    /**
     * The Wallet Standard's wallets first, then `btc_providers`, then the injected objects: a wallet
     * that speaks several of them is one row, through the first.
     */
    const getConnectors = (): readonly Connector[] => {
      const byName = new Map<string, Connector>()
      for (const connector of [
        ...(standard?.getConnectors() ?? []),
        ...[...drivers.values()].map((known) => known.connector),
      ])
        if (!byName.has(connector.name)) byName.set(connector.name, connector)
      return [...byName.values()]
    }
    const findEntry = (connectorId: string) => drivers.get(connectorId) ?? standardEntry(connectorId)
    const getDriver = async (connectorId: string): Promise<BitcoinWalletDriver> => {
      const found = findWallet<BitcoinWalletDriver | WalletEntry>(
        connectorId,
        (id) => connections.get(id)?.driver,
        findEntry,
      )
      return 'load' in found ? found.load() : found
    }

    const pickNetwork = (requested: Network | undefined, payment: string): Network => {
      const networks = context.networks()
      const decoded = decodeBitcoinAddress(payment)
      const fits = (network: Network) =>
        decoded !== undefined && isAddressOfFormat(decoded, getAddressFormat(network))
      const wanted = requested ?? networks[0]
      if (!wanted) throw new ProviderRequestError('No Bitcoin network is configured.')
      if (fits(wanted)) return wanted
      return networks.find(fits) ?? wanted
    }

    const toResult = (connection: Connection, network: Network): ConnectResult => {
      const accounts = orderedAddresses(connection)
      return { address: accounts[0]!, accounts, chainId: network.id }
    }

    /** Keeps the wallet's accounts as the connection's, following the wallet's changes. */
    const subscribe = async (
      connectorId: string,
      driver: BitcoinWalletDriver,
      accounts: readonly BitcoinWalletAccount[],
    ) => {
      const module = await loadDrivers()
      connections.forget(connectorId)
      const connection: Connection = module.openSession({
        driver,
        accounts,
        logger,
        ordered: orderedAddresses,
        isCurrent: (candidate) => connections.get(connectorId) === candidate,
        onAccounts: (accounts) => context.emit({ type: 'accountsChanged', connectorId, accounts }),
        onGone: () => {
          connections.forget(connectorId)
          context.emit({ type: 'disconnect', connectorId })
        },
      })
      connections.set(connectorId, connection)
      return connection
    }

    /** The addresses as core lists them: the active one first. */
    function orderedAddresses(connection: BitcoinConnectionAccounts): string[] {
      const payment = connection.payment.address
      const ordinals = connection.ordinals?.address
      if (!ordinals || ordinals === payment) return [payment]
      return connection.active === 'ordinals' ? [ordinals, payment] : [payment, ordinals]
    }

    let networkCapabilities: NetworkCapabilities | undefined
    const importNetworkCapabilities = createLazyImport(() => import('./networkCapabilities.js'))
    const loadNetwork = async (): Promise<NetworkCapabilities> => {
      if (networkCapabilities) return networkCapabilities
      const module = await loadPart(importNetworkCapabilities)
      networkCapabilities ??= module.createNetworkCapabilities({
        requestTimeoutMs,
        feeSpeed,
        confirmationPollingIntervalMs:
          options.confirmationPollingIntervalMs ?? defaultPollingMs(context.networks()),
        fetch: options.fetch,
      })
      return networkCapabilities
    }

    /** Refuses what no send may do before anything is loaded or asked. */
    const checkSend = (parameters: {
      address: string
      to: string
      network: Network
      token?: string
      connectorId?: string
    }) => {
      if (parameters.token !== undefined) throw new BitcoinSendValidationError('tokenNotSupported')
      const connection = parameters.connectorId ? connections.get(parameters.connectorId) : undefined
      if (
        connection?.ordinals?.address === parameters.address &&
        connection.payment.address !== parameters.address
      )
        throw new BitcoinSendValidationError('ordinalsSender')
      const format = getAddressFormat(parameters.network)
      const receiver = decodeBitcoinAddress(parameters.to)
      if (!receiver) throw new BitcoinSendValidationError('invalidReceiver', { details: parameters.to })
      if (!isAddressOfFormat(receiver, format))
        throw new BitcoinAddressNetworkError(receiver.format.label, format.label)
      const sender = decodeBitcoinAddress(parameters.address)
      if (!sender || !isAddressOfFormat(sender, format))
        throw new BitcoinSendValidationError('invalidSender', { details: parameters.address })
    }

    const adapter: BitcoinAdapter = {
      namespace: 'bip122',

      start() {
        if (!context.isBrowser || started) return
        started = true
        target = options.window ?? (globalThis as { window?: object }).window
        const service = options.walletConnect
        if (service) {
          service.registerNamespace('bip122', {
            chains: context.networks().map((network) => network.caipNetworkId),
            // WalletConnect's Bitcoin JSON-RPC methods (its Bitcoin RPC reference).
            methods: ['getAccountAddresses', 'signMessage', 'signPsbt', 'sendTransfer'],
            // The driver follows the session's accounts, not `bip122_addressesChanged`: it asks for none.
            events: [],
          })
          const connector = walletConnectConnector('bip122')
          drivers.set(
            WALLET_CONNECT_CONNECTOR_ID,
            entry(connector, (module) =>
              module.createWalletConnectDriver(service, connector, context, promptTimeoutMs),
            ),
          )
        }
        if (target && typeof (target as Partial<EventTarget>).addEventListener === 'function') {
          standard = createWalletStandardDiscovery({
            window: target as WalletStandardTarget,
            logger,
            namespace: 'bip122',
            accepts: isBitcoinStandardWallet,
            onChange: () => context.emit({ type: 'connectors', connectors: getConnectors() }),
          })
          standard.start()
        }
        discover()
      },

      destroy() {
        connections.clear()
        drivers.clear()
        standard?.destroy()
        standard = undefined
        started = false
        target = undefined
      },

      getConnectors,

      async connect({ connectorId, network }) {
        discover()
        const driver = await getDriver(connectorId)
        const accounts = await driver.requestAccounts()
        const connection = await subscribe(connectorId, driver, accounts)
        return toResult(connection, pickNetwork(network, connection.payment.address))
      },

      async reconnect({ connectorId, timeoutMs, signal }) {
        const deadline = Date.now() + timeoutMs
        let found: WalletEntry | undefined = findEntry(connectorId)
        if (!found && standard && connectorId.startsWith('wallet-standard:')) {
          // A Wallet Standard wallet that registers late is waited for, bounded.
          await abortable(standard.waitForWallet(connectorId, timeoutMs), signal)
          found = standardEntry(connectorId)
        } else if (!found && target) {
          // `btc_providers` and the injected objects have no announcement event: a wallet that
          // injects late is looked for until the bound.
          found = await pollUntil({
            poll: async () => {
              signal?.throwIfAborted()
              discover()
              return drivers.get(connectorId)
            },
            intervalMs: DISCOVERY_POLL_MS,
            timeoutMs,
            onTimeout: () => new Error('gone'),
          }).catch(() => undefined)
        }
        signal?.throwIfAborted()
        if (!found) return undefined
        const driver = connections.get(connectorId)?.driver ?? (await abortable(found.load(), signal))
        let accounts: BitcoinWalletAccount[] | undefined
        try {
          accounts = await abortable(
            withTimeout(
              driver.getAccounts(),
              Math.max(1, deadline - Date.now()),
              () => new ProviderTimeoutError({ timeoutMs }),
            ),
            signal,
          )
        } catch (error) {
          // Some wallets answer a silent request they cannot grant with a refusal: the connection is gone.
          if (error instanceof UserRejectedRequestError) return undefined
          throw error
        }
        if (!accounts?.some((account) => account.purpose === 'payment')) return undefined
        signal?.throwIfAborted()
        const connection = await subscribe(connectorId, driver, accounts)
        return toResult(connection, pickNetwork(undefined, connection.payment.address))
      },

      async disconnect({ connectorId }) {
        const driver = connections.get(connectorId)?.driver
        connections.forget(connectorId)
        try {
          await driver?.disconnect?.()
        } catch (error) {
          // The site forgets the connection whatever the wallet says.
          logger.debug('bip122: disconnect failed', error)
        }
      },

      async switchNetwork({ connectorId, network }) {
        const connection = connections.require(connectorId)
        await (await loadDrivers()).moveSessionToChain(connection, network)
        context.emit({ type: 'accountsChanged', connectorId, accounts: orderedAddresses(connection) })
        context.emit({ type: 'chainChanged', connectorId, chainId: network.id })
      },

      async signMessage({ connectorId, address, message }) {
        const connection = connections.require(connectorId)
        if (address !== connection.payment.address && address !== connection.ordinals?.address)
          throw new ProviderRequestError('The wallet no longer exposes this account.', { details: address })
        return connection.driver.signMessage({ address, message, protocol: messageProtocol })
      },

      getBalance: async (parameters) => (await loadNetwork()).getBalance(parameters),
      getAddressBalance: async (parameters) => (await loadNetwork()).getAddressBalance(parameters),
      getTransactions: async (parameters) => (await loadNetwork()).getTransactions(parameters),
      getFeeRates: async (network) => (await loadNetwork()).getFeeRates(network),

      getAddressExplorerUrl: ({ address, network }) => getExplorerUrl(network, `address/${address}`),
      getTransactionExplorerUrl: ({ hash, network }) => getExplorerUrl(network, `tx/${hash}`),

      getAccounts(connectorId) {
        const connection = connections.get(connectorId)
        return (
          connection && {
            payment: connection.payment,
            ordinals: connection.ordinals,
            active: connection.active,
          }
        )
      },

      accountTypes: {
        get(connectorId) {
          const connection = connections.get(connectorId)
          if (!connection) return []
          return [
            { type: 'payment', address: connection.payment.address },
            ...(connection.ordinals
              ? [{ type: 'ordinal' as const, address: connection.ordinals.address }]
              : []),
          ]
        },
        set: ({ connectorId, type }) =>
          adapter.setActiveAccount({ connectorId, purpose: type === 'ordinal' ? 'ordinals' : 'payment' }),
      },

      setActiveAccount({ connectorId, purpose }) {
        const connection = connections.require(connectorId)
        if (purpose === 'ordinals' && !connection.ordinals)
          throw new ProviderRequestError('This wallet gave no ordinals address.', {
            details: connection.driver.connector.name,
          })
        if (connection.active === purpose) return
        connection.active = purpose
        context.emit({ type: 'accountsChanged', connectorId, accounts: orderedAddresses(connection) })
      },

      send: {
        isAddress: (value) => decodeBitcoinAddress(value) !== undefined,

        async estimateFee(parameters) {
          checkSend(parameters)
          return (await loadNetwork()).estimateFee(parameters)
        },

        async send(parameters) {
          checkSend(parameters)
          const connection = connections.get(parameters.connectorId)
          if (!connection) throw new NotConnectedError('bip122')
          // Payments never spend from the ordinals address, whatever the active account is.
          if (parameters.address !== connection.payment.address)
            throw new BitcoinSendValidationError('ordinalsSender', { details: parameters.address })
          const network = await loadNetwork()
          return network.send({
            sender: { driver: connection.driver, payment: connection.payment },
            to: parameters.to,
            amount: parameters.amount,
            network: parameters.network,
          })
        },

        waitForTransaction: async (parameters) => (await loadNetwork()).waitForTransaction(parameters),
      },
    }
    return adapter
  }
}

/** A promise that rejects with the signal's reason when it aborts first. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise
  signal.throwIfAborted()
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

/** 10 s between confirmation polls, 200 ms when every API is on this machine (a regtest node). */
function defaultPollingMs(networks: readonly Network[]): number {
  const urls = networks.flatMap((network) => network.rpcUrls.default.http)
  const loopback =
    urls.length > 0 && urls.every((url) => /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/.test(url))
  return loopback ? LOOPBACK_POLL_MS : CONFIRMATION_POLL_MS
}
