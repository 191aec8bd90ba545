import { proxy } from 'valtio/vanilla'
import { createActivityState } from './activity/resetActivity.js'
import type { Adapter, Logger } from './adapterKit/contract.js'
import { createAnalytics } from './analytics/createAnalytics.js'
import { watchAccountViewOpening } from './balances/refreshAccountAssets.js'
import { type PorticoConfig, resolveFeatures } from './config.js'
import { handleAdapterEvent } from './connection/handleAdapterEvent.js'
import { watchEmbeddedApprovals } from './email/modal/watchEmbeddedApprovals.js'
import { BaseError } from './errors/base.js'
import { initialize } from './initialize.js'
import { followDomainEvent } from './modal/followDomainEvent.js'
import { createChainState } from './network/createChainState.js'
import type { ChainNamespace } from './network/types.js'
import type { Portico, PorticoInternal, PorticoState } from './portico.js'
import { watchWalletRegistryNeed } from './registry/refreshWalletRegistry.js'
import { createSendState } from './send/resetSend.js'
import { watchSiwxAccount } from './siwx/checkSiwx.js'
import { createBrowserStorage, createMemoryStorage } from './storage/storage.js'
import { createTypedStorage } from './storage/typedStorage.js'
import { createSwapState } from './swap/resetSwap.js'
import { registerBasicNamespaces, watchBasicSession } from './walletConnect/basicMode.js'
import { isBasicWalletConnect } from './walletConnect/isBasicWalletConnect.js'

const consoleLogger: Logger = {
  debug: () => {},
  warn: (message, details) => console.warn(`[portico] ${message}`, details ?? ''),
  error: (message, details) => console.error(`[portico] ${message}`, details ?? ''),
}

function detectMobile(): boolean {
  const agent = globalThis.navigator?.userAgent ?? ''
  return /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i.test(agent)
}

export class InvalidConfigError extends BaseError {
  override name = 'InvalidConfigError' as const
  constructor(details: string) {
    super('The Portico configuration is invalid.', { details })
  }
}
export type InvalidConfigErrorType = InvalidConfigError & { name: 'InvalidConfigError' }

/**
 * Creates one Portico instance that owns all of its state, adapters and timers.
 *
 * @example
 * const portico = createPortico({ networks: [mainnet], adapters: [evm()] })
 */
