/**
 * A real OAuth 2.0 / OpenID Connect server on loopback standing in for the six social login
 * providers: `oidc-provider` runs the authorisation and token endpoints (state, PKCE, one-time
 * codes, redirect URI checks, signed id_tokens with nonce), and small routes beside it answer each
 * provider's documented user-info shape for the access tokens it issued. A person (or a test)
 * logs in on a plain consent page: one button per user, and a Deny button.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider, { type Configuration } from 'oidc-provider'

export const STAND_IN_PROVIDERS = ['google', 'x', 'discord', 'github', 'apple', 'facebook'] as const
export type StandInProvider = (typeof STAND_IN_PROVIDERS)[number]

/** A person with an account at every stand-in provider. */
export interface StandInUser {
  /** The provider's account id (`sub`); GitHub's is this number. */
  subject: number
  email: string
  emailVerified: boolean
  /** The display name. */
  name: string
  /** The handle (X `@username`, GitHub `login`, Discord `username`). */
  username: string
}

export const DEFAULT_STAND_IN_USERS: Readonly<Record<string, StandInUser>> = {
  alice: {
    subject: 1001,
    email: 'alice@example.com',
    emailVerified: true,
    name: 'Alice Example',
    username: 'alice',
  },
  bob: {
    subject: 1002,
    email: 'bob@example.com',
    emailVerified: false,
    name: 'Bob Example',
    username: 'bob',
  },
}

/** What the server's config needs for one provider: `auth.social.projects.<id>.<provider>`. */
export interface StandInProviderConfig {
  clientId: string
  clientSecret: string
  endpoints: { authorization: string; token: string; userInfo?: string; emails?: string; issuer?: string }
}

/** The request the provider's redirect makes to the server's callback. */
export interface StandInCallback {
  url: string
  method: 'GET' | 'POST'
  /** A form POST's body (Apple's response_mode=form_post), urlencoded. */
  body?: string
}

export interface OAuthStandIn {
  issuer: string
  users: Readonly<Record<string, StandInUser>>
  /**
   * Adds a person with an account at every provider, under `key` (what `authorize` takes as `as`):
   * tests sharing one stand-in give each test people of its own.
   */
  addUser(key: string, user: StandInUser): void
  /** The config of `provider` for a Portico server whose callbacks were registered. */
  configFor(provider: StandInProvider): StandInProviderConfig
  /**
   * Plays the browser: opens the authorise URL, presses the consent page's button for `as` (or
   * Deny), and returns the request the provider then sends the browser to, without sending it.
   */
  authorize(url: string, choice: { as: string } | { deny: true }): Promise<StandInCallback>
  close(): Promise<void>
}

export interface OAuthStandInOptions {
  /** The Portico servers' public URLs; each provider's client registers `<url>/v1/auth/social/callback/<provider>`. */
  serverUrls: string[]
  users?: Record<string, StandInUser>
  /** 0 (a free port) unless given; the demo uses a fixed one. */
  port?: number
  host?: string
}

const POST_PROVIDERS = new Set<StandInProvider>(['apple', 'facebook'])
const SCOPES = [
  'openid',
  'email',
  'profile',
  'name',
  'users.read',
  'tweet.read',
  'identify',
  'read:user',
  'user:email',
  'public_profile',
]

/**
 * The server config of `provider` for a stand-in at `issuer` (`http://127.0.0.1:<port>`): known
 * before the stand-in runs, so a server's config file can be written first (the demo's stack).
 */
export function standInProviderConfig(issuer: string, name: StandInProvider): StandInProviderConfig {
  const base = {
    clientId: `${name}-client`,
    clientSecret: `${name}-secret-for-tests`,
    endpoints: { authorization: `${issuer}/auth`, token: `${issuer}/token` },
  }
  switch (name) {
    case 'google':
    case 'apple':
      return { ...base, endpoints: { ...base.endpoints, issuer } }
    case 'x':
      return { ...base, endpoints: { ...base.endpoints, userInfo: `${issuer}/x/2/users/me` } }
    case 'discord':
      return { ...base, endpoints: { ...base.endpoints, userInfo: `${issuer}/discord/users/@me` } }
    case 'github':
      return {
        ...base,
        endpoints: {
          ...base.endpoints,
          userInfo: `${issuer}/github/user`,
          emails: `${issuer}/github/user/emails`,
        },
      }
    case 'facebook':
      return {
        ...base,
        endpoints: { ...base.endpoints, userInfo: `${issuer}/facebook/me?fields=id,name,email` },
      }
  }
}

