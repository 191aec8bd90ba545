import { cancelReconnect } from '../../connection/cancelReconnect.js'
import { connect } from '../../connection/connect.js'
import { showConnected } from '../../connection/modal/showConnected.js'
import { EMBEDDED_WALLET_CONNECTOR_ID } from '../../email/embeddedWalletConnectorId.js'
import { BaseError } from '../../errors/base.js'
import { openModal } from '../../modal/openModal.js'
import type { ChainNamespace } from '../../network/types.js'
import { addMessages, type Notice } from '../../notices/messages.js'
import type { Portico } from '../../portico.js'
import { cancelSocialLogin } from '../cancelSocialLogin.js'
import { setSocialWindow } from '../setSocialWindow.js'
import { socialLoginState } from '../socialLoginState.js'
import { SOCIAL_MESSAGES } from '../socialMessages.js'
import { socialProviderName } from '../socialProviderName.js'
import { SOCIAL_POPUP_PARAM } from '../types.js'

addMessages(SOCIAL_MESSAGES)

/**
 * How long the provider's window may stay open before the login gives up: the visitor types a
 * password, maybe a second factor, there (SPEC §9's 4 min). Each request to the frame has its own
 * 30 s bound (SPEC §9), set by the embedded wallet's client.
 */
export const SOCIAL_WINDOW_WAIT_MS = 4 * 60_000
/** How often the window is looked at: closed, or back on this page's origin. */
export const SOCIAL_WINDOW_POLL_MS = 250
/**
 * How long a closed window is given for the frame's answer: the server's callback page closes the
 * window itself once the provider sent the visitor back, a moment before the frame learns it.
 */
export const SOCIAL_CLOSED_GRACE_MS = 5_000
/** The pause before the frame is asked again after 'not back yet', so a quick answer never spins. */
export const SOCIAL_ASK_AGAIN_MS = 1_000
/** A full-page redirect older than this when the page comes back is not finished (SPEC §9's 10 s × 60). */
export const SOCIAL_REDIRECT_MAX_AGE_MS = 10 * 60_000

/** The embedded wallet does not speak the social messages, or the site configured none. */
export class SocialLoginNotConfiguredError extends BaseError {
  override name = 'SocialLoginNotConfiguredError' as const
  constructor() {
    super('Social login is not available on this site.', {
      details:
        'Pass `embeddedWallet` (from @portico/embedded-wallet) and `features.socials` to createPortico.',
    })
  }
}
export type SocialLoginNotConfiguredErrorType = SocialLoginNotConfiguredError & {
  name: 'SocialLoginNotConfiguredError'
}

/** The visitor closed the provider's window before it came back. */
export class SocialWindowClosedError extends BaseError {
  override name = 'SocialWindowClosedError' as const
  constructor(provider: string) {
    super(`The ${socialProviderName(provider)} window was closed before the login finished.`)
  }
}

/** The provider's window stayed open past `SOCIAL_WINDOW_WAIT_MS`. */
export class SocialLoginTimeoutError extends BaseError {
  override name = 'SocialLoginTimeoutError' as const
  constructor(provider: string) {
    super(`The ${socialProviderName(provider)} login took too long.`)
  }
}

/** Stops the login: `stale` once the visitor cancelled or started another. */
class Superseded extends Error {}

/** The notice for a failed social login: the page's own findings by key, the frame's in its words (SPEC §8). */
export function socialLoginMessage(error: unknown, provider: string): Notice {
  const params = { provider: socialProviderName(provider) }
  if (error instanceof SocialWindowClosedError) return { key: 'socialPopupClosed', params }
  if (error instanceof SocialLoginTimeoutError) return { key: 'socialTimedOut', params }
  // A consent the visitor refused at the provider (OAuth `access_denied`, the server's
  // SOCIAL_CONSENT_DENIED), however the frame words it.
  if (/SOCIAL_CONSENT_DENIED|access_denied/.test(errorText(error))) return { key: 'socialDenied', params }
  const short = (error as { shortMessage?: unknown } | null)?.shortMessage
  const message = typeof short === 'string' && short ? short : error instanceof Error ? error.message : ''
  return message ? { key: 'walletError', params: { message } } : { key: 'frameError' }
}

/** Everything an error says (its message, details, data and causes), to look for a server's code in. */
function errorText(error: unknown): string {
  const parts: string[] = []
  let current: unknown = error
  for (let depth = 0; current && depth < 5; depth++) {
    const { message, details, data, cause } = current as {
      message?: unknown
      details?: unknown
      data?: unknown
      cause?: unknown
    }
    for (const part of [message, details]) if (typeof part === 'string') parts.push(part)
    if (data !== undefined) {
      try {
        parts.push(JSON.stringify(data))
      } catch {}
    }
    current = cause
  }
  return parts.join('\n')
}

