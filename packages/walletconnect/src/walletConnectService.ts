import {
  type ChainNamespace,
  NotConnectedError,
  type WalletConnectEvent,
  type WalletConnectNamespaceRequest,
} from '@portico/core'
import { withTimeout } from '@portico/core/adapter-kit'
import { authenticationChainsOf } from './authenticationChains.js'
import { createMemoryStorage } from './createMemoryStorage.js'
import {
  type CreateWalletConnectParameters,
  DEFAULT_PAIRING_TTL_MS,
  DEFAULT_RELAY_TIMEOUT_MS,
  DEFAULT_RELAY_URL,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEFAULT_STORAGE_PREFIX,
  type WalletConnectService,
} from './createWalletConnectParameters.js'
import {
  projectRefusalReason,
  requestTimeoutError,
  toRequestError,
  WalletConnectChainNotApprovedError,
  WalletConnectDestroyedError,
  WalletConnectProjectRefusedError,
  WalletConnectRelayError,
} from './errors.js'
import { closeProvider, loadUniversalProvider, type Provider } from './loadUniversalProvider.js'
import { pairWithWallet } from './pairWithWallet.js'
import {
  type ParsedSession,
  parseSession,
  type RawSession,
  toCaip2,
  toCaip10Accounts,
} from './parseSession.js'
import { toSignIns } from './signIns.js'

type RawProviderSession = NonNullable<Provider['session']>

// sign-client refuses a request expiry outside 5 minutes…7 days; Portico's own timer can be shorter.
const MIN_REQUEST_EXPIRY_S = 300
const MAX_REQUEST_EXPIRY_S = 7 * 24 * 3600
// WalletConnect's USER_DISCONNECTED reason, what wallets expect when a dapp ends a session.
const USER_DISCONNECTED = { code: 6000, message: 'User disconnected.' }

/**
 * The WalletConnect service itself, loaded by `createWalletConnect` on first use: one session for
 * every registered namespace, the WalletConnect client loaded only on the first `connect()` or
 * `reconnect()`.
 *
 * @example
 * const walletConnect = createWalletConnect({
 *   projectId: 'my-project',
 *   metadata: { name: 'My dapp', description: 'Swaps', url: 'https://dapp.example', icons: [] },
 * })
 * const portico = createPortico({ networks, adapters, walletConnect })
 */
