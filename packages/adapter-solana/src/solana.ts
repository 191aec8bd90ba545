import {
  type Adapter,
  type AdapterContext,
  type AdapterTokenBalance,
  BaseError,
  type Connector,
  ConnectorNotFoundError,
  type ConnectResult,
  EMBEDDED_WALLET_CONNECTOR_ID,
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
  encodeBase58,
  findWallet,
} from '@portico/core/adapter-kit'
import { createDiscovery, type DiscoveryTarget, isSafeIconUrl } from './createDiscovery.js'
import { createEmbeddedSolanaWallet, type SolanaEmbeddedWallet } from './createEmbeddedSolanaWallet.js'
import {
  InvalidSolanaTransactionOptionsError,
  SolanaAdapterLoadError,
  SolanaChainNotSupportedError,
  SolanaSendFailedError,
} from './errors.js'
import type { GetTokenBalancesParameters, SolanaKnownToken } from './getTokenBalances.js'
import { isSolanaAddress } from './isSolanaAddress.js'
import { callWallet } from './mapWalletError.js'
import { getExplorerUrl, getWalletStandardChain } from './networks.js'
import type { RpcCapabilities, SolanaSender } from './rpcCapabilities.js'
import type { SolanaSendCapability } from './send.js'
import { createWalletConnectConnection, type WalletConnectConnection } from './walletConnectConnection.js'
import {
  getFeature,
  SOLANA_SIGN_MESSAGE,
  type SolanaSignMessageFeature,
  type SolanaTransactionOptions,
  STANDARD_CONNECT,
  STANDARD_DISCONNECT,
  STANDARD_EVENTS,
  type StandardConnectFeature,
  type StandardDisconnectFeature,
  type StandardEventsChange,
  type StandardEventsFeature,
  type Wallet,
  type WalletAccount,
} from './walletStandard.js'

export interface SolanaAdapterOptions {
  /** How long a request the visitor must answer (connect, sign, send) may wait. Default 4 min. */
  promptTimeoutMs?: number
  /** How long an RPC request may take. Default 10 s. */
  requestTimeoutMs?: number
  /** How long the best-effort `standard:disconnect` may take. Default 1 s. */
  disconnectTimeoutMs?: number
  /**
   * SPEC §5 sign-and-send options for every send, over the defaults (`preflightCommitment:
   * 'confirmed'` and `minContextSlot` of the blockhash read).
   * @example { skipPreflight: true, maxRetries: 3 }
   */
  transactionOptions?: SolanaTransactionOptions
  /** How often `waitForTransaction` asks for the status. Default 1 s, 200 ms for a loopback RPC URL. */
  confirmationPollingIntervalMs?: number
  /** Names, symbols and icons for SPL mints that `getTokenBalances` reports. */
  knownTokens?: readonly SolanaKnownToken[]
  /**
   * Mobile wallets over WalletConnect, offered as the WALLET_CONNECT connector `walletConnect`; the
   * same object goes to `createPortico({ walletConnect })`. `@portico/walletconnect` provides it.
   */
  walletConnect?: WalletConnect
  /**
   * Wallet Standard wallet objects the site provides itself (a hardware wallet's SDK, a wallet
   * that does not register on the page), offered as EXTERNAL connectors: the `external` section of
   * `connectorTypeOrder`.
   */
  externalWallets?: readonly Wallet[]
  /**
   * The embedded (e-mail) wallet, offered as the AUTH connector `portico.embedded` with its Solana
   * account (SPEC §6: the auth connector supports eip155 and solana). Pass the same object to
   * `createPortico({ embeddedWallet })` and `evm({ embeddedWallet })`: one e-mail login connects
   * both namespaces. `@portico/embedded-wallet` provides it.
   */
  embeddedWallet?: SolanaEmbeddedWallet
  /** Where Wallet Standard events are heard instead of `window`: for tests without a DOM. */
  window?: DiscoveryTarget
}

