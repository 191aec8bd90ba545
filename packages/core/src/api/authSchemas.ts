/**
 * The e-mail login API of a Portico server (`/v1/auth/*`), as zod schemas: the embedded wallet's
 * frame, served from the server's own origin, calls it; the server builds its answers from these.
 * Every request carries `?projectId=` (the site that embeds the frame). Refusals use
 * `apiErrorSchema` with the codes EMAIL_COOLDOWN, EMAIL_LIMIT, EMAIL_INVALID, MAIL_FAILED, OTP_INVALID,
 * OTP_EXPIRED, OTP_ATTEMPTS_EXCEEDED, DEVICE_NOT_APPROVED, AUTH_SESSION_INVALID, WALLET_EXISTS and
 * EMAIL_TAKEN.
 */
import * as z from 'zod/mini'

/** An e-mail address as typed; the server trims it, lower-cases its domain and checks it (EMAIL_INVALID). */
export const authEmailSchema = z.string().check(z.maxLength(320))

/** The random id a frame keeps for its browser, so a known user on a new device is asked to approve it. */
export const authDeviceIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{16,128}$/))

/** A one-time code from a mail: six digits. */
export const authOtpSchema = z.string().check(z.regex(/^\d{6}$/))

/** A key seed: 32 bytes as 0x-prefixed hex. */
export const authSeedSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/))

/**
 * The user of a login session. A social login may have no e-mail (X never gives one, others only
 * when the person shared it; a Farcaster login never); it then has the provider and its username
 * instead, and a Farcaster login its picture.
 */
export const authUserSchema = z.object({
  id: z.string(),
  email: z.optional(z.string()),
  /** The username of the social login that opened the session (`@handle`, display name, ...). */
  userName: z.optional(z.string()),
  /** The provider of the social login that opened the session (`google`, `x`, `farcaster`, ...). */
  socialProvider: z.optional(z.string()),
  /** A Farcaster account's picture, an https URL (display data). */
  profileImage: z.optional(z.string()),
})
export type AuthUser = z.infer<typeof authUserSchema>

/**
 * `GET /v1/auth/frame-config?projectId[&origin]`: whether the site embedding the frame (`origin`,
 * else the one that loaded the frame page) may use it. `allowedOrigins` holds that site alone when
 * it may (`*` when any may and the site is unknown), and nothing otherwise: the project's list is
 * never handed out.
 */
export const authFrameConfigResponseSchema = z.object({
  allowed: z.boolean(),
  allowedOrigins: z.array(z.string()),
  /**
   * CAIP-2 ids of the EVM chains where the server has an ERC-4337 bundler (SPEC §3
   * smartAccountEnabledNetworks); absent from servers that predate smart accounts.
   */
  smartAccountEnabledNetworks: z.optional(z.array(z.string())),
  /** Of those, the chains where the site's paymaster pays the project's network fees. */
  sponsoredNetworks: z.optional(z.array(z.string())),
})
export type AuthFrameConfigResponse = z.infer<typeof authFrameConfigResponseSchema>

/** `POST /v1/auth/email?projectId`: starts a login. */
export const authEmailRequestSchema = z.object({ email: authEmailSchema, deviceId: authDeviceIdSchema })
export type AuthEmailRequest = z.infer<typeof authEmailRequestSchema>

/**
 * VERIFY_OTP: a code was mailed. The Portico server answers it to every address, so the answer
 * does not tell whether the address has an account; a new device of a known account is asked to
 * approve itself once the code is proved (401 DEVICE_NOT_APPROVED). VERIFY_DEVICE (an approval
 * link was mailed first) is kept for servers that still answer it.
 */
export const authEmailResponseSchema = z.object({ action: z.enum(['VERIFY_OTP', 'VERIFY_DEVICE']) })
export type AuthEmailResponse = z.infer<typeof authEmailResponseSchema>

/** `POST /v1/auth/device/wait?projectId`: waits (long poll) for the device to be approved by its mail link. */
export const authDeviceWaitRequestSchema = z.object({ email: authEmailSchema, deviceId: authDeviceIdSchema })
export type AuthDeviceWaitRequest = z.infer<typeof authDeviceWaitRequestSchema>

/** `approved: true` once the link was followed (the login code is then mailed); false when the wait ran out. */
export const authDeviceWaitResponseSchema = z.object({ approved: z.boolean() })
export type AuthDeviceWaitResponse = z.infer<typeof authDeviceWaitResponseSchema>

/** `POST /v1/auth/otp?projectId`: the code from the login mail. */
export const authOtpRequestSchema = z.object({
  email: authEmailSchema,
  deviceId: authDeviceIdSchema,
  otp: authOtpSchema,
})
export type AuthOtpRequest = z.infer<typeof authOtpRequestSchema>

/** A new session: send `token` as `Authorization: Bearer <token>`. */
export const authOtpResponseSchema = z.object({
  token: z.string(),
  user: authUserSchema,
  /** True when this login created the user (it has no wallet yet). */
  isNewUser: z.boolean(),
})
export type AuthOtpResponse = z.infer<typeof authOtpResponseSchema>

/** `GET /v1/auth/session?projectId` (Bearer). */
export const authSessionResponseSchema = z.object({ user: authUserSchema })
export type AuthSessionResponse = z.infer<typeof authSessionResponseSchema>

