import {
  type AccountTypesCapability,
  type Adapter,
  type AdapterContext,
  type Connector,
  type ConnectResult,
  InvalidResponseError,
  type Network,
  NotConnectedError,
  ProviderRequestError,
  UnrecognizedChainError,
  UserRejectedRequestError,
  WALLET_CONNECT_CONNECTOR_ID,
  WALLET_CONNECT_ICON,
  type WalletConnect,
} from '@portico/core'
import {
  createConnections,
  createLazyImport,
  findWallet,
  ProviderTimeoutError,
  pollUntil,
  withTimeout,
} from '@portico/core/adapter-kit'
import { decodeBitcoinAddress, isAddressOfFormat } from './bitcoinAddress.js'
import { BitcoinAdapterLoadError, BitcoinAddressNetworkError, BitcoinSendValidationError } from './errors.js'
import type { BitcoinAddressBalance, EsploraTransaction } from './esplora.js'
import type { BitcoinFeeRates, BitcoinFeeSpeed } from './feeRates.js'
import type { BitcoinFeeEstimate, NetworkCapabilities } from './networkCapabilities.js'
import { getAddressFormat, getChainKind, getExplorerUrl } from './networks.js'
import { createSatsConnectDriver, readBtcProviders, resolveProvider } from './satsConnect.js'
import type {
  BitcoinAccountPurpose,
  BitcoinMessageProtocol,
  BitcoinWalletAccount,
  BitcoinWalletDriver,
} from './walletDriver.js'

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
  /** Where `btc_providers` is read instead of `window`: for tests without a DOM. */
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

interface Connection extends BitcoinConnectionAccounts {
  driver: BitcoinWalletDriver
  unsubscribe: () => void
}

// SPEC §9: 4 min for a prompt, 10 s for HTTP.
const PROMPT_TIMEOUT_MS = 240_000
const REQUEST_TIMEOUT_MS = 10_000
const CONFIRMATION_POLL_MS = 10_000
const LOOPBACK_POLL_MS = 200
const DISCOVERY_POLL_MS = 100

