import { subscribe } from 'valtio/vanilla'
import { disconnect } from '../connection/disconnect.js'
import type { Portico } from '../portico.js'
import { reportDomainEvent } from '../reportDomainEvent.js'
import type { SiwxState } from '../state.js'
import { withTimeout } from '../timeout.js'
import { getSiwxAccount, splitSiwxAccount } from './siwxAccount.js'
import { SIWX_CHECK_TIMEOUT_MS, SiwxTimeoutError } from './siwxTimeout.js'

/** Replaces the sign-in state in place, so watchers of `state.siwx` keep seeing it. */
export function setSiwxState(portico: Portico, value: SiwxState): void {
  Object.assign(portico.state.siwx, value)
}

/**
 * Looks for a session of the active account after a connection or a network or account change
 * (SPEC §4): with one the visitor is signed in; without one a sign-in is needed (the modal layer
 * opens SIWXSignMessage). When sessions cannot be read, sign-in failed to initialise: the wallet is
 * disconnected and the modal layer resets to Connect with the SPEC §8 toast.
 */
export async function checkSiwx(portico: Portico): Promise<void> {
  const { state, internal, config } = portico
  const siwx = config.siwx
  if (!siwx) return
  const caipAddress = getSiwxAccount(portico)
  const current = state.siwx
  if (caipAddress === current.caipAddress && current.status !== 'idle') return
  const check = ++internal.siwxCheck
  // A sign-in in progress belongs to the account it started on.
  internal.siwxAttempt++
  internal.siwxCancel?.()
  if (!caipAddress) {
    setSiwxState(portico, { status: 'idle', caipAddress: undefined, session: undefined, error: undefined })
    return
  }
  setSiwxState(portico, { status: 'checking', caipAddress, session: undefined, error: undefined })
  const { chainId, address } = splitSiwxAccount(caipAddress)
  try {
    const sessions = await withTimeout(
      siwx.getSessions(chainId, address),
      SIWX_CHECK_TIMEOUT_MS,
      () => new SiwxTimeoutError('reading sessions', SIWX_CHECK_TIMEOUT_MS),
    )
    if (check !== internal.siwxCheck) return
    const [session] = sessions
    if (session) {
      state.siwx.status = 'signedIn'
      state.siwx.session = session
      reportDomainEvent(portico, { type: 'signedIn' })
      return
    }
    state.siwx.status = 'needed'
    reportDomainEvent(portico, { type: 'signInNeeded' })
  } catch (error) {
    if (check !== internal.siwxCheck) return
    internal.logger.error('sign-in: cannot read sessions', error)
    internal.track({
      type: 'track',
      event: 'SIWX_AUTH_ERROR',
      properties: { network: chainId, isSmartAccount: false, phase: 'initialize' },
    })
    const wasOpen = state.modal.open
    await disconnect(portico).catch((reason) => internal.logger.error('sign-in: disconnect failed', reason))
    reportDomainEvent(portico, { type: 'signInFailed', modalWasOpen: wasOpen })
  }
}

/**
 * Runs `checkSiwx` whenever the active account, its network or the network's support changes.
 * `createPortico` registers it when `siwx` is configured.
 */
export function watchSiwxAccount(portico: Portico): () => void {
  let previous = getSiwxAccount(portico)
  const onChange = () => {
    const account = getSiwxAccount(portico)
    if (account === previous) return
    previous = account
    void checkSiwx(portico)
  }
  const unsubscribeChains = subscribe(portico.state.chains, onChange)
  const unsubscribeModal = subscribe(portico.state.modal, onChange)
  return () => {
    unsubscribeChains()
    unsubscribeModal()
  }
}