/**
 * The frame refused a relayed login because it never started it (its secret is in another
 * browser's frame) or the address named none: SOCIAL_NOT_STARTED_HERE / SOCIAL_URI_INVALID.
 */
export function refusedAsNotStartedHere(error: unknown): boolean {
  return /SOCIAL_NOT_STARTED_HERE|SOCIAL_URI_INVALID/.test(errorText(error))
}

/**
 * The frame's answer meant 'not back from the provider yet': the server's wait ended
 * (SOCIAL_LOGIN_PENDING) or the frame's own 30 s bound did (SPEC §9); the page asks again while
 * the window is open.
 */
function stillPending(error: unknown): boolean {
  return (
    (error as { name?: unknown } | null)?.name === 'FrameTimeoutError' ||
    /SOCIAL_LOGIN_PENDING/.test(errorText(error))
  )
}

function requireSocialWallet(portico: Portico) {
  const wallet = portico.config.embeddedWallet
  if (!wallet?.getSocialRedirectUri || !wallet.connectSocial) throw new SocialLoginNotConfiguredError()
  return {
    getSocialRedirectUri: wallet.getSocialRedirectUri.bind(wallet),
    connectSocial: wallet.connectSocial.bind(wallet),
  }
}

/**
 * Waits for the login in the provider's window: the frame is asked to finish it with the address
 * the window was sent to (SPEC §7 APP_CONNECT_SOCIAL{uri}), and asked again while the server says
 * the provider has not sent the visitor back yet and the window is open. Rejects when the window
 * was closed (and the frame had no answer within `SOCIAL_CLOSED_GRACE_MS`), after
 * `SOCIAL_WINDOW_WAIT_MS`, with the frame's refusal, or once `stillCurrent` says the visitor left.
 */
function waitForLogin(
  wallet: SocialWallet,
  popup: Window,
  parameters: { provider: string; uri: string; stillCurrent: () => boolean },
): Promise<{ userName?: string }> {
  const { provider, uri, stillCurrent } = parameters
  const deadline = Date.now() + SOCIAL_WINDOW_WAIT_MS
  let closedAt: number | undefined
  let settled = false
  return new Promise((resolve, reject) => {
    const end = (settle: () => void) => {
      if (settled) return
      settled = true
      settle()
    }
    const look = () => {
      if (settled) return
      if (!stillCurrent()) return end(() => reject(new Superseded()))
      if (popup.closed) {
        closedAt ??= Date.now()
        if (Date.now() - closedAt >= SOCIAL_CLOSED_GRACE_MS)
          return end(() => reject(new SocialWindowClosedError(provider)))
      }
      if (Date.now() >= deadline) return end(() => reject(new SocialLoginTimeoutError(provider)))
      setTimeout(look, SOCIAL_WINDOW_POLL_MS)
    }
    setTimeout(look, SOCIAL_WINDOW_POLL_MS)
    const ask = async () => {
      while (!settled) {
        try {
          const result = await wallet.connectSocial({ uri })
          return end(() => resolve(result))
        } catch (error) {
          if (!stillPending(error)) return end(() => reject(error))
          // Asked again until `look` ends the wait (a window closed past its grace, the deadline):
          // the server's callback page closes the window itself a moment before the frame can know.
          await new Promise((again) => setTimeout(again, SOCIAL_ASK_AGAIN_MS))
        }
      }
    }
    void ask()
  })
}

type SocialWallet = ReturnType<typeof requireSocialWallet>

/** This page's address, marked as a popup's way back (SOCIAL_POPUP_PARAM), without its fragment. */
function popupReturnUrl(href: string): string {
  const url = new URL(href)
  url.hash = ''
  url.searchParams.set(SOCIAL_POPUP_PARAM, '1')
  return url.toString()
}

export type RunSocialLoginParameters = { provider: string; popup: Window | null; attempt: number }

/**
 * The rest of `connectSocial`, loaded on the click: asks the frame for the provider's address,
 * sends the window there (or, when the browser blocked the window, the whole page, after noting
 * where to come back), waits for it to come back, and finishes the login.
 */