/** Every provider's server config for a stand-in at `issuer`: `auth.social.projects.<project>`. */
export function standInSocialConfig(issuer: string): Record<StandInProvider, StandInProviderConfig> {
  return Object.fromEntries(
    STAND_IN_PROVIDERS.map((name) => [name, standInProviderConfig(issuer, name)]),
  ) as Record<StandInProvider, StandInProviderConfig>
}

/** Starts the stand-in on loopback; `close()` stops it. */
export async function startOAuthStandIn(options: OAuthStandInOptions): Promise<OAuthStandIn> {
  // A copy, which addUser extends: the consent page and the user-info routes read it at each request.
  const users: Record<string, StandInUser> = { ...(options.users ?? DEFAULT_STAND_IN_USERS) }
  const host = options.host ?? '127.0.0.1'
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve))
  const { port } = server.address() as AddressInfo
  const issuer = `http://${host}:${port}`
  const byAccount = (accountId: string) => Object.entries(users).find(([key]) => key === accountId)?.[1]

  const configuration: Configuration = {
    clients: STAND_IN_PROVIDERS.map((provider) => ({
      client_id: `${provider}-client`,
      client_secret: `${provider}-secret-for-tests`,
      redirect_uris: options.serverUrls.map(
        (url) => `${url.replace(/\/+$/, '')}/v1/auth/social/callback/${provider}`,
      ),
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: POST_PROVIDERS.has(provider) ? 'client_secret_post' : 'client_secret_basic',
    })),
    // Apple documents no PKCE; every other provider gets it required, as X does.
    pkce: { required: (_ctx, client) => client.clientId !== 'apple-client' },
    scopes: SCOPES,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Google and Apple put the e-mail claims in the id_token itself.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    features: { devInteractions: { enabled: false } },
    // A page a person can read, and a test can match: the error and its description.
    renderError: (ctx, out) => {
      ctx.type = 'text/plain'
      ctx.body = `${out.error}: ${out.error_description ?? ''}`
    },
    cookies: { keys: ['portico-stand-in-cookie-key'] },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (ctx, id) => {
      const user = byAccount(id)
      if (!user) return undefined
      const apple = ctx.oidc?.client?.clientId === 'apple-client'
      return {
        accountId: id,
        claims: () => ({
          sub: String(user.subject),
          email: user.email,
          // Apple has sent the flag as a string.
          email_verified: apple ? String(user.emailVerified) : user.emailVerified,
          name: user.name,
        }),
      }
    },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
  }
  const provider = new Provider(issuer, configuration)
  // Plain http on loopback: the stand-in is never behind a proxy.
  provider.proxy = false
  const oidc = provider.callback()

  async function accountOf(
    req: IncomingMessage,
  ): Promise<{ user: StandInUser; clientId: string } | undefined> {
    const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1]
    if (!token) return undefined
    const found = await provider.AccessToken.find(token)
    if (!found?.accountId) return undefined
    const user = byAccount(found.accountId)
    return user ? { user, clientId: found.clientId ?? '' } : undefined
  }

  /** Each provider's documented user-info answer, for an access token of its own client. */
  const userInfoRoutes: Record<string, (user: StandInUser) => unknown> = {
    'GET /x/2/users/me': (user) => ({
      data: { id: String(user.subject), name: user.name, username: user.username },
    }),
    'GET /discord/users/@me': (user) => ({
      id: String(user.subject),
      username: user.username,
      global_name: user.name,
      email: user.email,
      verified: user.emailVerified,
    }),
    'GET /github/user': (user) => ({ id: user.subject, login: user.username, name: user.name, email: null }),
    'GET /github/user/emails': (user) => [
      {
        email: `${user.username}@users.noreply.github.com`,
        primary: false,
        verified: true,
        visibility: null,
      },
      { email: user.email, primary: true, verified: user.emailVerified, visibility: 'private' },
    ],
    'GET /facebook/me': (user) => ({ id: String(user.subject), name: user.name, email: user.email }),
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const url = new URL(req.url ?? '/', issuer)
      const route = userInfoRoutes[`${req.method} ${url.pathname}`]
      if (route) {
        const account = await accountOf(req)
        const expected = url.pathname.split('/')[1]
        if (!account || account.clientId !== `${expected}-client`) {
          return send(res, 401, 'application/json', JSON.stringify({ error: 'invalid_token' }))
        }
        return send(res, 200, 'application/json', JSON.stringify(route(account.user)))
      }
      const interaction = /^\/interaction\/([\w-]+)$/.exec(url.pathname)
      if (interaction) return consent(req, res)
      // Apple's authorise endpoint takes the scopes `name email` and still answers with an
      // id_token; this OpenID Connect server issues one only for `openid`, so it is implied here.
      if (url.pathname === '/auth' && url.searchParams.get('client_id') === 'apple-client') {
        const scopes = (url.searchParams.get('scope') ?? '').split(' ').filter(Boolean)
        if (!scopes.includes('openid')) url.searchParams.set('scope', ['openid', ...scopes].join(' '))
        req.url = `${url.pathname}${url.search}`
      }
      return oidc(req, res)
    })().catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, 'text/plain', String(error))
    })
  })

  async function consent(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res)
    const clientId = String(details.params.client_id ?? '')
    if (req.method === 'GET') {
      const buttons = Object.entries(users)
        .map(
          ([key, user]) =>
            `<button name="user" value="${escapeHtml(key)}">Continue as ${escapeHtml(user.name)} (${escapeHtml(user.email)}${user.emailVerified ? '' : ', unverified'})</button>`,
        )
        .join('\n')
      return send(
        res,
        200,
        'text/html; charset=utf-8',
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in to ${escapeHtml(clientId.replace(/-client$/, ''))} (stand-in)</title></head><body><h1>Sign in to ${escapeHtml(clientId.replace(/-client$/, ''))} (local stand-in)</h1><form method="post">${buttons}<button name="deny" value="1">Deny</button></form></body></html>`,
      )
    }
    const form = new URLSearchParams(await readBody(req))
    const chosen = form.get('user')
    if (form.get('deny') || !chosen || !byAccount(chosen)) {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The person denied the request.' },
        { mergeWithLastSubmission: false },
      )
      return
    }
    const grant = new provider.Grant({ accountId: chosen, clientId })
    grant.addOIDCScope(String(details.params.scope ?? 'openid'))
    const grantId = await grant.save()
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: chosen }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    )
  }

  return {
    issuer,
    users,
    addUser(key, user) {
      if (key in users) throw new Error(`The stand-in already has a user "${key}".`)
      users[key] = user
    },
    configFor: (name) => standInProviderConfig(issuer, name),
    async authorize(start, choice) {
      const jar = new Map<string, string>()
      const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
      const keep = (response: Response) => {
        for (const line of response.headers.getSetCookie()) {
          const [pair = ''] = line.split(';')
          const at = pair.indexOf('=')
          const name = pair.slice(0, at)
          const value = pair.slice(at + 1)
          if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') jar.delete(name)
          else jar.set(name, value)
        }
      }
      let next: { url: string; method: 'GET' | 'POST'; body?: string } = { url: start, method: 'GET' }
      for (let hop = 0; hop < 12; hop++) {
        if (!next.url.startsWith(issuer)) return next
        const response = await fetch(next.url, {
          method: next.method,
          redirect: 'manual',
          headers: {
            cookie: cookieHeader(),
            ...(next.body !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          },
          ...(next.body !== undefined ? { body: next.body } : {}),
        })
        keep(response)
        const location = response.headers.get('location')
        if (location) {
          next = { url: new URL(location, next.url).toString(), method: 'GET' }
          continue
        }
        const html = await response.text()
        // response_mode=form_post: an auto-submitting form to the callback (an error too, with 400).
        const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]
        if (action && !action.startsWith(issuer)) {
          const fields = [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(
            ([, name = '', value = '']) =>
              `${encodeURIComponent(name)}=${encodeURIComponent(unescapeHtml(value))}`,
          )
          return { url: unescapeHtml(action), method: 'POST', body: fields.join('&') }
        }
        if (response.status !== 200) {
          const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')
          throw new Error(`The stand-in answered ${response.status}: ${text.slice(0, 400)}`)
        }
        if (html.includes('name="deny"')) {
          const body = 'deny' in choice ? 'deny=1' : `user=${encodeURIComponent(choice.as)}`
          next = { url: next.url, method: 'POST', body }
          continue
        }
        throw new Error(
          `The stand-in answered a page the browser stand-in cannot follow: ${html.slice(0, 300)}`,
        )
      }
      throw new Error('The stand-in redirected too many times.')
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' })
  res.end(body)
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char)
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}
