import * as z from 'zod/mini'
import { chainIdSchema, rpcRequestSchema } from './rpc.js'
import { VERSION_PATTERN } from './version.js'

/** The marker that tells Portico's messages apart from every other `postMessage` on the page. */
export const MESSAGE_MARKER = 'embedded-wallet'

const versionSchema = z.string().check(z.regex(VERSION_PATTERN, 'is not a major.minor.patch version'))
const idSchema = z.uuid()
const emailSchema = z.email()
const otpSchema = z.string().check(z.regex(/^\d{6}$/, 'is not a 6-digit code'))
const evmAddress = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'is not an EVM address'))
const accountType = z.enum(['eoa', 'smartAccount'])
// A success that carries nothing may come as `{}` or without a payload; both mean `{}`.
const empty = z._default(z.object({}), {})

// The envelope is strict: a key the protocol does not know is refused, never passed along.
// Requests and their replies share it; the reply carries the request's id.
function envelope<const T extends string, P extends z.core.$ZodType>(type: T, payload: P) {
  return z.strictObject({
    portico: z.literal(MESSAGE_MARKER),
    version: versionSchema,
    id: idSchema,
    type: z.literal(type),
    payload,
  })
}

function frameEvent<const T extends string, P extends z.core.$ZodType>(type: T, payload: P) {
  return z.strictObject({
    portico: z.literal(MESSAGE_MARKER),
    version: versionSchema,
    id: z.optional(idSchema),
    type: z.literal(type),
    payload,
  })
}

const noPayload = z.optional(z.strictObject({}))

/**
 * The only theme values a page can send (SPEC §3 Theme): an accent colour, a corner radius in px and
 * a font family. The frame checks each value again and sets every text and background colour itself,
 * so a page cannot hide or restyle what its screens show; any other key refuses the whole message.
 */
export const themeVariablesSchema = z.strictObject({
  accent: z.optional(z.string().check(z.maxLength(64))),
  borderRadius: z.optional(z.number()),
  fontFamily: z.optional(z.string().check(z.maxLength(200))),
})

/** The success payload of each app event (SPEC §7); the reply type is FRAME_<event>_SUCCESS. */
const successPayloads = {
  APP_SWITCH_NETWORK: z.object({ chainId: chainIdSchema }),
  APP_CONNECT_EMAIL: z.object({ action: z.enum(['VERIFY_OTP', 'VERIFY_DEVICE']) }),
  APP_CONNECT_DEVICE: empty,
  // A known account on a new device: the code was right, and the device must be approved from the
  // mailed link before the same code logs in (the server mails it only once the code is proved).
  APP_CONNECT_OTP: z._default(z.object({ action: z.optional(z.literal('VERIFY_DEVICE')) }), {}),
  // The user of the social login: its e-mail when the provider gave one, its username and provider.
  APP_CONNECT_SOCIAL: z.object({
    email: z.optional(emailSchema),
    userName: z.optional(z.string()),
    socialProvider: z.optional(z.string()),
  }),
  // The sign-in link for the Farcaster app (shown as a QR code), and when its channel ends (ms).
  APP_GET_FARCASTER_URI: z.object({ url: z.url(), expiresAt: z.optional(z.number()) }),
  // WAITING: the app has not answered within one wait; the page asks again until the link expires.
  APP_CONNECT_FARCASTER: z._default(z.object({ action: z.optional(z.literal('WAITING')) }), {}),
  APP_GET_USER: z.object({
    // A social login may have no e-mail; it has the provider and the username instead (Account).
    // A Farcaster login is one of them (provider `farcaster`), with the account's picture too.
    email: z.optional(emailSchema),
    userName: z.optional(z.string()),
    socialProvider: z.optional(z.string()),
    profileImage: z.optional(z.url({ protocol: /^https$/ })),
    address: evmAddress,
    chainId: chainIdSchema,
    accountType,
    solanaAddress: z.optional(z.string().check(z.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/))),
    smartAccountDeployed: z.optional(z.boolean()),
    /** For a smart account: whether the site's paymaster pays its network fees on this chain. */
    smartAccountSponsored: z.optional(z.boolean()),
  }),
  APP_GET_SOCIAL_REDIRECT_URI: z.object({ uri: z.url() }),
  APP_SIGN_OUT: empty,
  APP_IS_CONNECTED: z.object({ isConnected: z.boolean() }),
  APP_GET_CHAIN_ID: z.object({ chainId: chainIdSchema }),
  APP_GET_SMART_ACCOUNT_ENABLED_NETWORKS: z.object({
    smartAccountEnabledNetworks: z.array(z.number().check(z.int(), z.positive())),
  }),
  APP_INIT_SMART_ACCOUNT: z.object({ address: evmAddress, isDeployed: z.boolean() }),
  APP_SET_PREFERRED_ACCOUNT: z.object({ type: accountType, address: evmAddress }),
  // The RPC result is per method; the EIP-1193 provider checks the formats it relies on.
  APP_RPC_REQUEST: z.optional(z.unknown()),
  // The whole change: the frame mails both codes and the visitor types them on the frame's screen;
  // the page learns the new address, or an ERROR (code 4001 when the visitor cancelled).
  APP_UPDATE_EMAIL: z.object({ newEmail: emailSchema }),
  // The values the frame did not take, with the reason (each falls back to the frame's own).
  APP_SYNC_THEME: z._default(
    z.object({
      ignored: z.optional(
        z.array(z.object({ name: z.enum(['accent', 'borderRadius', 'fontFamily']), reason: z.string() })),
      ),
    }),
    {},
  ),
  APP_SYNC_DAPP_DATA: empty,
  APP_RELOAD: empty,
} as const

