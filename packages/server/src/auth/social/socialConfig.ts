/**
 * Social logins' configuration (`auth.social`): for each project, the providers its site
 * registered an OAuth app with, their client ids and secrets, and the provider's endpoints when a
 * test or a proxy needs other ones than the documented defaults. Secrets stay on the server: the
 * frame and the page only ever see the provider's authorisation URL.
 */
import * as z from 'zod'
import { hourlyLimitsSchema } from '../hourlyLimits.js'

const endpoint = z.url()

/** The endpoints of one provider; each defaults to the provider's documented URL (socialProviders.ts). */
export const socialEndpointsSchema = z.object({
  authorization: endpoint.optional(),
  token: endpoint.optional(),
  /** The user-info endpoint of a provider without OpenID Connect (X, Discord, GitHub, Facebook). */
  userInfo: endpoint.optional(),
  /** GitHub only: the list of the account's e-mails with their verified flags. */
  emails: endpoint.optional(),
  /** The `iss` an OpenID Connect provider's id_token must carry (Google, Apple). */
  issuer: z.string().min(1).optional(),
})
export type SocialEndpoints = z.infer<typeof socialEndpointsSchema>

/**
 * Sign in with Apple's client secret is a JWT signed with the key made in Apple's developer
 * account; the server signs a fresh one for each exchange when given the key instead of a secret.
 */
export const appleKeySchema = z.object({
  teamId: z.string().min(1),
  keyId: z.string().min(1),
  /** The `.p8` file's PKCS #8 PEM text. */
  privateKey: z.string().includes('PRIVATE KEY'),
})

export const socialProviderConfigSchema = z
  .object({
    clientId: z.string().min(1),
    /** The OAuth app's client secret (Apple: a client-secret JWT, or `appleKey` instead). */
    clientSecret: z.string().min(1).optional(),
    appleKey: appleKeySchema.optional(),
    /** Scopes to ask for instead of the provider's default ones. */
    scopes: z.array(z.string().min(1)).optional(),
    endpoints: socialEndpointsSchema.prefault({}),
  })
  .refine((provider) => provider.clientSecret !== undefined || provider.appleKey !== undefined, {
    message: 'set clientSecret (or, for Apple, appleKey) as the provider shows it for the OAuth app',
  })
export type SocialProviderConfig = z.infer<typeof socialProviderConfigSchema>

export const socialConfigSchema = z.object({
  /** Each project's providers, by projectId; a provider a project does not list cannot be used by it. */
  projects: z
    .record(
      z.string(),
      z
        .object({
          google: socialProviderConfigSchema.optional(),
          x: socialProviderConfigSchema.optional(),
          discord: socialProviderConfigSchema.optional(),
          github: socialProviderConfigSchema.optional(),
          apple: socialProviderConfigSchema.optional(),
          facebook: socialProviderConfigSchema.optional(),
        })
        .strict(),
    )
    .default({}),
  /** How long a started login may take to come back from the provider, in ms. */
  attemptTtlMs: z
    .number()
    .int()
    .min(30_000)
    .default(10 * 60_000),
  /**
   * How long `POST /v1/auth/social/finish` holds a request open for the provider's callback, in ms:
   * under the frame's 30 s timeout (SPEC §9), so the page hears "still waiting" before it gives up.
   */
  finishWaitMs: z.number().int().min(0).max(60_000).default(25_000),
  /**
   * Starts (`POST /v1/auth/social/start`, each an attempt row kept a day) per hour from one client
   * address within a project, and from a whole project; past either, 429 RATE_LIMITED.
   */
  startLimits: hourlyLimitsSchema,
  /** How long a call to a provider's token or user-info endpoint may take, in ms. */
  providerTimeoutMs: z.number().int().min(1_000).max(60_000).default(10_000),
})
export type SocialConfig = z.infer<typeof socialConfigSchema>