/** The Solana adapter: core's contract plus `getTokenBalances` for sites without a server. */
export type SolanaAdapter = Omit<Adapter, 'send' | 'getTransactionExplorerUrl' | 'namespace'> & {
  namespace: 'solana'
  send: SolanaSendCapability
  getTransactionExplorerUrl(parameters: { hash: string; network: Network }): string | undefined
  /** SPL balances of an owner on a network, read from its RPC (Token and Token-2022). */
  getTokenBalances(parameters: GetTokenBalancesParameters): Promise<AdapterTokenBalance[]>
}

/** `solana(options)` returns one of these; core calls it with the instance's context. */
export type SolanaAdapterFactory = (context: AdapterContext) => SolanaAdapter

interface Connection {
  wallet: Wallet
  /** The addresses last reported to core, to report only real changes. */
  addresses: readonly string[]
  unsubscribe: () => void
}

// SPEC §9: 4 min for a prompt, 10 s for HTTP, 1 s for clean-up.
const PROMPT_TIMEOUT_MS = 240_000
const REQUEST_TIMEOUT_MS = 10_000
const DISCONNECT_TIMEOUT_MS = 1_000
const SIGNATURE_BYTES = 64
const COMMITMENTS = new Set([
  'processed',
  'confirmed',
  'finalized',
  'recent',
  'single',
  'singleGossip',
  'root',
  'max',
])

/**
 * The Solana adapter: Wallet Standard wallets, SOL and SPL balances and sends over `@solana/kit`.
 * @example
 * const portico = createPortico({ networks: [solanaMainnet, solanaDevnet], adapters: [solana()] })
 */