/** Every request the page can send the frame (SPEC §7), with its payload. */
export const appMessageSchema = z.discriminatedUnion('type', [
  envelope('APP_SWITCH_NETWORK', z.strictObject({ chainId: chainIdSchema })),
  envelope('APP_CONNECT_EMAIL', z.strictObject({ email: emailSchema })),
  envelope('APP_CONNECT_DEVICE', noPayload),
  envelope('APP_CONNECT_OTP', z.strictObject({ otp: otpSchema })),
  envelope('APP_CONNECT_SOCIAL', z.strictObject({ uri: z.url() })),
  envelope('APP_GET_FARCASTER_URI', noPayload),
  envelope('APP_CONNECT_FARCASTER', noPayload),
  envelope(
    'APP_GET_USER',
    z.optional(
      z.strictObject({ chainId: z.optional(chainIdSchema), preferredAccountType: z.optional(accountType) }),
    ),
  ),
  envelope(
    'APP_GET_SOCIAL_REDIRECT_URI',
    z.strictObject({
      provider: z.string().check(z.regex(/^[a-z0-9_-]{1,32}$/, 'is not a provider name')),
      // Set when the page falls back to a full-page redirect (popup blocked): the page to come back
      // to, of an origin the project lists. Without it the login ends in the popup.
      redirectTo: z.optional(z.url()),
    }),
  ),
  envelope('APP_SIGN_OUT', noPayload),
  envelope(
    'APP_IS_CONNECTED',
    z.optional(z.strictObject({ token: z.optional(z.string().check(z.minLength(1))) })),
  ),
  envelope('APP_GET_CHAIN_ID', noPayload),
  envelope('APP_GET_SMART_ACCOUNT_ENABLED_NETWORKS', noPayload),
  envelope('APP_INIT_SMART_ACCOUNT', noPayload),
  envelope('APP_SET_PREFERRED_ACCOUNT', z.strictObject({ type: accountType })),
  envelope('APP_RPC_REQUEST', rpcRequestSchema),
  envelope('APP_UPDATE_EMAIL', z.strictObject({ email: emailSchema })),
  envelope(
    'APP_SYNC_THEME',
    z.strictObject({
      themeMode: z.enum(['light', 'dark']),
      themeVariables: z.optional(themeVariablesSchema),
    }),
  ),
  envelope(
    'APP_SYNC_DAPP_DATA',
    z.strictObject({
      metadata: z.optional(
        z.object({
          name: z.string(),
          description: z.optional(z.string()),
          url: z.optional(z.string()),
          icons: z.optional(z.array(z.string())),
        }),
      ),
      sdkVersion: z.string().check(z.minLength(1)),
      sdkType: z.string().check(z.minLength(1)),
      projectId: z.string().check(z.minLength(1)),
    }),
  ),
  envelope('APP_RELOAD', noPayload),
])
export type AppMessage = z.infer<typeof appMessageSchema>
export type AppMessageType = AppMessage['type']
/** What a caller passes for an app event (before defaults). */
export type AppMessagePayload<T extends AppMessageType> =
  z.input<typeof appMessageSchema> extends infer M
    ? M extends { type: T; payload?: infer P }
      ? P
      : never
    : never

