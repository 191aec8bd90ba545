/**
 * The six social login providers: their documented endpoints (the defaults), the scopes asked for,
 * how the client authenticates at the token endpoint, and how each one's documented answer about
 * the account becomes a `SocialIdentity`.
 *
 * Which providers vouch for the e-mail (only those may link to an existing e-mail user):
 * - google: the id_token's `email_verified` claim (OpenID Connect).
 * - apple: the id_token's `email_verified` claim (`true` or `"true"`; relay addresses included).
 * - discord: `verified` of `GET /users/@me` ("whether the email on this account has been verified").
 * - github: the `verified` flag of the `primary` entry of `GET /user/emails`.
 * - facebook: never: `GET /me`'s `email` is documented as the profile's primary address, with no
 *   verified flag, so it is kept for Account but never links.
 * - x: never: `GET /2/users/me` gives no e-mail by default.
 */
import type { SocialProvider } from '@portico/core/api'
import * as z from 'zod'
import type { SocialEndpoints } from './socialConfig.js'

/** Who the provider says signed in. */
export interface SocialIdentity {
  /** The provider's stable account id (never the username, which its owner can change). */
  subject: string
  email: string | undefined
  /** True only when the provider states that the e-mail is verified. */
  emailVerified: boolean
  /** What Account shows: the handle or the display name. */
  username: string | undefined
}

/** The provider's answer does not have its documented shape. */
export class SocialProfileShapeError extends Error {
  override name = 'SocialProfileShapeError' as const
}

/** The endpoints of a provider; the authorisation and token ones every provider has. */
export type ProviderEndpoints = { authorization: string; token: string } & Omit<
  SocialEndpoints,
  'authorization' | 'token'
>

export interface ProviderDefinition {
  /** The documented endpoints; the config may replace each. */
  endpoints: ProviderEndpoints
  scopes: string[]
  /** OpenID Connect: the identity comes from the id_token, whose iss, aud, exp and nonce are checked. */
  oidc: boolean
  /** Whether the provider takes PKCE (RFC 7636); Apple documents none, so state and nonce guard it. */
  pkce: boolean
  /** `basic`: client id and secret in HTTP Basic; `post`: in the form body (Apple, Facebook). */
  clientAuth: 'basic' | 'post'
  /** Parameters the provider needs on the authorisation URL. */
  authorizationParams?: Record<string, string>
}

export const PROVIDERS: Readonly<Record<SocialProvider, ProviderDefinition>> = {
  google: {
    endpoints: {
      authorization: 'https://accounts.google.com/o/oauth2/v2/auth',
      token: 'https://oauth2.googleapis.com/token',
      issuer: 'https://accounts.google.com',
    },
    scopes: ['openid', 'email', 'profile'],
    oidc: true,
    pkce: true,
    clientAuth: 'basic',
  },
  apple: {
    endpoints: {
      authorization: 'https://appleid.apple.com/auth/authorize',
      token: 'https://appleid.apple.com/auth/token',
      issuer: 'https://appleid.apple.com',
    },
    // Apple's REST API documents `name` and `email` only (its id_token comes without `openid`),
    // and neither PKCE: state and the id_token's nonce guard the login.
    scopes: ['name', 'email'],
    oidc: true,
    pkce: false,
    clientAuth: 'post',
    // Apple requires form_post when name or email is asked for: the callback is a POST.
    authorizationParams: { response_mode: 'form_post' },
  },
  x: {
    endpoints: {
      authorization: 'https://x.com/i/oauth2/authorize',
      token: 'https://api.x.com/2/oauth2/token',
      userInfo: 'https://api.x.com/2/users/me',
    },
    scopes: ['users.read', 'tweet.read'],
    oidc: false,
    pkce: true,
    clientAuth: 'basic',
  },
  discord: {
    endpoints: {
      authorization: 'https://discord.com/oauth2/authorize',
      token: 'https://discord.com/api/oauth2/token',
      userInfo: 'https://discord.com/api/users/@me',
    },
    scopes: ['identify', 'email'],
    oidc: false,
    pkce: true,
    clientAuth: 'basic',
  },
  github: {
    endpoints: {
      authorization: 'https://github.com/login/oauth/authorize',
      token: 'https://github.com/login/oauth/access_token',
      userInfo: 'https://api.github.com/user',
      emails: 'https://api.github.com/user/emails',
    },
    scopes: ['read:user', 'user:email'],
    oidc: false,
    pkce: true,
    clientAuth: 'basic',
  },
  facebook: {
    endpoints: {
      authorization: 'https://www.facebook.com/v21.0/dialog/oauth',
      token: 'https://graph.facebook.com/v21.0/oauth/access_token',
      userInfo: 'https://graph.facebook.com/v21.0/me?fields=id,name,email',
    },
    scopes: ['email', 'public_profile'],
    oidc: false,
    pkce: true,
    clientAuth: 'post',
  },
}

