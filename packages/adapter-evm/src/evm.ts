import {
  type Adapter,
  type AdapterContext,
  type AdapterFactory,
  BaseError,
  type Connector,
  type ConnectResult,
  EMBEDDED_WALLET_CONNECTOR_ID,
  InvalidChainIdError,
  InvalidResponseError,
  type Network,
  NotConnectedError,
  ProviderRequestError,
  UnrecognizedChainError,
  WALLET_CONNECT_CONNECTOR_ID,
  WALLET_CONNECT_ICON,
  type WalletConnect,
} from '@portico/core'
import { createConnections, createLazyImport, findWallet } from '@portico/core/adapter-kit'
import { type Address, type Client, getAddress, isAddress, numberToHex, stringToHex } from 'viem'
import { createDiscovery, type Discovery, isSafeIconUrl } from './createDiscovery.js'
import { createSendCapability } from './createSendCapability.js'
import type { ExternalEvmWallet } from './externalEntries.js'
import { getProviderErrorCode } from './mapProviderError.js'
import type { EvmNamesOptions } from './namesOptions.js'
import type { Eip1193Provider } from './provider.js'
import { requestProvider } from './requestProvider.js'
import type { TetherStyleTokens } from './tetherStyleTokens.js'
import { WALLET_CONNECT_EIP155_EVENTS, WALLET_CONNECT_EIP155_METHODS } from './walletConnectMethods.js'

export interface EvmAdapterOptions {
  /** How long a request the visitor must answer (connect, switch, sign) may wait. Default 4 min. */
  promptTimeoutMs?: number
  /** How long a request without a prompt may take. Default 10 s. */
  requestTimeoutMs?: number
  /** How long the best-effort `wallet_revokePermissions` on disconnect may take. Default 1 s. */
  revokeTimeoutMs?: number
  /** Offer a legacy `window.ethereum` as the 'Browser Wallet' connector. Default true. */
  legacyInjected?: boolean
  /**
   * Token contracts per chain id whose `transfer` returns nothing, like USDT on mainnet (SPEC §9).
   * Added to `DEFAULT_TETHER_STYLE_TOKENS`, which lists mainnet USDT.
   * @example { 56: ['0x55d398326f99059fF775485246999027B3197955'] }
   */
  tetherStyleTokens?: TetherStyleTokens
  /** How often `waitForTransaction` asks for a receipt. Default 1 s, 200 ms for a loopback RPC URL. */
  receiptPollingIntervalMs?: number
  /**
   * The embedded (e-mail) wallet's EIP-1193 provider, offered as the AUTH connector
   * `portico.embedded` (SPEC §6); `@portico/embedded-wallet` provides it.
   */
  embeddedWallet?: { provider: Eip1193Provider; name?: string; imageUrl?: string }
  /**
   * EIP-1193 providers the site provides itself (a hardware wallet's SDK, a wallet that does not
   * announce itself), offered as EXTERNAL connectors with the given id and name: the `external`
   * section of `connectorTypeOrder`.
   * @example [{ id: 'com.example.hardware', name: 'Example Hardware', provider: sdk.getProvider() }]
   */
  externalWallets?: readonly ExternalEvmWallet[]
  /**
   * Mobile wallets over WalletConnect, offered as the WALLET_CONNECT connector `walletConnect`; the
   * same object goes to `createPortico({ walletConnect })`. `@portico/walletconnect` provides it.
   */
  walletConnect?: WalletConnect
  /**
   * ENS (the connected account's primary name and avatar, names as Send receivers): the universal
   * resolver per chain id, mainnet's and Sepolia's by default (`DEFAULT_UNIVERSAL_RESOLVERS`).
   * @example { universalResolvers: { 31337: '0x…' } }
   */
  ens?: EvmNamesOptions
}

/** The WALLET_CONNECT connector over the shared session (its id is core's `WALLET_CONNECT_CONNECTOR_ID`). */
function walletConnectEntry(service: WalletConnect) {
  const connector: Connector = {
    id: WALLET_CONNECT_CONNECTOR_ID,
    name: 'WalletConnect',
    type: 'WALLET_CONNECT',
    namespace: 'eip155',
    installed: true,
    imageUrl: WALLET_CONNECT_ICON,
  }
  // The provider over the session loads on its first request (a pairing, or a reload that stored
  // a WalletConnect connection): the connector itself is listed from the start, so a reload waits
  // for it with WalletConnect's bound.
  const provider = lazyProvider(async () =>
    (await import('./walletConnectProvider.js')).createWalletConnectProvider(service),
  )
  return { connector, provider }
}

/**
 * An EIP-1193 provider whose code loads on first use. Requests wait for it; listeners are added
 * and removed once it is there, in the order they were asked for (one promise carries them all).
 */