/** The embedded wallet's account types (SPEC §6). */
export const authAccountTypeSchema = z.enum(['eoa', 'smartAccount'])
/**
 * `GET /v1/auth/preferred-account?projectId` (Bearer): the user's chosen account type, null before
 * they chose (the wallet then uses its default).
 */
export const authPreferredAccountResponseSchema = z.object({ type: z.nullable(authAccountTypeSchema) })
export type AuthPreferredAccountResponse = z.infer<typeof authPreferredAccountResponseSchema>
/** `PUT /v1/auth/preferred-account?projectId` (Bearer): stores the user's choice. */
export const authPreferredAccountRequestSchema = z.object({ type: authAccountTypeSchema })
export type AuthPreferredAccountRequest = z.infer<typeof authPreferredAccountRequestSchema>

/** `GET /v1/auth/wallet?projectId` (Bearer): the user's seed, or null before one was stored. */
export const authWalletResponseSchema = z.object({ seed: z.nullable(authSeedSchema) })
export type AuthWalletResponse = z.infer<typeof authWalletResponseSchema>

/** `PUT /v1/auth/wallet?projectId` (Bearer): stores the user's seed, once (201; 409 WALLET_EXISTS after). */
export const authPutWalletRequestSchema = z.object({ seed: authSeedSchema })
export type AuthPutWalletRequest = z.infer<typeof authPutWalletRequestSchema>

/** The answer to a stored seed (status 201). */
export const authPutWalletResponseSchema = z.object({ stored: z.literal(true) })
export type AuthPutWalletResponse = z.infer<typeof authPutWalletResponseSchema>

/** `POST /v1/auth/email/update?projectId` (Bearer): codes go to the current and the new address. */
export const authUpdateEmailRequestSchema = z.object({ newEmail: authEmailSchema })
export type AuthUpdateEmailRequest = z.infer<typeof authUpdateEmailRequestSchema>

export const authUpdateEmailResponseSchema = z.object({ action: z.literal('VERIFY_PRIMARY_OTP') })
export type AuthUpdateEmailResponse = z.infer<typeof authUpdateEmailResponseSchema>

/** `POST /v1/auth/email/update/primary?projectId` (Bearer): the code mailed to the current address. */
export const authUpdateEmailPrimaryRequestSchema = z.object({ otp: authOtpSchema })
export type AuthUpdateEmailPrimaryRequest = z.infer<typeof authUpdateEmailPrimaryRequestSchema>

export const authUpdateEmailPrimaryResponseSchema = z.object({ action: z.literal('VERIFY_SECONDARY_OTP') })
export type AuthUpdateEmailPrimaryResponse = z.infer<typeof authUpdateEmailPrimaryResponseSchema>

/** `POST /v1/auth/email/update/secondary?projectId` (Bearer): the code mailed to the new address. */
export const authUpdateEmailSecondaryRequestSchema = z.object({ otp: authOtpSchema })
export type AuthUpdateEmailSecondaryRequest = z.infer<typeof authUpdateEmailSecondaryRequestSchema>

/** The user's e-mail from now on. */
export const authUpdateEmailSecondaryResponseSchema = z.object({ email: z.string() })
export type AuthUpdateEmailSecondaryResponse = z.infer<typeof authUpdateEmailSecondaryResponseSchema>

/** The id the server gives a Farcaster sign-in channel it opened; the relay's token stays on the server. */
export const authFarcasterChannelIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/))

/**
 * `POST /v1/auth/farcaster/channel?projectId`: opens a Sign In With Farcaster channel for the site at
 * `origin` (one of the project's allowed origins; the signed message must name its host).
 */
export const authFarcasterChannelRequestSchema = z.object({
  deviceId: authDeviceIdSchema,
  origin: z.string().check(z.maxLength(2048)),
})
export type AuthFarcasterChannelRequest = z.infer<typeof authFarcasterChannelRequestSchema>

/** The channel: `url` is the link (and QR code) for the Farcaster app; it ends at `expiresAt` (ms). */
export const authFarcasterChannelResponseSchema = z.object({
  channelId: authFarcasterChannelIdSchema,
  url: z.url(),
  expiresAt: z.number(),
})
export type AuthFarcasterChannelResponse = z.infer<typeof authFarcasterChannelResponseSchema>

/** `POST /v1/auth/farcaster/connect?projectId`: waits (long poll) for the Farcaster app's answer. */
export const authFarcasterConnectRequestSchema = z.object({
  deviceId: authDeviceIdSchema,
  channelId: authFarcasterChannelIdSchema,
})
export type AuthFarcasterConnectRequest = z.infer<typeof authFarcasterConnectRequestSchema>

/**
 * `pending` when the wait ran out before the app answered (ask again until the channel expires);
 * `connected` with a new session once the server verified the signed message. Refusals:
 * FARCASTER_CHANNEL_EXPIRED, FARCASTER_SIGNIN_INVALID, NOT_FOUND, UPSTREAM_ERROR.
 */
export const authFarcasterConnectResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('pending') }),
  z.object({
    status: z.literal('connected'),
    token: z.string(),
    user: authUserSchema,
    isNewUser: z.boolean(),
  }),
])
export type AuthFarcasterConnectResponse = z.infer<typeof authFarcasterConnectResponseSchema>
