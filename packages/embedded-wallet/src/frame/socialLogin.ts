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
import {
  type AuthApi,
  AuthApiTimeoutError,
  type AuthOtpResult,
  AuthSessionInvalidError,
  type FrameStorage,
  SocialLoginRefusedError,
  sessionIdOf,
} from './authApi.js'

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
 * How long the opener's frame, told SOCIAL_CODE_USED, waits for the frame that finished the login
 * with the proof (the popup's page, same partition) to write what it opened: the server answers
 * the opener as soon as it took the attempt, before that frame has its answer. Inside the page's
 * 30 s (SPEC §9) with the 25 s server wait.
 */
export const SOCIAL_RELAY_WAIT_MS = 3_000
/** How often the opener's frame reads the partition's storage meanwhile. */
const RELAY_POLL_MS = 50

/**
 * What a finish gives: the session, with its token when this frame took it; without one when the
 * popup's page took it (in this same frame partition, so its session cookie is this frame's too).
 * `sessionId` tells the page which session it is (sessionIdOf), the same in both frames.
 */
export interface SocialFinishResult {
  token: string | undefined
  sessionId: string
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
  /** A frame of this partition (the popup's page) is finishing the login with the proof now. */
  finishing?: boolean
  /**
   * What that frame's finish opened: the opener's frame takes this session and no other (the
   * partition's cookie may hold another login's until then).
   */
  finished?: { userId: string; sessionId: string }
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

  /** Rewrites the stored login of `state`, if it is still stored (another frame may have forgotten it). */
  function update(state: string, change: (login: PendingLogin) => PendingLogin): void {
    const pending = read()
    const login = pending[state]
    if (login) write({ ...pending, [state]: change(login) })
  }

  const refusedHere = (message: string) => new SocialLoginError('SOCIAL_CODE_USED', message)

  /**
   * The popup came back to the site's page, whose frame (this partition: same secret, same cookies)
   * finished the login with the proof and wrote what it opened: the session is the cookie's, if the
   * cookie still holds that user's. Anything else (no such frame, a cookie of another login) is
   * refused: a session this login did not open is not taken for it.
   */
  async function takeRelayedSession(
    state: string,
    finished: NonNullable<PendingLogin['finished']>,
  ): Promise<SocialFinishResult> {
    forget(state)
    // The cookie speaks, not a token of an earlier session this frame may still hold.
    api.clearToken()
    let user: AuthOtpResult['user']
    try {
      ;({ user } = await api.session())
    } catch (error) {
      if (!(error instanceof AuthSessionInvalidError)) throw error
      throw refusedHere(
        "This login was finished in another window, but its session is no longer in this browser's wallet: start it again.",
      )
    }
    if (user.id !== finished.userId) {
      throw refusedHere(
        "This login was finished in another window, but this browser's wallet now holds another login's session: start it again.",
      )
    }
    return { token: undefined, sessionId: finished.sessionId, user }
  }

  /**
   * The server told this frame (the opener's, waiting without the proof) that the login was
   * finished: by a frame of this partition, which may not have its answer yet. Waits for it, within
   * SOCIAL_RELAY_WAIT_MS, only while one says it is finishing; else refuses at once.
   */
  async function relayedSession(state: string): Promise<SocialFinishResult> {
    for (let waited = 0; ; waited += RELAY_POLL_MS) {
      const login = read()[state]
      if (login?.finished) return takeRelayedSession(state, login.finished)
      if (!login?.finishing || waited >= SOCIAL_RELAY_WAIT_MS) {
        forget(state)
        throw refusedHere(
          "This login was finished somewhere this browser's wallet cannot see (another window that did not complete, or another browser): start it again.",
        )
      }
      await new Promise((resolve) => setTimeout(resolve, RELAY_POLL_MS))
    }
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
      if (login.finished && proof === undefined) return takeRelayedSession(state, login.finished)
      const popup = params.get(SOCIAL_POPUP_PARAM) === '1'
      // The opener's frame, waiting on the server meanwhile, learns from this that a frame of its
      // partition is taking the session.
      if (proof !== undefined) update(state, (stored) => ({ ...stored, finishing: true }))
      let result: AuthOtpResult
      try {
        result = await api.socialFinish(state, login.secret, SOCIAL_FINISH_WAIT_MS, proof)
      } catch (error) {
        if (proof !== undefined) update(state, ({ finishing: _, ...stored }) => stored)
        // The server did not answer in time: the login may still come back, and the page asks again.
        if (error instanceof AuthApiTimeoutError)
          throw new SocialLoginError('SOCIAL_LOGIN_PENDING', error.message)
        if (!(error instanceof SocialLoginRefusedError)) throw error
        if (proof === undefined && error.code === 'SOCIAL_CODE_USED') return relayedSession(state)
        // Approved, and the popup's page has not relayed the proof yet: still pending for the page.
        const pending =
          error.code === 'SOCIAL_LOGIN_PENDING' ||
          (proof === undefined && error.code === 'SOCIAL_PROOF_INVALID')
        if (!pending) forget(state)
        throw new SocialLoginError(pending ? 'SOCIAL_LOGIN_PENDING' : error.code, error.message)
      }
      const sessionId = sessionIdOf(result.token)
      // The opener's frame may ask again after this, or be waiting: it is told which session this is.
      if (popup) {
        update(state, ({ finishing: _, ...stored }) => ({
          ...stored,
          finished: { userId: result.user.id, sessionId },
        }))
      } else forget(state)
      return { token: result.token, sessionId, user: result.user }
    },
  }
}
