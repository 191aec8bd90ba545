import { sha256 } from '@noble/hashes/sha2'
import { BaseError } from '@portico/core/errors'
import { base64urlnopad } from '@scure/base'
import * as z from 'zod/mini'

/** The part of `localStorage` the frame uses; the frame origin's own storage in a browser. */
export interface FrameStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/**
 * The longest the frame waits for one answer of its server, the long polls (a social finish, a
 * Farcaster answer, a device approval: the server holds them 20 to 25 s) included. Inside the
 * page's 30 s for a frame request (SPEC §9), so the frame answers before the page gives up.
 */
export const AUTH_API_TIMEOUT_MS = 28_000

/** Storage key of this browser's device id, so a known user on a new device is asked to approve it. */
export const DEVICE_STORAGE_KEY = 'portico-frame:device'

/**
 * The id of a session the page may know (FRAME_SESSION_UPDATE): it tells sessions apart but grants
 * nothing, since it cannot be turned back into the token.
 */
export function sessionIdOf(token: string): string {
  return base64urlnopad.encode(sha256(new TextEncoder().encode(`portico-session-id:${token}`))).slice(0, 22)
}

/** A refusal of the server's auth API: the server's code and message, and the HTTP status. */
export class AuthApiError extends BaseError {
  // A string, not the literal: each refusal code has its own subclass and name.
  override name: string = 'AuthApiError'
  declare readonly code: string
  readonly status: number
  constructor(message: string, code: string, status: number) {
    super(message, { code })
    this.status = status
  }
}
export type AuthApiErrorType = AuthApiError & { name: 'AuthApiError' }
/** A second login for one e-mail within 30 s (429); `retryAfterSeconds` from `Retry-After`. */
export class EmailCooldownError extends AuthApiError {
  override name = 'EmailCooldownError' as const
  constructor(
    message: string,
    status: number,
    readonly retryAfterSeconds: number | undefined,
  ) {
    super(message, 'EMAIL_COOLDOWN', status)
  }
}
export type EmailCooldownErrorType = EmailCooldownError & { name: 'EmailCooldownError' }
/** The address was sent the day's most mails (429); the server's `Retry-After` is hours away. */
export class EmailLimitError extends AuthApiError {
  override name = 'EmailLimitError' as const
}
export type EmailLimitErrorType = EmailLimitError & { name: 'EmailLimitError' }
/** The e-mail address was refused as malformed. */
export class EmailInvalidError extends AuthApiError {
  override name = 'EmailInvalidError' as const
}
export type EmailInvalidErrorType = EmailInvalidError & { name: 'EmailInvalidError' }
/** The server could not send the mail. */
export class MailFailedError extends AuthApiError {
  override name = 'MailFailedError' as const
}
export type MailFailedErrorType = MailFailedError & { name: 'MailFailedError' }
/** The one-time code is wrong. */
export class OtpInvalidError extends AuthApiError {
  override name = 'OtpInvalidError' as const
}
export type OtpInvalidErrorType = OtpInvalidError & { name: 'OtpInvalidError' }
/** The one-time code is older than 10 minutes or was used. */
export class OtpExpiredError extends AuthApiError {
  override name = 'OtpExpiredError' as const
}
export type OtpExpiredErrorType = OtpExpiredError & { name: 'OtpExpiredError' }
/** Five wrong codes were tried; a new login must start. */
export class OtpAttemptsExceededError extends AuthApiError {
  override name = 'OtpAttemptsExceededError' as const
}
export type OtpAttemptsExceededErrorType = OtpAttemptsExceededError & { name: 'OtpAttemptsExceededError' }
/** The device has not been approved by the link in its mail. */
export class DeviceNotApprovedError extends AuthApiError {
  override name = 'DeviceNotApprovedError' as const
}
export type DeviceNotApprovedErrorType = DeviceNotApprovedError & { name: 'DeviceNotApprovedError' }
/** The session token is unknown, expired or signed out. */
export class AuthSessionInvalidError extends AuthApiError {
  override name = 'AuthSessionInvalidError' as const
}
export type AuthSessionInvalidErrorType = AuthSessionInvalidError & { name: 'AuthSessionInvalidError' }
/** The user already has a stored seed (a second device made one first). */
export class WalletExistsError extends AuthApiError {
  override name = 'WalletExistsError' as const
}
export type WalletExistsErrorType = WalletExistsError & { name: 'WalletExistsError' }
/** The new e-mail address already belongs to another user. */
export class EmailTakenError extends AuthApiError {
  override name = 'EmailTakenError' as const
}
export type EmailTakenErrorType = EmailTakenError & { name: 'EmailTakenError' }
/** The request did not come from the server's own origin. */
export class OriginNotAllowedError extends AuthApiError {
  override name = 'OriginNotAllowedError' as const
}
export type OriginNotAllowedErrorType = OriginNotAllowedError & { name: 'OriginNotAllowedError' }

