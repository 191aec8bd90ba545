import { BaseError, ProviderTimeoutError } from '../errors/base.js'
import type { Portico } from '../portico.js'
import type { ConnectorType, ConnectResult } from '../types/adapter.js'
import type { ChainNamespace } from '../types/network.js'
import type { WalletConnectSession } from '../types/walletConnect.js'
import {
  applyBasicSession,
  isBasicWalletConnect,
  WALLET_CONNECT_CONNECTOR_ID,
} from '../walletConnect/basicMode.js'
import { applyConnection } from './applyConnection.js'
import { checkUnsupportedChain } from './checkUnsupportedChain.js'
import { findConnector } from './connect.js'
import { EMBEDDED_WALLET_CONNECTOR_ID } from './connectEmail.js'
import { clearEmailLoginCache } from './submitEmailOtp.js'
import { syncConnectionStatus } from './syncConnectionStatus.js'

/**
 * How long a stored connection may take to come back after a reload, per connector type. A wallet
 * that has not answered by then is given up for this visit only: its connection stays stored and
 * the next page load asks again, since silence is not a "no".
 * - Browser wallets (INJECTED, ANNOUNCED, MULTI_CHAIN, EXTERNAL): 10 s, SPEC §9's wait for a wallet
 *   request without a prompt; a locked or busy extension answers within it or not at all.
 * - WALLET_CONNECT: 30 s, for the WalletConnect client's download and start, which the service
 *   bounds again by its relay timeout (10 s by default) once the code is there.
 * - AUTH (the e-mail wallet): 30 s, the frame's own timeout (SPEC §9) for its page and its answers.
 */
export const RECONNECT_BOUND_MS = {
  INJECTED: 10_000,
  ANNOUNCED: 10_000,
  MULTI_CHAIN: 10_000,
  EXTERNAL: 10_000,
  WALLET_CONNECT: 30_000,
  AUTH: 30_000,
} as const satisfies Record<ConnectorType, number>

/** The wait for a stored connection ended because the visitor picked another wallet. */
export class ReconnectCancelledError extends BaseError {
  override name = 'ReconnectCancelledError' as const
  constructor() {
    super('The reconnect was cancelled.')
  }
}
export type ReconnectCancelledErrorType = ReconnectCancelledError & { name: 'ReconnectCancelledError' }

/** One stored connection (or the basic-mode session, for several namespaces) being restored. */
interface Attempt {
  namespaces: ChainNamespace[]
  done: Promise<void>
  settled: boolean
}

/**
 * Restores the stored connections (SPEC §4) and resolves once each has come back, said it is gone,
 * or `windowMs` has passed; those still waiting then show as `reconnecting` and settle in the
 * background. A wallet that answers "not connected" is forgotten, and for
 * the e-mail wallet the e-mail login cache is cleared (SPEC §4); one that does not answer within
 * its bound (`RECONNECT_BOUND_MS`) or fails is left stored for the next page load.
 */
export async function restoreConnections(
  portico: Portico,
  { windowMs }: { windowMs: number },
): Promise<void> {
  const { state, internal } = portico
  const connections = internal.storage.get('connections') ?? {}
  const activeNamespace = internal.storage.get('activeNamespace')
  const stored = (Object.keys(connections) as ChainNamespace[]).filter(
    (namespace) => state.chains[namespace] && connections[namespace],
  )
  const attempts: Attempt[] = []
  const basic = isBasicWalletConnect(portico)
  for (const namespace of stored) {
    const { connectorId } = connections[namespace]!
    if (internal.adapters.has(namespace))
      attempts.push(restoreAdapter(portico, namespace, connectorId, activeNamespace))
  }
  const overSession = stored.filter(
    (namespace) => connections[namespace]?.connectorId === WALLET_CONNECT_CONNECTOR_ID,
  )
  if (basic && overSession.length > 0) {
    const attempt = restoreBasicSession(portico, overSession)
    if (attempt) attempts.push(attempt)
  }
  if (attempts.length === 0) return
  state.modal.loading = true
  state.connection.status = 'connecting'
  const all = Promise.all(attempts.map((attempt) => attempt.done)).then(() => {})
  let timer: ReturnType<typeof setTimeout> | undefined
  await Promise.race([all, new Promise<void>((resolve) => (timer = setTimeout(resolve, windowMs)))])
  clearTimeout(timer)
  for (const attempt of attempts) {
    if (attempt.settled) continue
    internal.logger.debug(`reconnect: ${attempt.namespaces.join(', ')} still waiting after ${windowMs} ms`)
  }
}