/** The list of every app event type, in SPEC §7 order. */
export const APP_MESSAGE_TYPES = Object.keys(successPayloads) as AppMessageType[]

type SuccessPayloads = typeof successPayloads
type SuccessType<T extends string> = T extends `APP_${infer R}` ? `FRAME_${R}_SUCCESS` : never
type ErrorType<T extends string> = T extends `APP_${infer R}` ? `FRAME_${R}_ERROR` : never

/**
 * The payload of an ERROR reply: the frame's message and, for wallet errors, the EIP-1193 code and
 * the error's `data` (such as the bundle id of a batch that was sent only in part).
 */
export const frameErrorPayloadSchema = z.object({
  message: z.string(),
  code: z.optional(z.number().check(z.int())),
  data: z.optional(z.unknown()),
})
export type FrameErrorPayload = z.infer<typeof frameErrorPayloadSchema>

/** The type of any ERROR reply, for a request this side knows or not. */
export const FRAME_ERROR_TYPE = /^FRAME_[A-Z_]+_ERROR$/

/**
 * An ERROR reply whatever request it answers. A frame of another minor version may answer a request
 * with a type this side has no schema for; its page must still learn at once that it failed.
 */
export const frameErrorReplySchema = z.strictObject({
  portico: z.literal(MESSAGE_MARKER),
  version: versionSchema,
  id: idSchema,
  type: z.string().check(z.regex(FRAME_ERROR_TYPE, 'is not an ERROR reply type')),
  payload: frameErrorPayloadSchema,
})
export type FrameErrorReply = {
  portico: typeof MESSAGE_MARKER
  version: string
  id: string
  type: `FRAME_${string}_ERROR`
  payload: FrameErrorPayload
}

function replySchemas() {
  const members = []
  for (const type of APP_MESSAGE_TYPES) {
    const base = type.slice('APP_'.length)
    members.push(envelope(`FRAME_${base}_SUCCESS`, successPayloads[type]))
    members.push(envelope(`FRAME_${base}_ERROR`, frameErrorPayloadSchema))
  }
  return members
}

type ReplyUnion = {
  [T in AppMessageType]:
    | {
        portico: typeof MESSAGE_MARKER
        version: string
        id: string
        type: SuccessType<T>
        payload: z.infer<SuccessPayloads[T]>
      }
    | {
        portico: typeof MESSAGE_MARKER
        version: string
        id: string
        type: ErrorType<T>
        payload: FrameErrorPayload
      }
}[AppMessageType]

/** Every reply the frame can send: FRAME_<event>_SUCCESS with the event's result, or FRAME_<event>_ERROR. */
export const frameReplySchema = z.discriminatedUnion(
  'type',
  replySchemas() as unknown as [ReturnType<typeof envelope>, ...ReturnType<typeof envelope>[]],
) as unknown as z.ZodMiniType<ReplyUnion>
export type FrameReply = ReplyUnion
export type FrameReplyType = FrameReply['type']
/** What a successful request resolves with. */
export type FrameSuccessPayload<T extends AppMessageType> = z.infer<SuccessPayloads[T]>

/**
 * Messages the frame sends on its own: FRAME_READY once loaded, FRAME_SESSION_UPDATE on a new
 * session. Its `token` is the session's id, never the credential: the page (and any script on it)
 * must not be able to act as the wallet's session.
 */
export const frameEventSchema = z.discriminatedUnion('type', [
  frameEvent('FRAME_READY', z.strictObject({ version: versionSchema })),
  frameEvent('FRAME_SESSION_UPDATE', z.strictObject({ token: z.string().check(z.minLength(1)) })),
])
export type FrameEvent = z.infer<typeof frameEventSchema>

/** Anything the frame posts to the page; an ERROR reply may answer a request type this side does not know. */
export type FrameMessage = FrameReply | FrameEvent | FrameErrorReply

/**
 * The reply type that answers an app event: APP_X → FRAME_X_SUCCESS or FRAME_X_ERROR.
 * @example replyTypeOf('APP_CONNECT_EMAIL', 'SUCCESS') // 'FRAME_CONNECT_EMAIL_SUCCESS'
 */
export function replyTypeOf<T extends AppMessageType, K extends 'SUCCESS' | 'ERROR'>(
  appType: T,
  kind: K,
): K extends 'SUCCESS' ? SuccessType<T> : ErrorType<T> {
  return `FRAME_${appType.slice('APP_'.length)}_${kind}` as K extends 'SUCCESS'
    ? SuccessType<T>
    : ErrorType<T>
}
