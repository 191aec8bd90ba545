import type { ConnectorType } from '../adapterKit/contract.js'
import { clearEmailLoginCache } from '../email/clearEmailLoginCache.js'
import { EMBEDDED_WALLET_CONNECTOR_ID } from '../email/embeddedWalletConnectorId.js'
import { ProviderTimeoutError } from '../errors/base.js'
import type { ChainNamespace } from '../network/types.js'
import type { Portico } from '../portico.js'
import { reportDomainEvent } from '../reportDomainEvent.js'
import { withTimeout } from '../timeout.js'
import { applyBasicSession, WALLET_CONNECT_CONNECTOR_ID } from '../walletConnect/basicMode.js'
import { isBasicWalletConnect } from '../walletConnect/isBasicWalletConnect.js'
import { applyConnection } from './applyConnection.js'
import { findConnector } from './findConnector.js'
import { syncConnectionStatus } from './syncConnectionStatus.js'
import { writeStoredConnections } from './writeStoredConnections.js'

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

/**
 * Restores the stored connections (SPEC §4) and resolves once each has come back, said it is gone,
 * or `windowMs` has passed; those still waiting show as `reconnecting` and settle in the background.
 * A wallet that answers "not connected" is forgotten, and for the e-mail wallet the e-mail login
 * cache is cleared (SPEC §4); one that does not answer within its bound (`RECONNECT_BOUND_MS`), or
 * fails, is left stored for the next page load.
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
  const attempts: Promise<void>[] = []
  for (const namespace of stored) {
    const { connectorId, type: storedType } = connections[namespace]!
    const adapter = internal.adapters.get(namespace)
    if (!adapter) continue
    // The connector's type as listed, else as stored with the connection (a connector whose code
    // loads late, such as WalletConnect's, is not listed yet); a browser wallet that has not
    // announced itself yet, stored before types were, gets a browser wallet's bound.
    const type =
      findConnector(portico, connectorId, namespace)?.type ??
      (storedType !== undefined && Object.hasOwn(RECONNECT_BOUND_MS, storedType)
        ? (storedType as ConnectorType)
        : 'INJECTED')
    const timeoutMs = RECONNECT_BOUND_MS[type]
    attempts.push(
      restore(
        portico,
        [namespace],
        timeoutMs,
        (signal) => adapter.reconnect({ connectorId, timeoutMs, signal }),
        (result) => {
          const connector = findConnector(portico, connectorId, namespace)
          if (!result || !connector) return [namespace]
          // Only the namespace that was active becomes active again, and only while no other is:
          // another one passing through would, for a moment, be the account sign-in checks (and
          // asks to sign). Once the page shows its state, a late one does not replace one shown.
          const active = state.modal.activeChain
          const shown =
            active !== undefined &&
            active !== namespace &&
            state.chains[active]?.accountState.status === 'connected'
          const activate =
            (!activeNamespace || namespace === activeNamespace) && !(state.modal.initialized && shown)
          applyConnection(portico, namespace, connector, result, { activate })
          return []
        },
        activeNamespace,
      ),
    )
  }
  // Basic WalletConnect mode: the stored session's accounts, when the last visit ended connected
  // over it; the namespaces it no longer covers are gone.
  const service = portico.config.walletConnect
  const overSession = stored.filter(
    (namespace) => connections[namespace]?.connectorId === WALLET_CONNECT_CONNECTOR_ID,
  )
  if (service && isBasicWalletConnect(portico) && overSession.length > 0)
    attempts.push(
      restore(
        portico,
        overSession,
        RECONNECT_BOUND_MS.WALLET_CONNECT,
        () => service.reconnect(),
        (session) => {
          const back = session ? applyBasicSession(portico, session) : []
          return overSession.filter((namespace) => !back.includes(namespace))
        },
        activeNamespace,
      ),
    )
  if (attempts.length === 0) return
  state.modal.loading = true
  state.connection.status = 'connecting'
  let timer: ReturnType<typeof setTimeout> | undefined
  await Promise.race([
    Promise.all(attempts),
    new Promise((resolve) => (timer = setTimeout(resolve, windowMs))),
  ])
  clearTimeout(timer)
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
  writeStoredConnections(portico, remaining)
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
  if (current) reportDomainEvent(portico, { type: 'networkChanged', namespace: current })
}

/**
 * Waits, up to `timeoutMs` or until cancelled, for one stored connection (or the basic-mode
 * session, for several namespaces); `apply` records the answer and returns the namespaces it says
 * are gone, which are forgotten. No answer, or a failure, leaves them stored.
 */
async function restore<T>(
  portico: Portico,
  namespaces: ChainNamespace[],
  timeoutMs: number,
  ask: (signal: AbortSignal) => Promise<T>,
  apply: (answer: T) => ChainNamespace[],
  activeNamespace: ChainNamespace | undefined,
): Promise<void> {
  const { internal, state } = portico
  const controller = begin(portico, namespaces)
  const cancelled = new Promise<never>((_, reject) =>
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true }),
  )
  try {
    const answer = await withTimeout(
      Promise.race([ask(controller.signal), cancelled]),
      timeoutMs,
      () => new ProviderTimeoutError({ timeoutMs }),
    )
    if (controller.signal.aborted) return
    const gone = apply(answer)
    if (gone.length > 0) {
      internal.logger.warn(`reconnect: ${gone.join(', ')} no longer connected; forgotten`)
      forget(portico, gone)
    }
  } catch (error) {
    // Cancelled: the visitor picked another wallet, nothing to say.
    if (!controller.signal.aborted)
      internal.logger.warn(
        `reconnect: ${namespaces.join(', ')} did not answer; kept for the next visit`,
        error,
      )
  } finally {
    end(portico, namespaces, controller)
    // Before that, `initialize` settles them all at once when the window ends.
    if (state.modal.initialized) settleActiveChain(portico, activeNamespace, { late: true })
  }
}