export function solana(options: SolanaAdapterOptions = {}): SolanaAdapterFactory {
  const promptTimeoutMs = options.promptTimeoutMs ?? PROMPT_TIMEOUT_MS
  const requestTimeoutMs = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS
  const disconnectTimeoutMs = options.disconnectTimeoutMs ?? DISCONNECT_TIMEOUT_MS
  const transactionOptions = checkTransactionOptions(options.transactionOptions ?? {})

  return (context: AdapterContext): SolanaAdapter => {
    const { logger } = context
    const connections = createConnections<Connection>('solana')
    const walletConnect: WalletConnectConnection | undefined =
      options.walletConnect &&
      createWalletConnectConnection({ service: options.walletConnect, context, promptTimeoutMs })
    const isWalletConnect = (connectorId: string): boolean =>
      walletConnect !== undefined && connectorId === WALLET_CONNECT_CONNECTOR_ID
    const wallets = createConnectorList({
      context,
      walletConnect: walletConnect?.connector,
      fixed: options.embeddedWallet ? [embeddedEntry(options.embeddedWallet, context)] : [],
      discover: (onChange) => {
        const target = options.window ?? (globalThis as { window?: DiscoveryTarget }).window
        return (
          target &&
          createDiscovery({
            window: target,
            logger,
            onChange,
            ...(options.externalWallets ? { external: options.externalWallets } : {}),
          })
        )
      },
    })

    const getWallet = (connectorId: string) =>
      findWallet(connectorId, (id) => connections.get(id)?.wallet, wallets.getWallet)
    const getConnectedWallet = (connectorId: string) => connections.require(connectorId).wallet
    const forget = connections.forget

    const subscribe = (connectorId: string, wallet: Wallet, accounts: readonly WalletAccount[]) => {
      forget(connectorId)
      const events = getFeature<StandardEventsFeature>(wallet, STANDARD_EVENTS, 'on')
      const connection: Connection = {
        wallet,
        addresses: accounts.map((account) => account.address),
        unsubscribe: () => {},
      }
      const onChange = (properties: StandardEventsChange) => {
        // Only account changes matter here; chains and features changes come with no accounts key.
        if (typeof properties !== 'object' || properties === null || !('accounts' in properties)) return
        if (connections.get(connectorId) !== connection) return
        const next = parseAccounts(properties.accounts)
        if (!next) {
          logger.warn('solana: dropped a malformed change event', properties)
          return
        }
        if (next.length === 0) {
          forget(connectorId)
          context.emit({ type: 'disconnect', connectorId })
          return
        }
        const addresses = next.map((account) => account.address)
        if (
          addresses.length === connection.addresses.length &&
          addresses.every((a, i) => a === connection.addresses[i])
        )
          return
        connection.addresses = addresses
        context.emit({ type: 'accountsChanged', connectorId, accounts: addresses })
      }
      try {
        const off = events?.on('change', onChange)
        if (typeof off === 'function') connection.unsubscribe = off
      } catch (error) {
        logger.warn(`solana: ${wallet.name} refused a change listener`, error)
      }
      connections.set(connectorId, connection)
    }

    /** The network to report: the asked one if the account can use it, else one it can. */
    const pickNetwork = (requested: Network | undefined, accounts: readonly WalletAccount[]): Network => {
      const networks = context.networks()
      const wanted = requested ?? networks[0]
      if (!wanted) throw new ProviderRequestError('No Solana network is configured.')
      const supports = (network: Network) => accounts[0]!.chains.includes(getWalletStandardChain(network))
      if (supports(wanted)) return wanted
      return networks.find(supports) ?? wanted
    }

    const toResult = (accounts: readonly WalletAccount[], network: Network): ConnectResult => {
      const addresses = accounts.map((account) => account.address)
      return { address: addresses[0]!, accounts: addresses, chainId: network.id }
    }

    const getSender = (connectorId: string): SolanaSender =>
      isWalletConnect(connectorId)
        ? walletConnect!.getSender()
        : { type: 'walletStandard', wallet: getConnectedWallet(connectorId) }

    // The RPC half (balances, fees, sends) is loaded on first use: a page that only connects and
    // signs never downloads kit's RPC, transaction building or the token program clients.
    let rpcCapabilities: RpcCapabilities | undefined
    const importRpcCapabilities = createLazyImport(() => import('./rpcCapabilities.js'))
    const loadRpc = async (): Promise<RpcCapabilities> => {
      if (rpcCapabilities) return rpcCapabilities
      let module: typeof import('./rpcCapabilities.js')
      try {
        module = await importRpcCapabilities()
      } catch (error) {
        throw new SolanaAdapterLoadError({ cause: error, details: String(error) })
      }
      rpcCapabilities ??= module.createRpcCapabilities({
        requestTimeoutMs,
        promptTimeoutMs,
        transactionOptions,
        confirmationPollingIntervalMs: options.confirmationPollingIntervalMs,
        knownTokens: options.knownTokens ?? [],
        getSender,
      })
      return rpcCapabilities
    }

    return {
      namespace: 'solana',

      start() {
        if (wallets.start()) walletConnect?.start()
      },

      destroy() {
        connections.clear()
        wallets.destroy()
        walletConnect?.destroy()
        rpcCapabilities?.clear()
      },

      getConnectors: wallets.getConnectors,

      async connect({ connectorId, network }) {
        if (isWalletConnect(connectorId)) return walletConnect!.connect(network)
        const wallet = getWallet(connectorId)
        const feature = getFeature<StandardConnectFeature>(wallet, STANDARD_CONNECT, 'connect')
        if (!feature) throw new ConnectorNotFoundError(connectorId)
        const output = await callWallet(STANDARD_CONNECT, () => feature.connect(), {
          timeoutMs: promptTimeoutMs,
        })
        const accounts = parseAccounts((output as { accounts?: unknown } | undefined)?.accounts)
        if (!accounts || accounts.length === 0) throw new InvalidResponseError('account list')
        subscribe(connectorId, wallet, accounts)
        return toResult(accounts, pickNetwork(network, accounts))
      },

      async reconnect({ connectorId, timeoutMs, signal }) {
        // `timeoutMs` is core's bound for the connector's type, not the page's 3 s: a wallet that
        // answers late still comes back; only a "no" (no accounts, a refusal) resolves undefined.
        if (isWalletConnect(connectorId)) return walletConnect!.reconnect(timeoutMs, signal)
        const deadline = Date.now() + timeoutMs
        const wallet =
          connections.get(connectorId)?.wallet ?? (await wallets.waitForWallet(connectorId, timeoutMs))
        if (!wallet) return undefined
        const feature = getFeature<StandardConnectFeature>(wallet, STANDARD_CONNECT, 'connect')
        if (!feature) return undefined
        let output: unknown
        try {
          output = await callWallet(STANDARD_CONNECT, () => feature.connect({ silent: true }), {
            timeoutMs: Math.max(1, deadline - Date.now()),
          })
        } catch (error) {
          // Some wallets answer a silent connect they cannot grant with a refusal: the connection is gone.
          if (error instanceof UserRejectedRequestError) return undefined
          throw error
        }
        const accounts = parseAccounts((output as { accounts?: unknown } | undefined)?.accounts)
        if (!accounts) throw new InvalidResponseError('account list')
        if (accounts.length === 0) return undefined
        // The visitor picked another wallet meanwhile: this one must not start reporting events.
        signal?.throwIfAborted()
        subscribe(connectorId, wallet, accounts)
        return toResult(accounts, pickNetwork(undefined, accounts))
      },

      async disconnect({ connectorId }) {
        if (isWalletConnect(connectorId)) return walletConnect!.disconnect()
        const wallet = connections.get(connectorId)?.wallet ?? wallets.getWallet(connectorId)
        forget(connectorId)
        const feature =
          wallet && getFeature<StandardDisconnectFeature>(wallet, STANDARD_DISCONNECT, 'disconnect')
        if (!feature) return
        try {
          await callWallet(STANDARD_DISCONNECT, () => feature.disconnect(), {
            timeoutMs: disconnectTimeoutMs,
          })
        } catch (error) {
          // The site forgets the connection whatever the wallet says.
          logger.debug('solana: standard:disconnect failed', error)
        }
      },

      async switchNetwork({ connectorId, network }) {
        if (isWalletConnect(connectorId)) return walletConnect!.switchNetwork(network)
        const wallet = getConnectedWallet(connectorId)
        const chain = getWalletStandardChain(network)
        const address = connections.get(connectorId)?.addresses[0]
        const account = wallet.accounts.find((candidate) => candidate.address === address)
        const chains = account?.chains ?? wallet.chains
        // Solana wallets have no switch request: the site picks the cluster, the wallet only has to know it.
        if (!chains.includes(chain)) {
          throw new SolanaChainNotSupportedError({
            details: `${wallet.name} lists ${chains.filter((c) => c.startsWith('solana:')).join(', ') || 'no Solana chain'} for this account, not ${chain} (${network.name}).`,
          })
        }
        context.emit({ type: 'chainChanged', connectorId, chainId: network.id })
      },

      async signMessage({ connectorId, address, message }) {
        if (isWalletConnect(connectorId)) return walletConnect!.signMessage(address, message)
        const wallet = getConnectedWallet(connectorId)
        const feature = getFeature<SolanaSignMessageFeature>(wallet, SOLANA_SIGN_MESSAGE, 'signMessage')
        if (!feature)
          throw new ProviderRequestError('This wallet cannot sign messages.', { details: wallet.name })
        const account = wallet.accounts.find((candidate) => candidate.address === address)
        if (!account)
          throw new ProviderRequestError('The wallet no longer exposes this account.', { details: address })
        const bytes = new Uint8Array(new TextEncoder().encode(message))
        const outputs = await callWallet(
          SOLANA_SIGN_MESSAGE,
          () => feature.signMessage({ account, message: bytes }),
          {
            timeoutMs: promptTimeoutMs,
          },
        )
        const output = (
          outputs as readonly { signature?: unknown; signedMessage?: unknown }[] | undefined
        )?.[0]
        const signature = output?.signature
        if (!(signature instanceof Uint8Array) || signature.length !== SIGNATURE_BYTES)
          throw new InvalidResponseError('signature')
        // A wallet may sign a changed message and say so; that signature would not verify against ours.
        const signed = output?.signedMessage
        if (signed instanceof Uint8Array && !sameBytes(signed, bytes))
          throw new InvalidResponseError('signature', { details: 'The wallet signed a different message.' })
        return encodeBase58(signature)
      },

      getBalance: async (parameters) => (await loadRpc()).getBalance(parameters),

      getAddressExplorerUrl: ({ address, network }) => getExplorerUrl(network, `address/${address}`),

      getTokenBalances: async (parameters) => (await loadRpc()).getTokenBalances(parameters),

      send: {
        isAddress: (value) => isSolanaAddress(value),

        estimateFee: async (parameters) => (await loadRpc()).estimateFee(parameters),

        async send(parameters) {
          let rpc: RpcCapabilities
          try {
            rpc = await loadRpc()
          } catch (error) {
            // SPEC §8's Solana send text, as for any other failed send; the reason stays in the cause.
            throw new SolanaSendFailedError({
              cause: error,
              details: error instanceof BaseError ? error.message : String(error),
            })
          }
          return rpc.send(parameters)
        },

        waitForTransaction: async (parameters) => (await loadRpc()).waitForTransaction(parameters),
      },

      getTransactionExplorerUrl: ({ hash, network }) => getExplorerUrl(network, `tx/${hash}`),
    }
  }
}