/**
 * The server did not answer within AUTH_API_TIMEOUT_MS (a stalled connection or server): the
 * request was aborted, so the frame answers its page instead of waiting for ever.
 */
export class AuthApiTimeoutError extends AuthApiError {
  override name = 'AuthApiTimeoutError' as const
}
export type AuthApiTimeoutErrorType = AuthApiTimeoutError & { name: 'AuthApiTimeoutError' }

/**
 * A social login the server refused or has not completed; `code` is the server's reason
 * (SOCIAL_CONSENT_DENIED, SOCIAL_PROVIDER_ERROR, SOCIAL_LOGIN_PENDING, SOCIAL_STATE_EXPIRED, ...),
 * which the frame passes to the page so the modal can say what happened.
 */
export class SocialLoginRefusedError extends AuthApiError {
  override name = 'SocialLoginRefusedError' as const
}
export type SocialLoginRefusedErrorType = SocialLoginRefusedError & { name: 'SocialLoginRefusedError' }
/** The Farcaster sign-in link expired before the Farcaster app answered. */
export class FarcasterChannelExpiredError extends AuthApiError {
  override name = 'FarcasterChannelExpiredError' as const
}
export type FarcasterChannelExpiredErrorType = FarcasterChannelExpiredError & {
  name: 'FarcasterChannelExpiredError'
}
/** The server refused what the Farcaster app signed (another fid, domain or nonce, an expired message). */
export class FarcasterSignInInvalidError extends AuthApiError {
  override name = 'FarcasterSignInInvalidError' as const
}
export type FarcasterSignInInvalidErrorType = FarcasterSignInInvalidError & {
  name: 'FarcasterSignInInvalidError'
}

const ERROR_CLASSES: Record<string, new (message: string, code: string, status: number) => AuthApiError> = {
  EMAIL_LIMIT: EmailLimitError,
  EMAIL_INVALID: EmailInvalidError,
  MAIL_FAILED: MailFailedError,
  OTP_INVALID: OtpInvalidError,
  OTP_EXPIRED: OtpExpiredError,
  OTP_ATTEMPTS_EXCEEDED: OtpAttemptsExceededError,
  DEVICE_NOT_APPROVED: DeviceNotApprovedError,
  AUTH_SESSION_INVALID: AuthSessionInvalidError,
  WALLET_EXISTS: WalletExistsError,
  EMAIL_TAKEN: EmailTakenError,
  ORIGIN_NOT_ALLOWED: OriginNotAllowedError,
  FARCASTER_CHANNEL_EXPIRED: FarcasterChannelExpiredError,
  FARCASTER_SIGNIN_INVALID: FarcasterSignInInvalidError,
}

const apiErrorBodySchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) })
const seedSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/))
const userSchema = z.object({
  id: z.string(),
  email: z.optional(z.string()),
  userName: z.optional(z.string()),
  socialProvider: z.optional(z.string()),
  /** A Farcaster account's picture, an https URL (display data). */
  profileImage: z.optional(z.string()),
})
const schemas = {
  frameConfig: z.object({
    allowedOrigins: z.array(z.string()),
    // CAIP-2 ids; absent from servers that predate smart accounts.
    smartAccountEnabledNetworks: z.optional(z.array(z.string())),
    sponsoredNetworks: z.optional(z.array(z.string())),
  }),
  email: z.object({ action: z.enum(['VERIFY_OTP', 'VERIFY_DEVICE']) }),
  deviceWait: z.object({ approved: z.boolean() }),
  otp: z.object({ token: z.string(), user: userSchema, isNewUser: z.boolean() }),
  session: z.object({ user: userSchema }),
  preferredAccount: z.object({ type: z.nullable(z.enum(['eoa', 'smartAccount'])) }),
  wallet: z.object({ seed: z.nullable(seedSchema) }),
  updateEmail: z.object({ action: z.literal('VERIFY_PRIMARY_OTP') }),
  updateEmailPrimary: z.object({ action: z.literal('VERIFY_SECONDARY_OTP') }),
  updateEmailSecondary: z.object({ email: z.string() }),
  socialStart: z.object({ uri: z.url(), state: z.string(), expiresAt: z.number() }),
  farcasterChannel: z.object({ channelId: z.string(), url: z.url(), expiresAt: z.number() }),
  farcasterConnect: z.discriminatedUnion('status', [
    z.object({ status: z.literal('pending') }),
    z.object({ status: z.literal('connected'), token: z.string(), user: userSchema, isNewUser: z.boolean() }),
  ]),
}