export async function runSocialLogin(portico: Portico, parameters: RunSocialLoginParameters): Promise<void> {
  const { internal } = portico
  const { provider, popup, attempt } = parameters
  const stillCurrent = () => attempt === internal.socialLoginAttempt
  try {
    const wallet = requireSocialWallet(portico)
    // The server sends the browser that approved back to this page (the popup, marked so its page
    // relays the login to its frame and closes; or, when the window was blocked, the whole page)
    // with the one-time proof the frame's finish needs: so a login approved in another browser
    // (its link sent to someone) comes back there, not here.
    const redirectTo = popup ? popupReturnUrl(window.location.href) : window.location.href
    const { uri } = await wallet.getSocialRedirectUri({ provider, redirectTo })
    if (!stillCurrent()) throw new Superseded()
    if (!popup) {
      internal.storage.set('socialRedirect', {
        provider,
        returnUrl: redirectTo,
        startedAt: Date.now(),
      })
      internal.logger.debug('social login: the window was blocked, leaving the page for the provider')
      window.location.assign(uri)
      return
    }
    if (popup.closed) throw new SocialWindowClosedError(provider)
    popup.location.href = uri
    const { userName } = await waitForLogin(wallet, popup, { provider, uri, stillCurrent })
    if (!popup.closed) popup.close()
    await connectSocialWallet(portico, { provider, userName, attempt })
  } catch (error) {
    if (error instanceof Superseded || !stillCurrent()) return
    internal.logger.warn(`social login: ${provider} did not finish`, error)
    if (popup && !popup.closed) popup.close()
    setSocialWindow(portico, provider, undefined)
    Object.assign(socialLoginState(portico), { status: 'idle', error: socialLoginMessage(error, provider) })
  }
}

export type FinishSocialLoginParameters = { provider: string; uri: string; attempt: number }
export type ConnectSocialWalletParameters = {
  provider: string
  userName: string | undefined
  attempt: number
}

/**
 * Hands the address the provider came back to (an opaque marker, no token) to the frame, which
 * finishes the login with the site's server (SPEC §7 APP_CONNECT_SOCIAL{uri}); then connects the
 * embedded wallet like the e-mail login does, keeps the username (SPEC §3) and shows Account.
 * Throws what failed; the caller shows it.
 */
export async function finishSocialLogin(
  portico: Portico,
  parameters: FinishSocialLoginParameters,
): Promise<void> {
  const { internal } = portico
  const { provider, uri, attempt } = parameters
  const stillCurrent = () => {
    if (attempt !== internal.socialLoginAttempt) throw new Superseded()
  }
  const wallet = requireSocialWallet(portico)
  setSocialWindow(portico, provider, undefined)
  Object.assign(socialLoginState(portico), { status: 'connecting', provider, error: undefined })
  const { userName } = await wallet.connectSocial({ uri })
  stillCurrent()
  await connectSocialWallet(portico, { provider, userName, attempt })
}

/**
 * The frame holds the social login's wallet: connects it like the e-mail login does, keeps the
 * username (SPEC §3) and shows Account.
 */
async function connectSocialWallet(
  portico: Portico,
  parameters: ConnectSocialWalletParameters,
): Promise<void> {
  const { internal, state } = portico
  const { provider, userName, attempt } = parameters
  const stillCurrent = () => {
    if (attempt !== internal.socialLoginAttempt) throw new Superseded()
  }
  setSocialWindow(portico, provider, undefined)
  Object.assign(socialLoginState(portico), { status: 'connecting', provider, error: undefined })
  // Logging in replaces an embedded wallet still coming back from the last visit.
  cancelReconnect(portico, {
    namespaces: (Object.keys(state.connectors.byNamespace) as ChainNamespace[]).filter((namespace) =>
      state.connectors.byNamespace[namespace]?.some(
        (connector) => connector.id === EMBEDDED_WALLET_CONNECTOR_ID,
      ),
    ),
  })
  internal.storage.set('socialProvider', provider)
  if (userName) internal.storage.set('socialUsername', userName)
  else internal.storage.remove('socialUsername')
  // Only a Farcaster account has a picture here.
  internal.storage.remove('socialImage')
  // The active namespace connects first (its account is the one shown), the others follow.
  const active = state.modal.activeChain
  const offersActive =
    active !== undefined &&
    state.connectors.byNamespace[active]?.some((connector) => connector.id === EMBEDDED_WALLET_CONNECTOR_ID)
  const { namespace } = await connect(portico, {
    connectorId: EMBEDDED_WALLET_CONNECTOR_ID,
    ...(offersActive ? { namespace: active } : {}),
  })
  stillCurrent()
  setSocialWindow(portico, provider, undefined)
  Object.assign(socialLoginState(portico), {
    status: 'idle',
    error: undefined,
    accountUsername: userName,
    accountProvider: provider,
  })
  showConnected(portico, namespace)
}

/**
 * A login came back to this browser, whose frame never started it (a link someone started in their
 * own browser and sent here, or a note this page lost): the visitor is told so on a provider-less
 * ConnectingSocial, rather than left on a silent page wondering whether they logged someone in,
 * and Back leads to the ways of connecting.
 */
export function showNotStartedHere(portico: Portico): void {
  const { internal, state } = portico
  internal.cancelSocialLogin = cancelSocialLogin
  internal.socialLoginAttempt = (internal.socialLoginAttempt ?? 0) + 1
  Object.assign(socialLoginState(portico), {
    status: 'idle',
    provider: undefined,
    error: { key: 'socialNotStartedHere' },
  })
  openModal(portico, { route: { view: 'ConnectingSocial', params: {} } })
  state.router.history = [{ view: 'Connect' }]
}