/** The AUTH connector of the embedded wallet (its id is core's `EMBEDDED_WALLET_CONNECTOR_ID`). */
function embeddedEntry(embedded: SolanaEmbeddedWallet, context: AdapterContext) {
  const connector: Connector = {
    id: EMBEDDED_WALLET_CONNECTOR_ID,
    name: embedded.name ?? 'E-mail wallet',
    type: 'AUTH',
    namespace: 'solana',
    installed: true,
  }
  if (embedded.imageUrl && isSafeIconUrl(embedded.imageUrl)) connector.imageUrl = embedded.imageUrl
  return { connector, wallet: createEmbeddedSolanaWallet(embedded, context.networks) }
}

/**
 * The Solana accounts among a wallet's: valid base58 addresses that list a Solana chain. Undefined
 * when the payload is not a list at all.
 */
function parseAccounts(payload: unknown): WalletAccount[] | undefined {
  if (!Array.isArray(payload)) return undefined
  return payload.filter(
    (account): account is WalletAccount =>
      typeof account === 'object' &&
      account !== null &&
      typeof account.address === 'string' &&
      isSolanaAddress(account.address) &&
      Array.isArray(account.chains) &&
      account.chains.some((chain: unknown) => typeof chain === 'string' && chain.startsWith('solana:')) &&
      Array.isArray(account.features),
  )
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index])
}

function checkTransactionOptions(value: SolanaTransactionOptions): SolanaTransactionOptions {
  const problems: string[] = []
  if (value.skipPreflight !== undefined && typeof value.skipPreflight !== 'boolean')
    problems.push('skipPreflight must be a boolean')
  if (value.preflightCommitment !== undefined && !COMMITMENTS.has(value.preflightCommitment))
    problems.push(`preflightCommitment must be one of ${[...COMMITMENTS].join(', ')}`)
  for (const key of ['maxRetries', 'minContextSlot'] as const) {
    const number = value[key]
    if (number !== undefined && (!Number.isSafeInteger(number) || number < 0))
      problems.push(`${key} must be a whole number`)
  }
  if (problems.length > 0) throw new InvalidSolanaTransactionOptionsError({ details: problems.join('; ') })
  return value
}