export function createWalletConnectService(parameters: CreateWalletConnectParameters): WalletConnectService {
  const relayUrl = parameters.relayUrl ?? DEFAULT_RELAY_URL
  const pairingTtlMs = parameters.pairingTtlMs ?? DEFAULT_PAIRING_TTL_MS
  const requestTimeoutMs = parameters.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS
  const relayTimeoutMs = parameters.relayTimeoutMs ?? DEFAULT_RELAY_TIMEOUT_MS
  const { logger } = parameters
  const isBrowser = typeof window !== 'undefined' && typeof indexedDB !== 'undefined'
  const storage = parameters.storage ?? (isBrowser ? undefined : createMemoryStorage())

  const namespaces = new Map<
    ChainNamespace,
    { chains: Set<string>; methods: Set<string>; events: Set<string> }
  >()
  const listeners = new Set<(event: WalletConnectEvent) => void>()
  let providerPromise: Promise<Provider> | undefined
  let current: ParsedSession | undefined
  let destroyed = false

  const emit = (event: WalletConnectEvent) => {
    for (const listener of [...listeners]) {
      try {
        listener(event)
      } catch (error) {
        logger?.error('A WalletConnect listener threw', error)
      }
    }
  }

  const adopt = (raw: RawSession): ParsedSession => {
    current = parseSession(raw)
    return current
  }

  // The relay refusing the project id (close code 3000), as WalletConnect's client reports it.
  const refusalListeners = new Set<(error: Error) => void>()
  const onRelayError = (error: unknown) => {
    const reason = projectRefusalReason(error)
    if (reason === undefined) return
    const refused = new WalletConnectProjectRefusedError({
      relayUrl,
      projectId: parameters.projectId,
      reason,
    })
    for (const listener of [...refusalListeners]) listener(refused)
  }
  const watchRefusal = (listener: (error: Error) => void) => {
    refusalListeners.add(listener)
    return () => {
      refusalListeners.delete(listener)
    }
  }

  const loadProvider = async (): Promise<Provider> => {
    const provider = await loadUniversalProvider({
      projectId: parameters.projectId,
      relayUrl,
      metadata: parameters.metadata,
      storagePrefix: parameters.storagePrefix ?? DEFAULT_STORAGE_PREFIX,
      storage,
      verify: parameters.verify ?? true,
    })
    listen(provider)
    return provider
  }

  const listen = (provider: Provider) => {
    const client = provider.client
    client.core.relayer.on('relayer_error', onRelayError)
    const ours = (topic: unknown) => current !== undefined && topic === current.topic
    client.on('session_event', ({ topic, params }) => {
      if (!ours(topic)) return
      const { event, chainId } = params
      if (event.name === 'accountsChanged') {
        const accounts = toCaip10Accounts(event.data, chainId)
        if (accounts) emit({ type: 'accountsChanged', accounts })
      } else if (event.name === 'chainChanged') {
        const changed = toCaip2(event.data, chainId)
        if (changed) emit({ type: 'chainChanged', chainId: changed })
      }
    })
    client.on('session_update', ({ topic }) => {
      if (!ours(topic)) return
      try {
        const session = adopt(client.session.get(topic) as unknown as RawSession)
        emit({ type: 'accountsChanged', accounts: session.session.accounts })
      } catch (error) {
        logger?.warn('Dropped a malformed WalletConnect session update', error)
      }
    })
    const ended = ({ topic }: { topic: string }) => {
      if (!ours(topic)) return
      current = undefined
      emit({ type: 'disconnect' })
    }
    client.on('session_delete', ended)
    client.on('session_expire', ended)
  }

  const getProvider = () => {
    if (destroyed) return Promise.reject(new WalletConnectDestroyedError())
    providerPromise ??= loadProvider().catch((error: unknown) => {
      providerPromise = undefined
      throw error
    })
    return providerPromise
  }

  // A client stuck on a relay that never answered keeps retrying; close it and start afresh next time.
  const dropProvider = () => {
    const pending = providerPromise
    providerPromise = undefined
    void pending?.then(closeProvider, () => undefined)
  }

  const loadProviderInTime = () =>
    withTimeout(getProvider(), relayTimeoutMs, () => {
      dropProvider()
      return new WalletConnectRelayError({ relayUrl, timeoutMs: relayTimeoutMs })
    })

  const requireSession = (): ParsedSession => {
    if (!current) throw new NotConnectedError()
    return current
  }

  const authenticationChains = () => authenticationChainsOf(namespaces)

  const service: WalletConnectService = {
    authenticationChains,

    registerNamespace(namespace: ChainNamespace, request: WalletConnectNamespaceRequest) {
      const entry = namespaces.get(namespace) ?? { chains: new Set(), methods: new Set(), events: new Set() }
      for (const chain of request.chains) entry.chains.add(chain)
      for (const method of request.methods) entry.methods.add(method)
      for (const event of request.events) entry.events.add(event)
      namespaces.set(namespace, entry)
    },

    async connect({ onPairing, signal, authenticate }) {
      const provider = await loadProviderInTime()
      if (current) await service.disconnect()
      const requested = Object.fromEntries(
        [...namespaces].map(([namespace, entry]) => [
          namespace,
          { chains: [...entry.chains], methods: [...entry.methods], events: [...entry.events] },
        ]),
      )
      const eip155 = namespaces.get('eip155')
      const offered = authenticationChains()
      const authChains = authenticate ? authenticate.chains.filter((chain) => offered.includes(chain)) : []
      type Approved = { session: RawProviderSession; auths?: readonly unknown[] | undefined }
      const propose =
        authenticate && authChains.length > 0
          ? async (): Promise<Approved | undefined> => {
              // The wallet fills in its account and signs; a wallet that cannot answers the session
              // proposal sign-client sends alongside, and the site asks for a signature later.
              const { session, auths } = await provider.authenticate({
                chains: authChains,
                domain: authenticate.domain,
                uri: authenticate.uri,
                nonce: authenticate.nonce,
                methods: [...eip155!.methods],
                ...(authenticate.statement !== undefined ? { statement: authenticate.statement } : {}),
                ...(authenticate.expirationTime !== undefined ? { exp: authenticate.expirationTime } : {}),
                ...(authenticate.notBefore !== undefined ? { nbf: authenticate.notBefore } : {}),
                ...(authenticate.requestId !== undefined ? { requestId: authenticate.requestId } : {}),
                ...(authenticate.resources ? { resources: [...authenticate.resources] } : {}),
              })
              return session ? { session, auths } : undefined
            }
          : async (): Promise<Approved | undefined> => {
              // universal-provider 2.21.8 puts every namespace it is given into optionalNamespaces
              // (and its sign-client moves requiredNamespaces there too, with a deprecation warning):
              // wallets approve what they support of the optional set instead of refusing the whole
              // proposal. Asking with optionalNamespaces says what actually happens.
              const session = await provider.connect({ optionalNamespaces: requested })
              return session ? { session } : undefined
            }
      const approved = await pairWithWallet(provider, {
        propose,
        onPairing,
        signal,
        pairingTtlMs,
        relayTimeoutMs,
        relayUrl,
        logger,
        onRelayFailure: dropProvider,
        watchRefusal,
      })
      const { session } = adopt(approved.session as unknown as RawSession)
      if (!approved.auths?.length) return session
      const signIns = toSignIns(
        approved.auths,
        (payload, issuer) => provider.client.formatAuthMessage({ request: payload as never, iss: issuer }),
        logger,
      )
      return signIns.length > 0 ? { ...session, signIns } : session
    },

    async reconnect() {
      const provider = await loadProviderInTime()
      const raw = provider.session
      if (!raw || raw.expiry * 1000 <= Date.now()) return undefined
      try {
        return adopt(raw as unknown as RawSession).session
      } catch (error) {
        logger?.warn('Ignored a stored WalletConnect session that did not parse', error)
        return undefined
      }
    },

    getSession() {
      return current?.session
    },

    async request({ chainId, method, params }) {
      const session = requireSession()
      if (!session.chains.includes(chainId))
        throw new WalletConnectChainNotApprovedError(chainId, session.chains)
      const provider = await getProvider()
      const expiry = Math.min(
        MAX_REQUEST_EXPIRY_S,
        Math.max(MIN_REQUEST_EXPIRY_S, Math.ceil(requestTimeoutMs / 1000)),
      )
      // Straight to the wallet through sign-client: universal-provider would answer methods the
      // wallet did not approve from WalletConnect's hosted RPC, which Portico never calls.
      const sent = provider.client.request({
        topic: session.topic,
        chainId,
        request: { method, params: params as never },
        expiry,
      })
      try {
        return await withTimeout(sent, requestTimeoutMs, () => requestTimeoutError(method, requestTimeoutMs))
      } catch (error) {
        throw toRequestError(error)
      }
    },

    async disconnect() {
      const session = current
      current = undefined
      if (!session || !providerPromise) return
      const provider = await providerPromise
      try {
        // universal-provider's own disconnect also clears what it stored beside the session.
        const ending =
          provider.session?.topic === session.topic
            ? provider.disconnect()
            : provider.client.disconnect({ topic: session.topic, reason: USER_DISCONNECTED })
        await withTimeout(
          ending,
          relayTimeoutMs,
          () => new WalletConnectRelayError({ relayUrl, timeoutMs: relayTimeoutMs }),
        )
      } catch (error) {
        // The wallet may be unreachable; the session still ends here, and the wallet drops it on expiry.
        logger?.warn('Could not tell the wallet about the disconnect', error)
        await provider.client.session.delete(session.topic, USER_DISCONNECTED).catch(() => undefined)
      }
      // universal-provider keeps its own copy of the session, which its disconnect would have cleared.
      if (provider.session?.topic === session.topic) Object.assign(provider, { session: undefined })
    },

    async destroy() {
      destroyed = true
      listeners.clear()
      current = undefined
      const pending = providerPromise
      providerPromise = undefined
      const provider = await pending?.catch(() => undefined)
      if (provider) await closeProvider(provider)
    },

    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
  return service
}
