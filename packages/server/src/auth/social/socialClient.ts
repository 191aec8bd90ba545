/**
 * The OAuth 2.0 client of one provider for one project, over arctic's generic `OAuth2Client`
 * (arctic's provider classes hard-code the providers' URLs; these come from the config): the
 * authorisation URL with state, PKCE and nonce, the code exchange, the id_token checks of OpenID
 * Connect, and the provider's answer about the account.
 */
import { createPrivateKey, sign } from 'node:crypto'
import type { SocialProvider } from '@portico/core/api'
import {
  ArcticFetchError,
  CodeChallengeMethod,
  decodeIdToken,
  OAuth2Client,
  OAuth2RequestError,
  OAuth2Tokens,
} from 'arctic'
import { ApiRefusal } from '../../http/apiError.js'
import type { SocialProviderConfig } from './socialConfig.js'
import {
  appleNameOf,
  identityFromDiscord,
  identityFromFacebook,
  identityFromGithub,
  identityFromIdToken,
  identityFromX,
  PROVIDERS,
  type ProviderDefinition,
  type ProviderEndpoints,
  type SocialIdentity,
  SocialProfileShapeError,
} from './socialProviders.js'

export interface SocialClientOptions {
  provider: SocialProvider
  config: SocialProviderConfig
  /** The server's callback URL for this provider, registered with the provider's OAuth app. */
  redirectUri: string
  timeoutMs: number
  now: () => number
}

/** What the callback brought besides the code (Apple's first login posts the name). */
export interface CallbackExtras {
  appleUser?: string | undefined
}

export interface SocialClient {
  authorizationUrl(state: string, codeVerifier: string, nonce: string): URL
  /** Exchanges the code and reads who signed in; refuses with a SOCIAL_* or UPSTREAM_* code. */
  identify(code: string, codeVerifier: string, nonce: string, extras: CallbackExtras): Promise<SocialIdentity>
}

/** The endpoints in force: the config's over the documented ones. */
function endpointsOf(
  definition: ProviderDefinition,
  config: SocialProviderConfig,
): ProviderDefinition['endpoints'] {
  // The config's entries are optional: those it leaves out keep the documented URLs.
  return { ...definition.endpoints, ...stripUndefined(config.endpoints) } as ProviderEndpoints
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>
}