export type AuthUser = z.infer<typeof userSchema>
export type AuthOtpResult = z.infer<typeof schemas.otp>
export type FarcasterChannel = z.infer<typeof schemas.farcasterChannel>
export type FarcasterConnectResult = z.infer<typeof schemas.farcasterConnect>

export interface AuthApiOptions {
  /** The server's origin, which is the frame's own origin in a browser. */
  origin: string
  projectId: string
  storage: FrameStorage
  /** Defaults to the global `fetch`. */
  fetch?: typeof fetch
}

export interface AuthApi {
  /** `GET /v1/auth/frame-config`: the sites allowed to embed the frame. */
  frameConfig(): Promise<{
    allowedOrigins: string[]
    /** The chains with a bundler (SPEC §3 smartAccountEnabledNetworks), CAIP-2. */
    smartAccountEnabledNetworks?: string[] | undefined
    /** Of those, where the site's paymaster pays the network fee. */
    sponsoredNetworks?: string[] | undefined
  }>
  email(email: string): Promise<{ action: 'VERIFY_OTP' | 'VERIFY_DEVICE' }>
  deviceWait(email: string): Promise<{ approved: boolean }>
  /**
   * Exchanges the mailed code for a session. The token is kept in memory; the server also sets it
   * as an HttpOnly cookie, which is what carries the session across page loads.
   */
  otp(email: string, otp: string): Promise<AuthOtpResult>
  session(): Promise<{ user: AuthUser }>
  /** `GET /v1/auth/preferred-account`: the account type the user chose, null before they chose. */
  getPreferredAccount(): Promise<{ type: 'eoa' | 'smartAccount' | null }>
  /** `PUT /v1/auth/preferred-account`: stores the user's choice on the server (SPEC §6: per user). */
  setPreferredAccount(type: 'eoa' | 'smartAccount'): Promise<void>
  /** Opens a Sign In With Farcaster channel for the site at `origin` (the page that embeds the frame). */
  farcasterChannel(origin: string): Promise<FarcasterChannel>
  /**
   * Waits (one long poll) for the Farcaster app's answer; once the server verified it, the session
   * token is kept like an e-mail login's.
   */
  farcasterConnect(channelId: string): Promise<FarcasterConnectResult>
  getWallet(): Promise<{ seed: `0x${string}` | null }>
  putWallet(seed: `0x${string}`): Promise<void>
  updateEmail(newEmail: string): Promise<{ action: 'VERIFY_PRIMARY_OTP' }>
  updateEmailPrimary(otp: string): Promise<{ action: 'VERIFY_SECONDARY_OTP' }>
  updateEmailSecondary(otp: string): Promise<{ email: string }>
  /**
   * `POST /v1/auth/social/start`: a social login bound to the hash of a secret the frame keeps;
   * the answer is the provider's authorise URL and the attempt's state.
   */
  socialStart(
    provider: string,
    secretHash: string,
    redirectTo?: string,
  ): Promise<{ uri: string; state: string; expiresAt: number }>
  /**
   * `POST /v1/auth/social/finish`: the session of a completed social login, for the secret; the
   * server waits up to `waitMs` for the provider's callback. Keeps the token like `otp`.
   */
  socialFinish(state: string, secret: string, waitMs: number, proof?: string): Promise<AuthOtpResult>
  /** Ends the session on the server (when there is one) and forgets the token and its cookie. */
  signOut(): Promise<void>
  getToken(): string | undefined
  /** Forgets the in-memory token (the cookie, if any, is the server's to drop). */
  clearToken(): void
  getDeviceId(): string
}

