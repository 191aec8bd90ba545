/**
 * The frame's side of a social login. The frame asks the server for the provider's authorise URL
 * with the hash of a fresh secret, and keeps the secret in the frame origin's own storage; the page
 * opens the URL (popup or full page) and, once back, relays a URI that names the login's state
 * (APP_CONNECT_SOCIAL{uri}). The session is then given to this frame alone, for the secret: the
 * page, which saw the URL and the state, cannot open it. See the server's social/socialRoutes.ts.
 */
import { sha256 } from '@noble/hashes/sha2'
import { BaseError } from '@portico/core/errors'
import { base64urlnopad } from '@scure/base'
import { type AuthApi, type AuthOtpResult, type FrameStorage, SocialLoginRefusedError } from './authApi.js'

/** Storage key of the social logins this frame started and has not finished. */
export const SOCIAL_STORAGE_KEY = 'portico-frame:social'
/**
 * The marker a full-page redirect brings back to the site's page (the server's SOCIAL_RESULT_PARAM,
 * repeated here so the frame bundle does not carry the server contract).
 */
export const SOCIAL_RESULT_PARAM = 'portico_social'
/**
 * The one-time proof the server's callback sends, with the marker, to the site's page in the
 * browser that approved (the server's SOCIAL_PROOF_PARAM): the finish needs it with the secret.
 */
export const SOCIAL_PROOF_PARAM = 'portico_proof'
/**
 * How long one finish waits on the server for the provider's callback: inside the page's 30 s
 * timeout (SPEC §9), so the page hears "still pending" and may ask again while the popup is open.
 */
export const SOCIAL_FINISH_WAIT_MS = 25_000
/** Started logins kept at most; the oldest go first. */
const MAX_PENDING = 8
const STATE = /^[A-Za-z0-9_-]{43}$/

/**
 * What a finish gives: the session, with its token when this frame took it; without one when the
 * popup's page took it (in this same frame partition, so its session cookie is this frame's too).
 */
export interface SocialFinishResult {
  token: string | undefined
  user: AuthOtpResult['user']
}

/**
 * Why a social login did not open a session, as `reason`: the server's SOCIAL_* code, or
 * SOCIAL_URI_INVALID / SOCIAL_NOT_STARTED_HERE when the page relayed a URI this frame cannot use.
 */
export class SocialLoginError extends BaseError {
  override name = 'SocialLoginError' as const
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message)
  }
}
export type SocialLoginErrorType = SocialLoginError & { name: 'SocialLoginError' }

interface PendingLogin {
  secret: string
  provider: string
  expiresAt: number
  /** Finished by the popup's page (another frame of this partition): the opener's frame reads the session. */
  finished?: boolean
}

/** The mark core puts in a popup's redirectTo, so the page the popup comes back to knows it is one. */
export const SOCIAL_POPUP_PARAM = 'portico_popup'

/** Creates the frame's social login steps over the server's API and the frame's storage. */
export function createSocialLogin({
  api,
  storage,
  now,
}: {
  api: AuthApi
  storage: FrameStorage
  now: () => number
}) {
  function read(): Record<string, PendingLogin> {
    try {
      const parsed: unknown = JSON.parse(storage.getItem(SOCIAL_STORAGE_KEY) ?? '{}')
      return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, PendingLogin>) : {}
    } catch {
      return {}
    }
  }
  function write(pending: Record<string, PendingLogin>): void {
    const kept = Object.entries(pending)
      .filter(([, login]) => typeof login?.secret === 'string' && login.expiresAt > now())
      .sort(([, a], [, b]) => b.expiresAt - a.expiresAt)
      .slice(0, MAX_PENDING)
    if (kept.length === 0) storage.removeItem(SOCIAL_STORAGE_KEY)
    else storage.setItem(SOCIAL_STORAGE_KEY, JSON.stringify(Object.fromEntries(kept)))
  }
  function forget(state: string): void {
    const pending = read()
    delete pending[state]
    write(pending)
  }

  /**
   * The popup came back to the site's page, whose frame (this partition: same secret, same cookies)
   * finished the login with the proof: the session is the cookie's. Without such a session (the
   * cookie is gone), session() refuses and the login ends.
   */
  async function finishedByThePopup(state: string): Promise<SocialFinishResult> {
    forget(state)
    // The cookie speaks, not a token of an earlier session this frame may still hold.
    api.clearToken()
    const { user } = await api.session()
    return { token: undefined, user }
  }

  return {
    /** APP_GET_SOCIAL_REDIRECT_URI: the provider's authorise URL of a new login. */
    async start(provider: string, redirectTo: string | undefined): Promise<{ uri: string }> {
      const secret = base64urlnopad.encode(crypto.getRandomValues(new Uint8Array(32)))
      const secretHash = base64urlnopad.encode(sha256(new TextEncoder().encode(secret)))
      const { uri, state, expiresAt } = await api.socialStart(provider, secretHash, redirectTo)
      write({ ...read(), [state]: { secret, provider, expiresAt } })
      return { uri }
    },
    /** APP_CONNECT_SOCIAL: the session of the login the URI names, once the provider sent the visitor back. */
    async finish(uri: string): Promise<SocialFinishResult> {
      let params: URLSearchParams
      try {
        params = new URL(uri).searchParams
      } catch {
        throw new SocialLoginError('SOCIAL_URI_INVALID', 'The social login URI is not a URL.')
      }
      const state = params.get(SOCIAL_RESULT_PARAM) ?? params.get('state') ?? ''
      // Only the site's page the callback sent back carries the proof; the opener's frame, which
      // relays the provider's authorise URL while the popup is open, has none and only waits.
      const proofParam = params.get(SOCIAL_PROOF_PARAM)
      const proof = proofParam !== null && STATE.test(proofParam) ? proofParam : undefined
      if (!STATE.test(state)) {
        throw new SocialLoginError(
          'SOCIAL_URI_INVALID',
          'The URI names no social login: relay the one the login came back with.',
        )
      }
      const login = read()[state]
      if (!login || login.expiresAt <= now()) {
        forget(state)
        throw new SocialLoginError(
          'SOCIAL_NOT_STARTED_HERE',
          'This social login was not started in this wallet frame, or it expired: start it again.',
        )
      }
      if (login.finished && proof === undefined) return finishedByThePopup(state)
      try {
        const result = await api.socialFinish(state, login.secret, SOCIAL_FINISH_WAIT_MS, proof)
        // The opener's frame may ask again after this: it is told the login is finished, not unknown.
        if (params.get(SOCIAL_POPUP_PARAM) === '1')
          write({ ...read(), [state]: { ...login, finished: true } })
        else forget(state)
        return { token: result.token, user: result.user }
      } catch (error) {
        if (!(error instanceof SocialLoginRefusedError)) throw error
        if (proof === undefined && error.code === 'SOCIAL_CODE_USED') return finishedByThePopup(state)
        // Approved, and the popup's page has not relayed the proof yet: still pending for the page.
        const pending =
          error.code === 'SOCIAL_LOGIN_PENDING' ||
          (proof === undefined && error.code === 'SOCIAL_PROOF_INVALID')
        if (!pending) forget(state)
        throw new SocialLoginError(pending ? 'SOCIAL_LOGIN_PENDING' : error.code, error.message)
      }
    },
  }
}