export function createPortico(config: PorticoConfig): Portico {
  const networks = [...config.networks]
  if (networks.length === 0) throw new InvalidConfigError('`networks` needs at least one network.')
  const seen = new Set<string>()
  for (const network of networks) {
    const expected = `${network.namespace}:${network.id}`
    if (network.caipNetworkId !== expected)
      throw new InvalidConfigError(
        `Network "${network.name}" has caipNetworkId ${network.caipNetworkId}; expected ${expected}.`,
      )
    const { decimals } = network.nativeCurrency
    if (!Number.isInteger(decimals) || decimals < 0 || decimals > 36)
      throw new InvalidConfigError(
        `Network "${network.name}" has ${decimals} native currency decimals; expected 0 to 36.`,
      )
    if (seen.has(network.caipNetworkId))
      throw new InvalidConfigError(`${network.caipNetworkId} is listed twice.`)
    seen.add(network.caipNetworkId)
  }
  const defaultNetwork = config.defaultNetwork ?? networks[0]!
  if (!seen.has(defaultNetwork.caipNetworkId))
    throw new InvalidConfigError(`defaultNetwork ${defaultNetwork.caipNetworkId} is not in \`networks\`.`)

  const isBrowser = typeof window !== 'undefined' && typeof document !== 'undefined'
  const logger = config.logger ?? consoleLogger
  const rawStorage = config.storage ?? (isBrowser ? createBrowserStorage() : createMemoryStorage())
  const features = resolveFeatures(config.features)

  const state: PorticoState = proxy({
    modal: {
      loading: false,
      open: false,
      selectedNetworkId: defaultNetwork.caipNetworkId,
      activeChain: defaultNetwork.namespace,
      initialized: false,
      shake: false,
      legalAccepted: false,
    },
    router: { route: { view: 'Connect' }, history: [] },
    networks,
    chains: {},
    connectors: { byNamespace: {}, recent: [] },
    connection: {
      status: 'disconnected',
      connectingConnectorId: undefined,
      error: undefined,
      switchingNamespace: false,
      pendingNetworkId: undefined,
      switchError: undefined,
    },
    theme: { themeMode: config.themeMode ?? 'dark', themeVariables: { ...config.themeVariables } },
    alert: { current: undefined },
    toast: { current: undefined },
    activity: createActivityState(undefined),
    send: createSendState(),
    swap: createSwapState(),
    siwx: { status: 'idle', caipAddress: undefined, session: undefined, error: undefined },
    emailLogin: { status: 'idle', email: undefined, error: undefined, accountEmail: undefined },
    socialLogin: {
      status: 'idle',
      provider: undefined,
      error: undefined,
      accountUsername: undefined,
      accountProvider: undefined,
    },
    // The other fields stay absent until a Farcaster login sets them.
    farcasterLogin: { status: 'idle' },
    walletConnect: { status: 'idle', pairing: undefined, walletId: undefined, error: undefined },
    walletRegistry: { wallets: undefined, updatedAt: undefined, loading: false },
  })

  const internal: PorticoInternal = {
    adapters: new Map(),
    storage: createTypedStorage(rawStorage, logger),
    logger,
    isBrowser,
    isMobile: config.isMobile ?? detectMobile,
    connectAttempt: 0,
    connectCancel: undefined,
    balanceRequest: {},
    tokenBalanceRequest: {},
    tokenBalanceOwner: {},
    balanceOwner: {},
    tokenBalanceFetching: new Set(),
    activityRequest: 0,
    sendFeeRequest: 0,
    sendAttempt: 0,
    stopSendForm: undefined,
    swapQuoteRequest: 0,
    swapAttempt: 0,
    stopSwapForm: undefined,
    siwxCheck: 0,
    siwxAttempt: 0,
    siwxCancel: undefined,
    emailLoginAttempt: 0,
    socialLoginAttempt: 0,
    farcasterLoginAttempt: 0,
    farcasterResync: undefined,
    walletConnectPairing: undefined,
    siblingConnection: undefined,
    apiAlertsShown: new Set(),
    modalOpenedAt: undefined,
    closeAfterConnect: undefined,
    onDomainEvent: () => {},
    timers: {},
    nextId: 1,
    initialization: undefined,
    reconnects: new Map(),
    track: () => {},
    cleanups: [],
  }

  state.emailLogin.accountEmail = internal.storage.get('email')
  // SPEC §3: the social username and provider are kept, so Account shows them after a reload.
  state.socialLogin.accountUsername = internal.storage.get('socialUsername')
  state.socialLogin.accountProvider = internal.storage.get('socialProvider')
  // A Farcaster picture is checked before it is shown, by code that loads only for it.
  const socialImage = internal.storage.get('socialImage')

  const portico: Portico = {
    state,
    config,
    internal,
    options: {
      metadata: config.metadata,
      projectId: config.projectId,
      apiUrl: config.apiUrl,
      features,
      excludeWalletIds: config.excludeWalletIds ?? [],
      featuredWalletIds: config.featuredWalletIds ?? [],
      allowUnsupportedChain: config.allowUnsupportedChain ?? false,
      enableEmbedded: config.enableEmbedded ?? false,
      keepOpenAfterConnect: config.keepOpenAfterConnect ?? false,
      defaultNetworkId: defaultNetwork.caipNetworkId,
      sdkType: config.sdkType ?? 'portico',
      sdkVersion: config.sdkVersion ?? 'react-0.1.0',
    },
  }
  if (socialImage)
    void import('./social/socialImage.js').then(({ showSocialImage }) =>
      showSocialImage(portico, socialImage),
    )
  internal.onDomainEvent = (event) => followDomainEvent(portico, event)
  internal.track = createAnalytics(portico)

  for (const factory of config.adapters ?? []) {
    let adapter: Adapter | undefined
    const context = {
      networks: () => state.networks.filter((network) => network.namespace === adapter?.namespace),
      storage: rawStorage,
      logger,
      isBrowser,
      emit: (event: Parameters<typeof handleAdapterEvent>[2]) => {
        if (adapter) handleAdapterEvent(portico, adapter.namespace, event)
      },
    }
    adapter = factory(context)
    if (internal.adapters.has(adapter.namespace))
      throw new InvalidConfigError(`Two adapters for the ${adapter.namespace} namespace.`)
    internal.adapters.set(adapter.namespace, adapter)
  }

  const namespaces = new Set<ChainNamespace>([
    ...networks.map((n) => n.namespace),
    ...internal.adapters.keys(),
  ])
  for (const namespace of namespaces) {
    const first =
      namespace === defaultNetwork.namespace
        ? defaultNetwork
        : networks.find((n) => n.namespace === namespace)
    state.chains[namespace] = createChainState(namespace, first)
  }

  internal.cleanups.push(watchAccountViewOpening(portico))
  if (config.siwx) internal.cleanups.push(watchSiwxAccount(portico))
  internal.cleanups.push(watchEmbeddedApprovals(portico))
  if (config.walletRegistry) internal.cleanups.push(watchWalletRegistryNeed(portico))
  if (isBasicWalletConnect(portico)) {
    registerBasicNamespaces(portico)
    internal.cleanups.push(watchBasicSession(portico))
  }
  if (isBrowser && !config.ssr) void initialize(portico)
  return portico
}