function lazyProvider(load: () => Promise<Eip1193Provider>): Eip1193Provider {
  const loaded = createLazyImport(load)
  // A load that failed fails the next request, which loads again; a listener is not added then.
  const whenLoaded = (use: (provider: Eip1193Provider) => void) => {
    loaded().then(use, () => {})
  }
  return {
    request: async (args) => (await loaded()).request(args),
    on: (event, listener) => whenLoaded((provider) => provider.on?.(event, listener)),
    removeListener: (event, listener) => whenLoaded((provider) => provider.removeListener?.(event, listener)),
  }
}

/** The AUTH connector of the embedded wallet (its id is core's `EMBEDDED_WALLET_CONNECTOR_ID`). */
function embeddedEntry(wallet: NonNullable<EvmAdapterOptions['embeddedWallet']>) {
  const connector: Connector = {
    id: EMBEDDED_WALLET_CONNECTOR_ID,
    name: wallet.name ?? 'E-mail wallet',
    type: 'AUTH',
    namespace: 'eip155',
    installed: true,
  }
  if (wallet.imageUrl && isSafeIconUrl(wallet.imageUrl)) connector.imageUrl = wallet.imageUrl
  return { connector, provider: wallet.provider }
}

interface Connection {
  provider: Eip1193Provider
  unsubscribe: () => void
}

// SPEC §9: 4 min for a prompt, 10 s for HTTP and quick wallet reads, 1 s for clean-up.
const PROMPT_TIMEOUT_MS = 240_000
const REQUEST_TIMEOUT_MS = 10_000
const REVOKE_TIMEOUT_MS = 1_000
const SIGNATURE = /^0x[0-9a-fA-F]{62,}$/

/**
 * The EVM adapter: EIP-6963 and injected wallets over EIP-1193, balances over viem.
 * @example
 * const portico = createPortico({ networks: [defineEvmNetwork(mainnet)], adapters: [evm()] })
 */