/** Creates the frame's client of the server's `/v1/auth/*` routes (same origin as the frame). */
export function createAuthApi(options: AuthApiOptions): AuthApi {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init))
  const { storage } = options
  // Not in storage: a script in this origin could read it there, and the cookie does that job.
  let token: string | undefined

  function getDeviceId(): string {
    const stored = storage.getItem(DEVICE_STORAGE_KEY)
    if (stored && /^[A-Za-z0-9_-]{16,128}$/.test(stored)) return stored
    const bytes = crypto.getRandomValues(new Uint8Array(24))
    const id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
    storage.setItem(DEVICE_STORAGE_KEY, id)
    return id
  }

  async function call<T>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    schema: z.ZodMiniType<T> | undefined,
    body?: unknown,
    auth = false,
  ): Promise<T> {
    const url = new URL(`/v1/auth/${path}`, options.origin)
    url.searchParams.set('projectId', options.projectId)
    const headers: Record<string, string> = {}
    if (body !== undefined) headers['content-type'] = 'application/json'
    // Without a token in memory (a reloaded frame) the session cookie, sent along, speaks for it.
    if (auth && token) headers.authorization = `Bearer ${token}`
    const abort = new AbortController()
    const timer = setTimeout(() => abort.abort(), AUTH_API_TIMEOUT_MS)
    let response: Response
    let text: string
    try {
      response = await doFetch(url, {
        method,
        headers,
        credentials: 'same-origin',
        signal: abort.signal,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      })
      text = await response.text()
    } catch (error) {
      if (!abort.signal.aborted) throw error
      throw new AuthApiTimeoutError(
        `The wallet's server did not answer ${method} /v1/auth/${path} within ${AUTH_API_TIMEOUT_MS / 1000} s.`,
        'TIMEOUT',
        0,
      )
    } finally {
      clearTimeout(timer)
    }
    const json: unknown = text ? safeJson(text) : undefined
    if (!response.ok) throw toAuthError(response, json)
    if (!schema) return undefined as T
    const parsed = schema.safeParse(json)
    if (!parsed.success) {
      throw new AuthApiError(
        `The server's answer to ${method} /v1/auth/${path} has an unexpected shape.`,
        'BAD_RESPONSE',
        response.status,
      )
    }
    return parsed.data
  }

  return {
    frameConfig: () => call('GET', 'frame-config', schemas.frameConfig),
    email: (email) => call('POST', 'email', schemas.email, { email, deviceId: getDeviceId() }),
    deviceWait: (email) =>
      call('POST', 'device/wait', schemas.deviceWait, { email, deviceId: getDeviceId() }),
    async otp(email, otp) {
      const result = await call('POST', 'otp', schemas.otp, { email, deviceId: getDeviceId(), otp })
      token = result.token
      return result
    },
    session: () => call('GET', 'session', schemas.session, undefined, true),
    getPreferredAccount: () => call('GET', 'preferred-account', schemas.preferredAccount, undefined, true),
    setPreferredAccount: async (type) => {
      await call('PUT', 'preferred-account', schemas.preferredAccount, { type }, true)
    },
    farcasterChannel: (origin) =>
      call('POST', 'farcaster/channel', schemas.farcasterChannel, { origin, deviceId: getDeviceId() }),
    async farcasterConnect(channelId) {
      const result = await call('POST', 'farcaster/connect', schemas.farcasterConnect, {
        channelId,
        deviceId: getDeviceId(),
      })
      if (result.status === 'connected') token = result.token
      return result
    },
    getWallet: () =>
      call('GET', 'wallet', schemas.wallet, undefined, true) as Promise<{ seed: `0x${string}` | null }>,
    putWallet: (seed) => call('PUT', 'wallet', undefined, { seed }, true),
    updateEmail: (newEmail) => call('POST', 'email/update', schemas.updateEmail, { newEmail }, true),
    updateEmailPrimary: (otp) =>
      call('POST', 'email/update/primary', schemas.updateEmailPrimary, { otp }, true),
    updateEmailSecondary: (otp) =>
      call('POST', 'email/update/secondary', schemas.updateEmailSecondary, { otp }, true),
    socialStart: (provider, secretHash, redirectTo) =>
      call('POST', 'social/start', schemas.socialStart, {
        provider,
        deviceId: getDeviceId(),
        secretHash,
        ...(redirectTo === undefined ? {} : { redirectTo }),
      }),
    async socialFinish(state, secret, waitMs, proof) {
      const result = await call('POST', 'social/finish', schemas.otp, {
        state,
        secret,
        ...(proof === undefined ? {} : { proof }),
        deviceId: getDeviceId(),
        waitMs,
      })
      token = result.token
      return result
    },
    async signOut() {
      try {
        // Always asked: a reloaded frame has no token in memory but may still hold the cookie.
        await call('POST', 'signout', undefined, undefined, true)
      } catch (error) {
        // A session the server already forgot is signed out all the same.
        if (!(error instanceof AuthSessionInvalidError)) throw error
      } finally {
        token = undefined
      }
    },
    getToken: () => token,
    clearToken: () => {
      token = undefined
    },
    getDeviceId,
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function toAuthError(response: Response, body: unknown): AuthApiError {
  const parsed = apiErrorBodySchema.safeParse(body)
  if (!parsed.success) {
    return new AuthApiError(
      `The server answered ${response.status} without an error body.`,
      'HTTP_ERROR',
      response.status,
    )
  }
  const { code, message } = parsed.data.error
  if (code === 'EMAIL_COOLDOWN') {
    const retryAfter = Number(response.headers.get('retry-after'))
    return new EmailCooldownError(
      message,
      response.status,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    )
  }
  const ErrorClass =
    ERROR_CLASSES[code] ?? (code.startsWith('SOCIAL_') ? SocialLoginRefusedError : AuthApiError)
  return new ErrorClass(message, code, response.status)
}