/** Creates the client of `provider` with the project's app registration. */
export function createSocialClient(options: SocialClientOptions): SocialClient {
  const { provider, config, redirectUri, timeoutMs, now } = options
  const definition = PROVIDERS[provider]
  const endpoints = endpointsOf(definition, config)
  const scopes = config.scopes ?? definition.scopes

  /** A fetch bounded by the provider timeout: a provider that never answers costs no more. */
  async function providerFetch(url: string, init: RequestInit, what: string): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) })
    } catch (error) {
      const timedOut = (error as { name?: string }).name === 'TimeoutError'
      throw new ApiRefusal(
        timedOut ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_ERROR',
        `${provider}'s ${what} ${timedOut ? `did not answer within ${timeoutMs} ms` : 'could not be reached'}.`,
      )
    }
  }

  function clientSecret(): string {
    if (config.appleKey) return appleClientSecret(config.clientId, config.appleKey, now())
    return config.clientSecret ?? ''
  }

  /** The token endpoint's refusal as the login's refusal. */
  function refusalOf(error: string, description: string | null): ApiRefusal {
    const detail = description ? `: ${clip(description)}` : ''
    // invalid_grant: a code used before, issued for another verifier (PKCE) or another redirect URI.
    if (error === 'invalid_grant') {
      return new ApiRefusal(
        'SOCIAL_CODE_REJECTED',
        `${provider} refused the login's code (invalid_grant${detail}): it was used before, or was issued for another login or callback URL.`,
      )
    }
    return new ApiRefusal(
      'SOCIAL_PROVIDER_ERROR',
      `${provider}'s token endpoint refused the exchange (${clip(error)}${detail}): check the client id and secret of the project's ${provider} app.`,
    )
  }

  /** HTTP Basic client authentication: arctic's client does the exchange. */
  async function exchangeWithArctic(code: string, codeVerifier: string): Promise<OAuth2Tokens> {
    const client = new OAuth2Client(config.clientId, clientSecret(), redirectUri)
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new ApiRefusal(
              'UPSTREAM_TIMEOUT',
              `${provider}'s token endpoint did not answer within ${timeoutMs} ms.`,
            ),
          ),
        timeoutMs,
      )
    })
    try {
      return await Promise.race([
        client.validateAuthorizationCode(endpoints.token, code, definition.pkce ? codeVerifier : null),
        timeout,
      ])
    } catch (error) {
      if (error instanceof ApiRefusal) throw error
      if (error instanceof OAuth2RequestError) throw refusalOf(error.code, error.description)
      if (error instanceof ArcticFetchError) {
        throw new ApiRefusal('UPSTREAM_ERROR', `${provider}'s token endpoint could not be reached.`)
      }
      throw new ApiRefusal(
        'SOCIAL_PROVIDER_ERROR',
        `${provider}'s token endpoint answered something unexpected (${clip(String((error as Error).message))}).`,
      )
    } finally {
      clearTimeout(timer)
    }
  }

  /**
   * Client id and secret in the form body (client_secret_post), which Apple and Facebook document
   * and arctic's generic client does not send.
   */
  async function exchangeWithPost(code: string, codeVerifier: string): Promise<OAuth2Tokens> {
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: config.clientId,
      client_secret: clientSecret(),
    })
    if (definition.pkce) body.set('code_verifier', codeVerifier)
    const response = await providerFetch(
      endpoints.token,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          'user-agent': 'portico-server',
        },
        body,
      },
      'token endpoint',
    )
    const json = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined
    if (!response.ok || !json || typeof json.error === 'string') {
      const error = typeof json?.error === 'string' ? json.error : `HTTP ${response.status}`
      throw refusalOf(error, typeof json?.error_description === 'string' ? json.error_description : null)
    }
    return new OAuth2Tokens(json)
  }

  async function exchange(code: string, codeVerifier: string): Promise<OAuth2Tokens> {
    const tokens =
      definition.clientAuth === 'basic'
        ? await exchangeWithArctic(code, codeVerifier)
        : await exchangeWithPost(code, codeVerifier)
    try {
      tokens.accessToken()
    } catch {
      throw new ApiRefusal(
        'SOCIAL_PROVIDER_ERROR',
        `${provider}'s token endpoint answered without an access token.`,
      )
    }
    return tokens
  }

  async function getJson(url: string, accessToken: string, what: string): Promise<unknown> {
    const response = await providerFetch(
      url,
      {
        headers: {
          authorization: `Bearer ${accessToken}`,
          accept: 'application/json',
          'user-agent': 'portico-server',
        },
      },
      what,
    )
    if (!response.ok) {
      throw new ApiRefusal('SOCIAL_PROVIDER_ERROR', `${provider}'s ${what} answered HTTP ${response.status}.`)
    }
    return response.json().catch(() => {
      throw new ApiRefusal(
        'SOCIAL_PROVIDER_ERROR',
        `${provider}'s ${what} answered something that is not JSON.`,
      )
    })
  }

  /**
   * The id_token's claims after the checks of OpenID Connect Core 3.1.3.7 that apply: it came
   * straight from the token endpoint over TLS, so the signature may be left unchecked (item 6);
   * the issuer, the audience, the expiry and the nonce are checked.
   */
  function checkedClaims(tokens: OAuth2Tokens, nonce: string): Record<string, unknown> {
    let claims: Record<string, unknown>
    try {
      claims = decodeIdToken(tokens.idToken()) as Record<string, unknown>
    } catch {
      throw new ApiRefusal('SOCIAL_PROVIDER_ERROR', `${provider} answered without a readable id_token.`)
    }
    const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud]
    const problems = [
      claims.iss !== endpoints.issuer && `issuer ${String(claims.iss)} is not ${endpoints.issuer}`,
      !audience.includes(config.clientId) && `audience is not the client id ${config.clientId}`,
      (typeof claims.exp !== 'number' || claims.exp * 1000 <= now()) && 'it has expired',
      claims.nonce !== nonce && "its nonce is not this login's",
    ].filter(Boolean)
    if (problems.length > 0) {
      throw new ApiRefusal(
        'SOCIAL_PROVIDER_ERROR',
        `${provider}'s id_token was refused: ${problems.join('; ')}.`,
      )
    }
    return claims
  }

  return {
    authorizationUrl(state, codeVerifier, nonce) {
      const client = new OAuth2Client(config.clientId, null, redirectUri)
      const url = definition.pkce
        ? client.createAuthorizationURLWithPKCE(
            endpoints.authorization,
            state,
            CodeChallengeMethod.S256,
            codeVerifier,
            scopes,
          )
        : client.createAuthorizationURL(endpoints.authorization, state, scopes)
      if (definition.oidc) url.searchParams.set('nonce', nonce)
      for (const [name, value] of Object.entries(definition.authorizationParams ?? {})) {
        url.searchParams.set(name, value)
      }
      return url
    },
    async identify(code, codeVerifier, nonce, extras) {
      const tokens = await exchange(code, codeVerifier)
      try {
        switch (provider) {
          case 'google':
            return identityFromIdToken('google', checkedClaims(tokens, nonce))
          case 'apple':
            return identityFromIdToken('apple', checkedClaims(tokens, nonce), {
              appleName: appleNameOf(extras.appleUser),
            })
          case 'x':
            return identityFromX(
              await getJson(need(endpoints.userInfo), tokens.accessToken(), 'users/me endpoint'),
            )
          case 'discord':
            return identityFromDiscord(
              await getJson(need(endpoints.userInfo), tokens.accessToken(), 'users/@me endpoint'),
            )
          case 'github': {
            const [user, emails] = await Promise.all([
              getJson(need(endpoints.userInfo), tokens.accessToken(), 'user endpoint'),
              getJson(need(endpoints.emails), tokens.accessToken(), 'user/emails endpoint'),
            ])
            return identityFromGithub(user, emails)
          }
          case 'facebook':
            return identityFromFacebook(
              await getJson(need(endpoints.userInfo), tokens.accessToken(), 'me endpoint'),
            )
        }
      } catch (error) {
        if (error instanceof SocialProfileShapeError)
          throw new ApiRefusal('SOCIAL_PROVIDER_ERROR', error.message)
        throw error
      }
    },
  }
}

function need(url: string | undefined): string {
  if (!url) throw new ApiRefusal('SOCIAL_PROVIDER_NOT_CONFIGURED', 'The provider has no user-info endpoint.')
  return url
}

function clip(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '').slice(0, 200)
}

/**
 * Sign in with Apple's client secret: an ES256 JWT of the team, for the client id, valid for five
 * minutes (Apple allows up to six months; a short one is worthless to anyone who sees it).
 */
export function appleClientSecret(
  clientId: string,
  key: { teamId: string; keyId: string; privateKey: string },
  now: number,
): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const issuedAt = Math.floor(now / 1000)
  const header = encode({ alg: 'ES256', kid: key.keyId })
  const payload = encode({
    iss: key.teamId,
    iat: issuedAt,
    exp: issuedAt + 300,
    aud: 'https://appleid.apple.com',
    sub: clientId,
  })
  const signature = sign('sha256', Buffer.from(`${header}.${payload}`), {
    key: createPrivateKey(key.privateKey),
    dsaEncoding: 'ieee-p1363',
  }).toString('base64url')
  return `${header}.${payload}.${signature}`
}
