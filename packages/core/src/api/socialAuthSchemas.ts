/**
 * The social login API of a Portico server (`/v1/auth/social/*`), as zod schemas. The embedded
 * wallet's frame starts a login and finishes it; the provider's code and tokens go from the
 * provider to the server's callback only, never through the frame or the page. Refusals use
 * `apiErrorSchema` with the SOCIAL_* codes.
 */
import * as z from 'zod/mini'
import { authDeviceIdSchema, authUserSchema } from './authSchemas.js'

/** The social login providers a server can be configured for (SPEC §1, less Farcaster). */
export const SOCIAL_PROVIDERS = ['google', 'x', 'discord', 'github', 'apple', 'facebook'] as const
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]
export const socialProviderSchema = z.enum(SOCIAL_PROVIDERS)
/** How texts name a provider ('GitHub', 'X', 'Farcaster'): the server's and the frame's refusals too. */
export { socialProviderName } from '../social/socialProviderName.js'

/**
 * The query parameter a full-page redirect brings back to the site's page: an opaque marker the
 * page hands to the frame (APP_CONNECT_SOCIAL{uri}). It finishes nothing without the frame's secret.
 */
export const SOCIAL_RESULT_PARAM = 'portico_social'

/**
 * The query parameter that comes back with SOCIAL_RESULT_PARAM after a successful consent: a fresh
 * one-time proof, sent only to the site's page in the browser that approved. The finish needs it
 * as well as the frame's secret, so a login approved in another browser (a link sent to a victim)
 * cannot be finished by the frame that started it.
 */
export const SOCIAL_PROOF_PARAM = 'portico_proof'

/** A login attempt's state (also the marker of a redirect): 32 random bytes, base64url. */
export const socialStateSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/))

/** `POST /v1/auth/social/start?projectId`: a new attempt, bound to the frame's secret. */
export const authSocialStartRequestSchema = z.object({
  provider: socialProviderSchema,
  deviceId: authDeviceIdSchema,
  /** SHA-256 of the secret only the frame holds, base64url: finishing needs the secret itself. */
  secretHash: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/)),
  /**
   * The site's page the provider's callback sends the browser back to (the popup, or the whole tab
   * after a full-page redirect), with the state and the one-time proof: a page of an origin the
   * project lists by name. Required by the server (SOCIAL_REDIRECT_REQUIRED); optional in the schema
   * so a start without it gets that clear refusal rather than a bare BAD_REQUEST.
   */
  redirectTo: z.optional(z.url()),
})
export type AuthSocialStartRequest = z.infer<typeof authSocialStartRequestSchema>

export const authSocialStartResponseSchema = z.object({
  /** The provider's authorisation URL the page opens (popup or full page). */
  uri: z.url(),
  state: socialStateSchema,
  /** When the attempt stops being usable, ms since the epoch. */
  expiresAt: z.number(),
})
export type AuthSocialStartResponse = z.infer<typeof authSocialStartResponseSchema>

/** `POST /v1/auth/social/finish?projectId`: the session of a completed attempt, once. */
export const authSocialFinishRequestSchema = z.object({
  state: socialStateSchema,
  /** The secret whose hash started the attempt, base64url. */
  secret: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/)),
  /**
   * The one-time proof (SOCIAL_PROOF_PARAM) the callback sent to the site's page in the browser
   * that approved. Without it a finish may wait and learn a failure, but never gets the session
   * (SOCIAL_PROOF_INVALID).
   */
  proof: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/))),
  deviceId: authDeviceIdSchema,
  /** How long to wait for the provider's callback, in ms (at most the server's limit). */
  waitMs: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(60_000))),
})
export type AuthSocialFinishRequest = z.infer<typeof authSocialFinishRequestSchema>

export const authSocialFinishResponseSchema = z.object({
  token: z.string(),
  user: authUserSchema,
  /** True when this login created the user (it has no wallet yet). */
  isNewUser: z.boolean(),
})
export type AuthSocialFinishResponse = z.infer<typeof authSocialFinishResponseSchema>
