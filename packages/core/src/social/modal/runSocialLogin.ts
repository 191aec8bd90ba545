import { cancelReconnect } from '../../connection/cancelReconnect.js'
import { connect } from '../../connection/connect.js'
import { showConnected } from '../../connection/modal/showConnected.js'
import { EMBEDDED_WALLET_CONNECTOR_ID } from '../../email/embeddedWalletConnectorId.js'
import { BaseError } from '../../errors/base.js'
import type { ChainNamespace } from '../../network/types.js'
import type { Notice } from '../../notices/messages.js'
import type { Portico } from '../../portico.js'
import { setSocialWindow } from '../setSocialWindow.js'
import { socialProviderName } from '../types.js'

/**
 * How long the provider's window may stay open before the login gives up: the visitor types a
 * password, maybe a second factor, there (SPEC §9's 4 min). Each request to the frame has its own
 * 30 s bound (SPEC §9), set by the embedded wallet's client.
 */
export const SOCIAL_WINDOW_WAIT_MS = 4 * 60_000
/** How often the window is looked at: closed, or back on this page's origin. */
export const SOCIAL_WINDOW_POLL_MS = 250
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
  if (error instanceof SocialLoginNotConfiguredError) return { key: 'socialUnavailable' }
  // A consent the visitor refused at the provider (OAuth `access_denied`), however the frame words it.
  const code = (error as { code?: unknown } | null)?.code
  const short = (error as { shortMessage?: unknown } | null)?.shortMessage
  const message = typeof short === 'string' && short ? short : error instanceof Error ? error.message : ''
  if (code === 'access_denied' || code === 4001 || /access_denied|denied/i.test(message))
    return { key: 'socialDenied', params }
  return message ? { key: 'walletError', params: { message } } : { key: 'frameError' }
}

function requireSocialWallet(portico: Portico) {
  const wallet = portico.config.embeddedWallet
  if (!wallet?.getSocialRedirectUri || !wallet.connectSocial) throw new SocialLoginNotConfiguredError()
  return {
    getSocialRedirectUri: wallet.getSocialRedirectUri.bind(wallet),
    connectSocial: wallet.connectSocial.bind(wallet),
  }
}

/** The page's address without what a provider's return added to it: where the login comes back to. */
function pageAddress(): string {
  return window.location.href
}

/**
 * Waits until the provider's window is back on this page's origin (the server's callback sends it
 * there with an opaque marker) and answers that address; rejects when it was closed, or after
 * `SOCIAL_WINDOW_WAIT_MS`. `stillCurrent` stops the wait once the visitor cancelled.
 */
function waitForWindow(popup: Window, provider: string, stillCurrent: () => boolean): Promise<string> {
  const origin = window.location.origin
  const deadline = Date.now() + SOCIAL_WINDOW_WAIT_MS
  return new Promise((resolve, reject) => {
    const look = () => {
      if (!stillCurrent()) return reject(new Superseded())
      if (popup.closed) return reject(new SocialWindowClosedError(provider))
      let href: string | undefined
      try {
        // Throws while the window is on the provider's (or the server's) origin.
        if (popup.location.origin === origin) href = popup.location.href
      } catch {}
      if (href && href !== 'about:blank') return resolve(href)
      if (Date.now() >= deadline) return reject(new SocialLoginTimeoutError(provider))
      setTimeout(look, SOCIAL_WINDOW_POLL_MS)
    }
    setTimeout(look, SOCIAL_WINDOW_POLL_MS)
  })
}

export type RunSocialLoginParameters = { provider: string; popup: Window | null; attempt: number }

/**
 * The rest of `connectSocial`, loaded on the click: asks the frame for the provider's address,
 * sends the window there (or, when the browser blocked the window, the whole page, after noting
 * where to come back), waits for it to come back, and finishes the login.
 */
export async function runSocialLogin(portico: Portico, parameters: RunSocialLoginParameters): Promise<void> {
  const { internal, state } = portico
  const { provider, popup, attempt } = parameters
  const stillCurrent = () => attempt === internal.socialLoginAttempt
  try {
    const wallet = requireSocialWallet(portico)
    const returnTo = pageAddress()
    const { uri } = await wallet.getSocialRedirectUri({ provider, returnTo })
    if (!stillCurrent()) throw new Superseded()
    if (!popup) {
      internal.storage.set('socialRedirect', { provider, returnUrl: returnTo, startedAt: Date.now() })
      internal.logger.debug('social login: the window was blocked, leaving the page for the provider')
      window.location.assign(uri)
      return
    }
    if (popup.closed) throw new SocialWindowClosedError(provider)
    popup.location.href = uri
    const back = await waitForWindow(popup, provider, stillCurrent)
    popup.close()
    await finishSocialLogin(portico, { provider, uri: back, attempt })
  } catch (error) {
    if (error instanceof Superseded || !stillCurrent()) return
    internal.logger.warn(`social login: ${provider} did not finish`, error)
    if (popup && !popup.closed) popup.close()
    setSocialWindow(portico, provider, undefined)
    Object.assign(state.socialLogin, { status: 'idle', error: socialLoginMessage(error, provider) })
  }
}

export type FinishSocialLoginParameters = { provider: string; uri: string; attempt: number }

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
  const { internal, state } = portico
  const { provider, uri, attempt } = parameters
  const stillCurrent = () => {
    if (attempt !== internal.socialLoginAttempt) throw new Superseded()
  }
  const wallet = requireSocialWallet(portico)
  setSocialWindow(portico, provider, undefined)
  Object.assign(state.socialLogin, { status: 'connecting', provider, error: undefined })
  // Logging in replaces an embedded wallet still coming back from the last visit.
  cancelReconnect(portico, {
    namespaces: (Object.keys(state.connectors.byNamespace) as ChainNamespace[]).filter((namespace) =>
      state.connectors.byNamespace[namespace]?.some(
        (connector) => connector.id === EMBEDDED_WALLET_CONNECTOR_ID,
      ),
    ),
  })
  const { userName } = await wallet.connectSocial({ uri })
  stillCurrent()
  internal.storage.set('socialProvider', provider)
  if (userName) internal.storage.set('socialUsername', userName)
  else internal.storage.remove('socialUsername')
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
  Object.assign(state.socialLogin, {
    status: 'idle',
    error: undefined,
    accountUsername: userName,
    accountProvider: provider,
  })
  showConnected(portico, namespace)
}