export function evm(options: EvmAdapterOptions = {}): AdapterFactory {
  const promptTimeoutMs = options.promptTimeoutMs ?? PROMPT_TIMEOUT_MS
  const requestTimeoutMs = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS
  const revokeTimeoutMs = options.revokeTimeoutMs ?? REVOKE_TIMEOUT_MS
  const { walletConnect } = options

  return (context: AdapterContext): Adapter => {
    const { logger } = context
    const connections = createConnections<Connection>('eip155')
    const clients = new Map<string, Client>()
    const importRpc = createLazyImport(() => import('./rpcClient.js'))
    let discovery: Discovery | undefined

    const getProvider = (connectorId: string) =>
      findWallet(
        connectorId,
        (id) => connections.get(id)?.provider,
        (id) => discovery?.getWallet(id),
      )
    const getConnectedProvider = (connectorId: string) => connections.require(connectorId).provider
    const forget = connections.forget

    const subscribe = (connectorId: string, provider: Eip1193Provider) => {
      forget(connectorId)
      const onAccountsChanged = (payload: unknown) => {
        const accounts = parseAccounts(payload)
        if (!accounts) {
          logger.warn('evm: dropped a malformed accountsChanged event', payload)
          return
        }
        if (accounts.length === 0) {
          forget(connectorId)
          context.emit({ type: 'disconnect', connectorId })
          return
        }
        context.emit({ type: 'accountsChanged', connectorId, accounts })
      }
      const onChainChanged = (payload: unknown) => {
        const chainId = parseChainId(payload)
        if (chainId === undefined) {
          logger.warn('evm: dropped a malformed chainChanged event', payload)
          return
        }
        context.emit({ type: 'chainChanged', connectorId, chainId })
      }
      const onDisconnect = (payload: unknown) => {
        const code = getProviderErrorCode(payload)
        if (code === undefined) {
          logger.warn('evm: dropped a malformed disconnect event', payload)
          return
        }
        // MetaMask reports 1013 while it reconnects to its RPC; the account is still connected.
        if (code === 1013) {
          logger.debug('evm: ignored a transient disconnect (1013)')
          return
        }
        forget(connectorId)
        context.emit({ type: 'disconnect', connectorId })
      }
      provider.on?.('accountsChanged', onAccountsChanged)
      provider.on?.('chainChanged', onChainChanged)
      provider.on?.('disconnect', onDisconnect)
      connections.set(connectorId, {
        provider,
        unsubscribe: () => {
          provider.removeListener?.('accountsChanged', onAccountsChanged)
          provider.removeListener?.('chainChanged', onChainChanged)
          provider.removeListener?.('disconnect', onDisconnect)
        },
      })
    }

    const readChainId = async (provider: Eip1193Provider, timeoutMs: number) => {
      const chainId = parseChainId(await requestProvider(provider, { method: 'eth_chainId' }, { timeoutMs }))
      if (chainId === undefined) throw new InvalidResponseError('chain id')
      return chainId
    }

    const getClient = async (network: Network): Promise<Client> => {
      const url = network.rpcUrls.default.http[0]
      if (!url)
        throw new ProviderRequestError('The network has no RPC URL.', { details: network.caipNetworkId })
      const key = `${network.caipNetworkId} ${url}`
      const known = clients.get(key)
      if (known) return known
      const { createRpcClient } = await importRpc()
      // Another read may have made it while the module was on its way.
      const client = clients.get(key) ?? createRpcClient(url)
      clients.set(key, client)
      return client
    }

    const { contracts, ...send } = createSendCapability({
      getClient,
      getConnectedProvider,
      readChainId,
      promptTimeoutMs,
      requestTimeoutMs,
      tetherStyleTokens: options.tetherStyleTokens,
      receiptPollingIntervalMs: options.receiptPollingIntervalMs,
    })

    // The name service (its resolver table and name check) loads after connecting, when core asks.
    const loadNames = createLazyImport(async () =>
      (await import('./createNamesCapability.js')).createNamesCapability({ getClient, ...options.ens }),
    )

    return {
      namespace: 'eip155',

      start() {
        if (!context.isBrowser || discovery) return
        walletConnect?.registerNamespace('eip155', {
          chains: context.networks().map((network) => network.caipNetworkId),
          methods: WALLET_CONNECT_EIP155_METHODS,
          events: WALLET_CONNECT_EIP155_EVENTS,
        })
        const target = (globalThis as { window?: Window }).window
        if (!target) return
        discovery = createDiscovery({
          window: target,
          logger,
          legacyInjected: options.legacyInjected ?? true,
          fixed: [
            ...(options.embeddedWallet ? [embeddedEntry(options.embeddedWallet)] : []),
            ...(walletConnect ? [walletConnectEntry(walletConnect)] : []),
          ],
          onChange: (connectors) => context.emit({ type: 'connectors', connectors }),
        })
        discovery.start()
        const external = options.externalWallets
        if (external && external.length > 0) {
          // The site's own wallets come in a chunk of their own, so a site without any does not
          // load their code; until it is there they are not listed, and a reconnect waits for
          // them as for an announcement.
          const listing = discovery
          import('./externalEntries.js').then(
            ({ externalEntries }) => {
              if (discovery === listing) listing.addFixed(externalEntries(external, logger))
            },
            (error: unknown) => logger.warn('evm: could not load the external wallets', error),
          )
        }
      },

      destroy() {
        connections.clear()
        discovery?.destroy()
        discovery = undefined
        clients.clear()
      },

      getConnectors: () => discovery?.getConnectors() ?? [],

      async connect({ connectorId }) {
        const provider = getProvider(connectorId)
        const accounts = parseAccounts(
          await requestProvider(provider, { method: 'eth_requestAccounts' }, { timeoutMs: promptTimeoutMs }),
        )
        if (!accounts || accounts.length === 0) throw new InvalidResponseError('account list')
        const chainId = await readChainId(provider, requestTimeoutMs)
        subscribe(connectorId, provider)
        return toResult(accounts, chainId)
      },

      async reconnect({ connectorId, timeoutMs, signal }) {
        // `timeoutMs` is core's bound for the connector's type (10 s for a browser wallet, 30 s for
        // the e-mail wallet's frame and for WalletConnect), not the page's 3 s: a slow answer still counts.
        const deadline = Date.now() + timeoutMs
        const provider =
          connections.get(connectorId)?.provider ?? (await discovery?.waitForWallet(connectorId, timeoutMs))
        // Not announced within the bound: the wallet is no longer installed.
        if (!provider) return undefined
        const remaining = () => Math.max(1, deadline - Date.now())
        let accounts: Address[] | undefined
        let chainId: number
        try {
          accounts = parseAccounts(
            await requestProvider(provider, { method: 'eth_accounts' }, { timeoutMs: remaining() }),
          )
          if (!accounts) throw new InvalidResponseError('account list')
          // No accounts: the wallet says this site is no longer connected.
          if (accounts.length === 0) return undefined
          chainId = await readChainId(provider, remaining())
        } catch (error) {
          if (isGoneAnswer(error)) return undefined
          throw error
        }
        // The visitor picked another wallet meanwhile: this one must not start reporting events.
        signal?.throwIfAborted()
        subscribe(connectorId, provider)
        return toResult(accounts, chainId)
      },

      async disconnect({ connectorId }) {
        const provider = connections.get(connectorId)?.provider ?? discovery?.getWallet(connectorId)
        forget(connectorId)
        // SPEC §4: the session is the wallet's link to every namespace; ending it disconnects them all.
        if (connectorId === WALLET_CONNECT_CONNECTOR_ID && walletConnect) {
          await walletConnect.disconnect()
          return
        }
        if (!provider) return
        try {
          await requestProvider(
            provider,
            { method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] },
            { timeoutMs: revokeTimeoutMs },
          )
        } catch (error) {
          // Many wallets do not implement revoking; the site forgets the connection anyway.
          logger.debug('evm: wallet_revokePermissions failed', error)
        }
      },

      async switchNetwork({ connectorId, network }) {
        const provider = getProvider(connectorId)
        const chainId = Number(network.id)
        if (!Number.isSafeInteger(chainId) || chainId <= 0) {
          throw new InvalidChainIdError({ details: `${String(network.id)} is not an EVM chain id.` })
        }
        const switchChain = () =>
          requestProvider(
            provider,
            { method: 'wallet_switchEthereumChain', params: [{ chainId: numberToHex(chainId) }] },
            { timeoutMs: promptTimeoutMs },
          )
        try {
          await switchChain()
        } catch (error) {
          // mapProviderError also finds the 4902 that MetaMask mobile nests in data.originalError.
          if (!(error instanceof UnrecognizedChainError)) throw error
          await requestProvider(
            provider,
            { method: 'wallet_addEthereumChain', params: [toAddChainParameters(network, chainId)] },
            { timeoutMs: promptTimeoutMs },
          )
          await switchChain()
        }
      },

      async signMessage({ connectorId, address, message }) {
        const provider = getConnectedProvider(connectorId)
        const signature = await requestProvider(
          provider,
          { method: 'personal_sign', params: [stringToHex(message), address] },
          { timeoutMs: promptTimeoutMs },
        )
        if (typeof signature !== 'string' || !SIGNATURE.test(signature))
          throw new InvalidResponseError('signature')
        return signature
      },

      async getBalance({ address, network }) {
        if (!isAddress(address, { strict: false })) {
          throw new ProviderRequestError('This is not an EVM address.', { details: address })
        }
        try {
          const { readBalance } = await importRpc()
          const value = await readBalance(await getClient(network), address)
          return { value, decimals: network.nativeCurrency.decimals, symbol: network.nativeCurrency.symbol }
        } catch (error) {
          if (error instanceof BaseError) throw error
          throw new ProviderRequestError('Could not read the balance.', {
            cause: error,
            details: `${network.caipNetworkId}: ${error instanceof Error ? error.message : String(error)}`,
          })
        }
      },

      getAddressExplorerUrl: ({ address, network }) => explorerUrl(network, `address/${address}`),
      getTransactionExplorerUrl: ({ hash, network }) => explorerUrl(network, `tx/${hash}`),

      send,
      contracts,
      loadNames,
    }
  }
}