/** Marks namespaces as coming back and registers the way to cancel their wait. */
function begin(portico: Portico, namespaces: ChainNamespace[]): AbortController {
  const controller = new AbortController()
  for (const namespace of namespaces) {
    portico.internal.reconnects.get(namespace)?.abort()
    portico.internal.reconnects.set(namespace, controller)
    const chain = portico.state.chains[namespace]
    if (chain) chain.accountState.status = 'reconnecting'
  }
  return controller
}

/** Ends the wait of namespaces; those still marked reconnecting are disconnected in state. */
function end(portico: Portico, namespaces: ChainNamespace[], controller: AbortController): void {
  for (const namespace of namespaces) {
    if (portico.internal.reconnects.get(namespace) === controller)
      portico.internal.reconnects.delete(namespace)
    const chain = portico.state.chains[namespace]
    if (chain?.accountState.status === 'reconnecting') chain.accountState.status = 'disconnected'
  }
}

/** Forgets stored connections whose wallet said they are gone (SPEC §4). */
function forget(portico: Portico, namespaces: ChainNamespace[]): void {
  const { internal } = portico
  const remaining = { ...internal.storage.get('connections') }
  for (const namespace of namespaces) {
    // SPEC §4: the e-mail login cache goes when the embedded wallet's session is gone.
    if (remaining[namespace]?.connectorId === EMBEDDED_WALLET_CONNECTOR_ID) clearEmailLoginCache(portico)
    delete remaining[namespace]
  }
  if (Object.keys(remaining).length > 0) {
    internal.storage.set('connections', remaining)
    internal.storage.set('connectedNamespaces', Object.keys(remaining) as ChainNamespace[])
  } else {
    internal.storage.remove('connections')
    internal.storage.remove('connectedNamespaces')
  }
}

/** Settles like `promise`, rejects after `timeoutMs`, or as soon as `signal` aborts. */
function bounded<T>(promise: Promise<T>, timeoutMs: number, signal: AbortSignal): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  let onAbort: (() => void) | undefined
  const stop = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new ProviderTimeoutError({ timeoutMs, details: 'The stored connection did not come back.' })),
      timeoutMs,
    )
    onAbort = () => reject(new ReconnectCancelledError())
    signal.addEventListener('abort', onAbort, { once: true })
  })
  return Promise.race([promise, stop]).finally(() => {
    clearTimeout(timer)
    if (onAbort) signal.removeEventListener('abort', onAbort)
  })
}

/**
 * Picks the active namespace once stored connections settled: the one that was active when it is
 * back, else any connected one, so the page never shows a namespace that did not come back while
 * another did; one still coming back stays active until it has settled. After the window (`late`),
 * a namespace the page already shows connected stays. Then
 * the overall status and SPEC §4's unsupported-network check.
 */
export function settleActiveChain(
  portico: Portico,
  activeNamespace: ChainNamespace | undefined,
  { late }: { late: boolean },
): void {
  const { state } = portico
  const isConnected = (namespace: ChainNamespace | undefined) =>
    namespace !== undefined && state.chains[namespace]?.accountState.status === 'connected'
  const active = () => state.modal.activeChain
  const isComing = (namespace: ChainNamespace | undefined) =>
    namespace !== undefined && state.chains[namespace]?.accountState.status === 'reconnecting'
  if (isConnected(activeNamespace) && !(late && isConnected(active())))
    state.modal.activeChain = activeNamespace
  // The active namespace still coming back keeps its place: it is slow, not gone.
  else if (!isConnected(active()) && !isComing(active())) {
    const other = (Object.keys(state.chains) as ChainNamespace[]).find(isConnected)
    if (other) state.modal.activeChain = other
  }
  syncConnectionStatus(portico)
  const current = active()
  if (current) checkUnsupportedChain(portico, current)
}