/**
 * The Bitcoin adapter: `btc_providers` (WBIP-004) wallets through sats-connect's request API, a
 * payment and an ordinals account per wallet, BIP-322/BIP-137 signing, PSBT sends over the
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
    const drivers = new Map<string, BitcoinWalletDriver>()
    let started = false
    let target: object | undefined

    /** Reads `btc_providers` again; reports the list when it changed. */
    const discover = () => {
      if (!target) return
      let changed = false
      for (const info of readBtcProviders(target, logger)) {
        const connectorId = `wbip004:${info.id}`
        if (drivers.has(connectorId)) continue
        const provider = resolveProvider(target, info.id)
        if (!provider) continue
        drivers.set(
          connectorId,
          createSatsConnectDriver({
            info,
            provider,
            connectorId,
            promptTimeoutMs,
            connectMessage: options.connectMessage,
            logger,
          }),
        )
        changed = true
      }
      if (changed) context.emit({ type: 'connectors', connectors: getConnectors() })
    }
    const getConnectors = (): readonly Connector[] => [...drivers.values()].map((driver) => driver.connector)
    const walletConnectDriver = options.walletConnect
      ? createLazyWalletConnectDriver({
          service: options.walletConnect,
          networks: context.networks,
          promptTimeoutMs,
          logger,
        })
      : undefined
    const getDriver = (connectorId: string) =>
      findWallet(
        connectorId,
        (id) => connections.get(id)?.driver,
        (id) => drivers.get(id),
      )

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

    const subscribe = (
      connectorId: string,
      driver: BitcoinWalletDriver,
      accounts: readonly BitcoinWalletAccount[],
    ) => {
      const payment = accounts.find((account) => account.purpose === 'payment')
      if (!payment || !decodeBitcoinAddress(payment.address))
        throw new InvalidResponseError('account list', { details: 'no valid payment address' })
      const ordinals = accounts.find(
        (account) => account.purpose === 'ordinals' && decodeBitcoinAddress(account.address) !== undefined,
      )
      connections.forget(connectorId)
      const connection: Connection = { driver, payment, ordinals, active: 'payment', unsubscribe: () => {} }
      connection.unsubscribe = driver.onAccountsChanged(() => {
        if (connections.get(connectorId) !== connection) return
        driver.getAccounts().then(
          (next) => {
            if (connections.get(connectorId) !== connection) return
            const nextPayment = next?.find((account) => account.purpose === 'payment')
            if (!next || !nextPayment) {
              connections.forget(connectorId)
              context.emit({ type: 'disconnect', connectorId })
              return
            }
            if (!decodeBitcoinAddress(nextPayment.address)) {
              logger.warn('bip122: dropped a malformed account change', next)
              return
            }
            const before = orderedAddresses(connection).join(' ')
            connection.payment = nextPayment
            connection.ordinals = next.find((account) => account.purpose === 'ordinals')
            if (!connection.ordinals) connection.active = 'payment'
            const after = orderedAddresses(connection)
            if (after.join(' ') !== before)
              context.emit({ type: 'accountsChanged', connectorId, accounts: after })
          },
          (error) => logger.warn('bip122: could not read the changed accounts', error),
        )
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
      let module: typeof import('./networkCapabilities.js')
      try {
        module = await importNetworkCapabilities()
      } catch (error) {
        throw new BitcoinAdapterLoadError({ cause: error, details: String(error) })
      }
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
        if (options.walletConnect && walletConnectDriver) {
          options.walletConnect.registerNamespace('bip122', {
            chains: context.networks().map((network) => network.caipNetworkId),
            methods: WALLET_CONNECT_BITCOIN_METHODS,
            events: WALLET_CONNECT_BITCOIN_EVENTS,
          })
          drivers.set(WALLET_CONNECT_CONNECTOR_ID, walletConnectDriver)
        }
        discover()
      },

      destroy() {
        connections.clear()
        drivers.clear()
        started = false
        target = undefined
      },

      getConnectors,

      async connect({ connectorId, network }) {
        discover()
        const driver = getDriver(connectorId)
        const accounts = await driver.requestAccounts()
        const connection = subscribe(connectorId, driver, accounts)
        return toResult(connection, pickNetwork(network, connection.payment.address))
      },

      async reconnect({ connectorId, timeoutMs, signal }) {
        const deadline = Date.now() + timeoutMs
        // `btc_providers` has no announcement event: a wallet that injects late is looked for until the bound.
        let driver = connections.get(connectorId)?.driver ?? drivers.get(connectorId)
        if (!driver && target) {
          driver = await pollUntil({
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
        if (!driver) return undefined
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
        const connection = subscribe(connectorId, driver, accounts)
        return toResult(connection, pickNetwork(undefined, connection.payment.address))
      },

      async disconnect({ connectorId }) {
        const driver = connections.get(connectorId)?.driver ?? drivers.get(connectorId)
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
        const format = getAddressFormat(network)
        const wanted = getChainKind(network)
        const current = await connection.driver.getChain?.().catch(() => undefined)
        if (
          connection.driver.switchChain &&
          current !== undefined &&
          current !== wanted &&
          !(current === 'testnet' && wanted !== 'mainnet' && wanted !== 'regtest')
        )
          await connection.driver.switchChain(wanted)
        const accounts = connection.driver.switchChain ? await connection.driver.getAccounts() : undefined
        if (accounts?.some((account) => account.purpose === 'payment')) {
          connection.payment = accounts.find((account) => account.purpose === 'payment')!
          connection.ordinals = accounts.find((account) => account.purpose === 'ordinals')
        }
        const payment = decodeBitcoinAddress(connection.payment.address)
        if (!payment || !isAddressOfFormat(payment, format))
          throw new BitcoinChainNotSupportedError({
            details: `${connection.driver.connector.name}'s payment address ${connection.payment.address} is not a ${format.label} address (${network.name}).`,
          })
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

/** The wallet's payment address is not an address of the network asked for. */
export class BitcoinChainNotSupportedError extends UnrecognizedChainError {
  override name = 'BitcoinChainNotSupportedError' as const
}
export type BitcoinChainNotSupportedErrorType = BitcoinChainNotSupportedError & {
  name: 'BitcoinChainNotSupportedError'
}

// WalletConnect's Bitcoin JSON-RPC methods and event (its Bitcoin RPC reference); the driver that
// sends them loads with its first use.
const WALLET_CONNECT_BITCOIN_METHODS = ['getAccountAddresses', 'signMessage', 'signPsbt', 'sendTransfer']
const WALLET_CONNECT_BITCOIN_EVENTS = ['bip122_addressesChanged']

/** The WALLET_CONNECT connector, whose driver code is imported on the first request to it. */
function createLazyWalletConnectDriver(
  parameters: Omit<import('./walletConnectDriver.js').WalletConnectDriverParameters, 'connector'>,
): BitcoinWalletDriver {
  const connector: Connector = {
    id: WALLET_CONNECT_CONNECTOR_ID,
    name: 'WalletConnect',
    type: 'WALLET_CONNECT',
    namespace: 'bip122',
    installed: true,
    imageUrl: WALLET_CONNECT_ICON,
  }
  const importDriver = createLazyImport(() => import('./walletConnectDriver.js'))
  let driver: BitcoinWalletDriver | undefined
  const load = async (): Promise<BitcoinWalletDriver> => {
    if (driver) return driver
    let module: typeof import('./walletConnectDriver.js')
    try {
      module = await importDriver()
    } catch (error) {
      throw new BitcoinAdapterLoadError({ cause: error, details: String(error) })
    }
    driver ??= module.createWalletConnectDriver({ ...parameters, connector })
    return driver
  }
  return {
    connector,
    requestAccounts: async () => (await load()).requestAccounts(),
    getAccounts: async () => (await load()).getAccounts(),
    signMessage: async (request) => (await load()).signMessage(request),
    signPsbt: async (request) => (await load()).signPsbt(request),
    sendTransfer: async (request) => (await load()).sendTransfer!(request),
    disconnect: async () => (await load()).disconnect!(),
    onAccountsChanged(listener) {
      let off: (() => void) | undefined
      let ended = false
      load().then(
        (loaded) => {
          if (!ended) off = loaded.onAccountsChanged(listener)
        },
        (error) => parameters.logger.warn('bip122: the WalletConnect driver could not load', error),
      )
      return () => {
        ended = true
        off?.()
      }
    },
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