/** A page of the network's block explorer, when it has one. */
function explorerUrl(network: Network, path: string): string | undefined {
  const explorer = network.blockExplorers?.default.url
  return explorer ? `${explorer.replace(/\/+$/, '')}/${path}` : undefined
}

/**
 * EIP-1193's "not connected" answers to a silent reconnect: 4100 (not authorised: the e-mail wallet's
 * frame when it is logged out, a wallet that revoked the site) and 4900 (disconnected), and the
 * NotConnectedError of a WalletConnect session that is gone.
 */
function isGoneAnswer(error: unknown): boolean {
  if (error instanceof NotConnectedError) return true
  const code =
    getProviderErrorCode(error instanceof BaseError ? error.cause : error) ?? getProviderErrorCode(error)
  return code === 4100 || code === 4900
}

function toResult(accounts: readonly Address[], chainId: number): ConnectResult {
  return { address: accounts[0]!, accounts, chainId }
}

/** Accounts from a wallet, checksummed; undefined when the payload is not a list of addresses. */
function parseAccounts(payload: unknown): Address[] | undefined {
  if (!Array.isArray(payload)) return undefined
  if (!payload.every((account) => typeof account === 'string' && isAddress(account, { strict: false })))
    return undefined
  return payload.map((account: string) => getAddress(account))
}

/** A chain id from a wallet (hex string, decimal string or number) as a number. */
function parseChainId(payload: unknown): number | undefined {
  const value =
    typeof payload === 'number'
      ? payload
      : typeof payload === 'string' && /^(0x[0-9a-fA-F]+|[0-9]+)$/.test(payload)
        ? Number(payload)
        : Number.NaN
  return Number.isSafeInteger(value) && value > 0 ? value : undefined
}

function toAddChainParameters(network: Network, chainId: number) {
  const explorer = network.blockExplorers?.default.url
  return {
    chainId: numberToHex(chainId),
    chainName: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: [...network.rpcUrls.default.http],
    ...(explorer ? { blockExplorerUrls: [explorer] } : {}),
  }
}