function restoreAdapter(
  portico: Portico,
  namespace: ChainNamespace,
  connectorId: string,
  activeNamespace: ChainNamespace | undefined,
): Attempt {
  const { internal, state } = portico
  const adapter = internal.adapters.get(namespace)!
  // Fixed connectors (the e-mail wallet, WalletConnect) are listed from the start; a browser wallet
  // that has not announced itself yet gets a browser wallet's bound.
  const type = findConnector(portico, connectorId, namespace)?.type ?? 'INJECTED'
  const timeoutMs = RECONNECT_BOUND_MS[type]
  const controller = begin(portico, [namespace])
  const attempt: Attempt = { namespaces: [namespace], settled: false, done: Promise.resolve() }
  const apply = (result: ConnectResult | undefined) => {
    const connector = findConnector(portico, connectorId, namespace)
    if (result && connector) {
      // Only the namespace that was active becomes active again, and only while no other is: another
      // one passing through would, for a moment, be the account sign-in checks (and asks to sign).
      // Once the page shows its state, a late one does not take the place of one already shown.
      const active = state.modal.activeChain
      const shown =
        active !== undefined &&
        active !== namespace &&
        state.chains[active]?.accountState.status === 'connected'
      const activate =
        (!activeNamespace || namespace === activeNamespace) && !(state.modal.initialized && shown)
      applyConnection(portico, namespace, connector, result, { activate })
      return
    }
    internal.logger.warn(`reconnect: ${namespace} is no longer connected; forgetting it`)
    forget(portico, [namespace])
  }
  attempt.done = (async () => {
    try {
      const result = await bounded(
        adapter.reconnect({ connectorId, timeoutMs, signal: controller.signal }),
        timeoutMs,
        controller.signal,
      )
      if (!controller.signal.aborted) apply(result)
    } catch (error) {
      if (!(error instanceof ReconnectCancelledError))
        internal.logger.warn(`reconnect: ${namespace} did not answer; kept for the next visit`, error)
    } finally {
      attempt.settled = true
      end(portico, [namespace], controller)
      // Before that, `initialize` settles them all at once when the window ends.
      if (state.modal.initialized) settleActiveChain(portico, activeNamespace, { late: true })
    }
  })()
  return attempt
}

/**
 * Basic WalletConnect mode: restores the stored session's accounts, when the last visit ended
 * connected over it. A session that is gone (none stored, expired) is forgotten; one that does not
 * come back within the bound stays stored.
 */
function restoreBasicSession(portico: Portico, namespaces: ChainNamespace[]): Attempt | undefined {
  const { internal, config } = portico
  const service = config.walletConnect
  if (!service) return undefined
  const timeoutMs = RECONNECT_BOUND_MS.WALLET_CONNECT
  const controller = begin(portico, namespaces)
  const attempt: Attempt = { namespaces, settled: false, done: Promise.resolve() }
  attempt.done = (async () => {
    try {
      const session: WalletConnectSession | undefined = await bounded(
        service.reconnect(),
        timeoutMs,
        controller.signal,
      )
      if (controller.signal.aborted) return
      const back = session ? applyBasicSession(portico, session) : []
      const gone = namespaces.filter((namespace) => !back.includes(namespace))
      if (gone.length > 0) {
        internal.logger.warn(`reconnect: the WalletConnect session no longer covers ${gone.join(', ')}`)
        forget(portico, gone)
      }
    } catch (error) {
      if (!(error instanceof ReconnectCancelledError))
        internal.logger.warn(
          'reconnect: the WalletConnect session did not answer; kept for the next visit',
          error,
        )
    } finally {
      attempt.settled = true
      end(portico, namespaces, controller)
      if (portico.state.modal.initialized)
        settleActiveChain(portico, internal.storage.get('activeNamespace'), { late: true })
    }
  })()
  return attempt
}