const nonEmpty = z.string().min(1)
const id = z.union([nonEmpty, z.number().int().nonnegative().transform(String)])

function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new SocialProfileShapeError(
      `${what} does not have the documented shape (${issue?.path.join('.') || 'root'}: ${issue?.message}).`,
    )
  }
  return parsed.data
}

/** The OpenID Connect claims of Google's and Apple's id_tokens that matter here. */
const idTokenClaimsSchema = z.object({
  sub: nonEmpty,
  email: z.string().optional(),
  // Apple has sent it as the string "true" as well as a boolean.
  email_verified: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  name: z.string().optional(),
})

/** Google or Apple: the identity in the (already checked) id_token's claims. */
export function identityFromIdToken(
  provider: 'google' | 'apple',
  claims: unknown,
  extra: { appleName?: string | undefined } = {},
): SocialIdentity {
  const parsed = parse(idTokenClaimsSchema, claims, `The ${provider} id_token`)
  const email = parsed.email || undefined
  return {
    subject: parsed.sub,
    email,
    emailVerified:
      email !== undefined && (parsed.email_verified === true || parsed.email_verified === 'true'),
    // Apple never puts the name in the id_token: it posts it once, on the first login, beside the code.
    username: provider === 'google' ? parsed.name || email : extra.appleName || email,
  }
}

/** The longest name kept from Apple's posted `user` field. */
const APPLE_NAME_MAX_LENGTH = 64

/** Apple's `user` form field of the first login: `{"name":{"firstName","lastName"},"email"}`. */
export function appleNameOf(userField: string | undefined): string | undefined {
  if (!userField) return undefined
  try {
    const parsed = z
      .object({ name: z.object({ firstName: z.string().optional(), lastName: z.string().optional() }) })
      .safeParse(JSON.parse(userField))
    if (!parsed.success) return undefined
    const name = [parsed.data.name.firstName, parsed.data.name.lastName].filter(Boolean).join(' ').trim()
    // The browser posts this field, not Apple's signature: anyone can send their own login's
    // callback with a name of their making. A plain name is kept; control or format characters
    // (bidirectional overrides, NUL, lone surrogates) or a page of text give the e-mail instead.
    if (name.length > APPLE_NAME_MAX_LENGTH || /[\p{Cc}\p{Cf}\p{Cs}\p{Co}]/u.test(name)) return undefined
    return name || undefined
  } catch {
    return undefined
  }
}

/** X `GET /2/users/me`: `{ data: { id, name, username } }`; no e-mail. */
export function identityFromX(body: unknown): SocialIdentity {
  const { data } = parse(
    z.object({ data: z.object({ id: nonEmpty, username: nonEmpty, name: z.string().optional() }) }),
    body,
    "X's /2/users/me answer",
  )
  return { subject: data.id, email: undefined, emailVerified: false, username: `@${data.username}` }
}

/** Discord `GET /users/@me`: `{ id, username, global_name, email, verified }`. */
export function identityFromDiscord(body: unknown): SocialIdentity {
  const user = parse(
    z.object({
      id: nonEmpty,
      username: nonEmpty,
      global_name: z.string().nullish(),
      email: z.string().nullish(),
      verified: z.boolean().optional(),
    }),
    body,
    "Discord's /users/@me answer",
  )
  const email = user.email || undefined
  return {
    subject: user.id,
    email,
    emailVerified: email !== undefined && user.verified === true,
    username: user.global_name || user.username,
  }
}

/**
 * GitHub `GET /user` (`{ id, login, name, email }`) and `GET /user/emails`
 * (`[{ email, primary, verified }]`): the primary address, verified or not as GitHub says.
 */
export function identityFromGithub(user: unknown, emails: unknown): SocialIdentity {
  const profile = parse(
    z.object({ id: z.number().int().nonnegative(), login: nonEmpty, name: z.string().nullish() }),
    user,
    "GitHub's /user answer",
  )
  const list = parse(
    z.array(z.object({ email: nonEmpty, primary: z.boolean(), verified: z.boolean() })),
    emails,
    "GitHub's /user/emails answer",
  )
  const primary = list.find((entry) => entry.primary)
  return {
    subject: String(profile.id),
    email: primary?.email,
    emailVerified: primary?.verified === true,
    username: profile.login,
  }
}

/** Facebook `GET /me?fields=id,name,email`: the e-mail has no verified flag, so it never links. */
export function identityFromFacebook(body: unknown): SocialIdentity {
  const user = parse(
    z.object({ id, name: z.string().optional(), email: z.string().optional() }),
    body,
    "Facebook's /me answer",
  )
  return {
    subject: user.id,
    email: user.email || undefined,
    emailVerified: false,
    username: user.name || undefined,
  }
}
