/**
 * Social logins for the embedded wallet (`/v1/auth/social/*`): the server is the OAuth 2.0 client
 * of the site's own apps at Google, X, Discord, GitHub, Apple and Facebook.
 *
 * The flow, and why each step is where it is:
 *
 *   frame                         page                    provider              server
 *   ─────                         ────                    ────────              ──────
 *   APP_GET_SOCIAL_REDIRECT_URI{provider} ─► frame: new secret S (kept in the frame's own storage)
 *     POST /start {provider, deviceId, sha256(S), redirectTo?} ───────────────► attempt: HMAC(state),
 *                                                                              sha256(S), device, project
 *     ◄─ {uri: the provider's authorise URL (state, PKCE challenge, nonce)}
 *   {uri} ─► page opens it in a popup (or the whole tab, when the popup is blocked)
 *                                  ──► consent ──► GET|POST /callback/<provider>?code&state
 *                                                  server: the attempt of this state and provider,
 *                                                  its one callback; the code exchanged once with
 *                                                  the PKCE verifier; id_token checked (iss, aud,
 *                                                  exp, nonce); the identity linked to a user.
 *                                                  a fresh proof P, only sha256(P) stored;
 *                                                  302 (popup or whole tab, whichever came here)
 *                                                  to redirectTo?portico_social=<state>&portico_proof=P
 *   APP_CONNECT_SOCIAL{uri} ◄─ the site's page in the browser that approved relays the URL it came
 *     back to (a popup's page relays it to its own frame, which shares the opener frame's partition).
 *     POST /finish {state, S, P, deviceId} ──────────────────────────────────► waits (≤ 25 s) for
 *     ◄─ {token, user} (session cookie set, like the e-mail login's)           the callback; S and P
 *                                                                             must hash to the stored.
 *
 * So the provider's code and tokens go from the provider to the server only; the page sees the
 * authorise URL and the state, and neither opens the session: that needs S, which only the frame
 * holds, in the frame origin's storage (partitioned under the site, which is why the frame, and
 * not a popup of the server's origin, must finish the login: their storages are not shared).
 * S alone is not enough: an attacker can start a login in their own frame and send the authorise
 * URL to a victim, whose consent (skipped by a provider for an app already granted) would then
 * land on the attacker's attempt. P goes only to the browser that approved, so there the login
 * ends on the victim's own page, whose frame has no S (SOCIAL_NOT_STARTED_HERE), and the
 * attacker's finish, without P, is refused (SOCIAL_PROOF_INVALID). The callback returns only to an
 * origin the project lists by name (never another site), so it is no open redirect; a project
 * open to any origin (`*`) names none, and has no social login (SOCIAL_ORIGINS_UNLISTED).
 */
import { setTimeout as sleep } from 'node:timers/promises'
import {
  authSocialFinishRequestSchema,
  authSocialFinishResponseSchema,
  authSocialStartRequestSchema,
  authSocialStartResponseSchema,
  SOCIAL_PROOF_PARAM,
  SOCIAL_PROVIDERS,
  SOCIAL_RESULT_PARAM,
  type SocialProvider,
} from '@portico/core/api'
import type { Context, Hono } from 'hono'
import { ApiRefusal } from '../../http/apiError.js'
import type { AppEnv } from '../../http/appEnv.js'
import { readBody } from '../../http/readBody.js'
import { normaliseOrigin } from '../../projects/origins.js'
import type { Project } from '../../projects/projects.js'
import { deviceOf, setSessionCookie } from '../authCookies.js'
import type { AuthRouteContext } from '../authRouteContext.js'
import { openDeviceSession } from '../sessions.js'
import {
  claimSocialCallback,
  codeVerifierOf,
  completeSocialAttempt,
  findSocialAttempt,
  hashSocialSecret,
  hashSocialState,
  insertSocialAttempt,
  isAttemptProof,
  isAttemptSecret,
  newSocialProof,
  newSocialState,
  nonceOf,
  type SocialAttempt,
  takeSocialAttempt,
} from './socialAttempts.js'
import { renderSocialCallbackPage } from './socialCallbackPage.js'
import { createSocialClient } from './socialClient.js'
import type { SocialProviderConfig } from './socialConfig.js'
import { findOrCreateSocialUser, findSocialUsername } from './socialIdentities.js'

/** The providers' callbacks: `<publicUrl>/v1/auth/social/callback/<provider>`, one per provider. */
export const SOCIAL_CALLBACK_PREFIX = '/v1/auth/social/callback/'

/** Whether a path is a provider's callback, which browsers reach from the provider with no project. */
export function isSocialCallbackPath(path: string): boolean {
  return path.startsWith(SOCIAL_CALLBACK_PREFIX)
}

/** The most a provider's callback form (Apple's form_post) may hold. */
const CALLBACK_FORM_MAX_BYTES = 16_384

/** How often a waiting finish looks at the database. */
const FINISH_POLL_MS = 200
/**
 * Finishes waiting at once on one instance, each reading the database every FINISH_POLL_MS: past
 * this, a finish reads once and answers, so logins started in bulk cannot hold the database busy.
 */
const MAX_WAITING_FINISHES = 256
/**
 * Of those, the most one client address may hold: a visitor's browser has one or two (the opener's
 * frame, the popup's page's), so one address starting logins of its own cannot take every place.
 */
const MAX_WAITING_FINISHES_PER_CLIENT = 16
/** The longest page a login may come back to: more is no site's page, and would be stored per start. */
const REDIRECT_MAX_LENGTH = 2_048

/** The callback URL a site registers with `provider` for its OAuth app. */
export function socialCallbackUrl(publicUrl: string, provider: SocialProvider): string {
  return `${publicUrl}${SOCIAL_CALLBACK_PREFIX}${provider}`
}

/** Adds `POST /v1/auth/social/start`, `GET|POST /v1/auth/social/callback/:provider` and `POST /v1/auth/social/finish`. */
export function registerSocialRoutes(app: Hono<AppEnv>, context: AuthRouteContext): void {
  const { config, db, now } = context
  const social = config.auth.social

  const providerConfigOf = (projectId: string, provider: SocialProvider): SocialProviderConfig | undefined =>
    social.projects[projectId]?.[provider]

  const clientOf = (provider: SocialProvider, providerConfig: SocialProviderConfig) =>
    createSocialClient({
      provider,
      config: providerConfig,
      redirectUri: socialCallbackUrl(context.publicUrl, provider),
      timeoutMs: social.providerTimeoutMs,
      now,
    })
  const startLimits = context.hourlyLimits('social-start', social.startLimits, 'social login starts')

  app.post('/v1/auth/social/start', async (c) => {
    const { codeKey } = context.requireKeys()
    const project = c.get('project')
    // Counted before any work, refused and malformed starts too: each start writes a row kept a day.
    await startLimits.count(c, project)
    const body = await context.parseBody(c, authSocialStartRequestSchema, 'social login start')
    const providerConfig = providerConfigOf(project.id, body.provider)
    if (!providerConfig) {
      throw new ApiRefusal(
        'SOCIAL_PROVIDER_NOT_CONFIGURED',
        `Project "${project.id}" has no ${body.provider} login: its operator adds the client id and secret of the site's ${body.provider} app under auth.social.projects.${project.id}.${body.provider} in the server config.`,
      )
    }
    // Every login comes back to a page of the site, in the browser that approved, with the one-time
    // proof the finish needs: a project open to any origin names no page, so it has no social login.
    if (project.allowedOrigins.includes('*')) {
      throw new ApiRefusal(
        'SOCIAL_ORIGINS_UNLISTED',
        `Project "${project.id}" is open to any origin (*), so a social login has no page of the site to come back to: its operator lists the site's origins by name to offer social logins.`,
      )
    }
    if (body.redirectTo === undefined) {
      throw new ApiRefusal(
        'SOCIAL_REDIRECT_REQUIRED',
        "A social login starts with redirectTo, the site's page the provider sends the visitor back to.",
      )
    }
    const redirectTo = allowedRedirect(project, body.redirectTo)
    const deviceId = deviceOf(c, body.deviceId)
    const state = newSocialState()
    const time = now()
    await insertSocialAttempt(db, {
      stateHash: hashSocialState(codeKey, state),
      projectId: project.id,
      provider: body.provider,
      deviceId,
      secretHash: body.secretHash,
      redirectTo,
      now: time,
      ttlMs: social.attemptTtlMs,
    })
    const uri = clientOf(body.provider, providerConfig).authorizationUrl(
      state,
      codeVerifierOf(codeKey, state),
      nonceOf(codeKey, state),
    )
    return c.json(
      authSocialStartResponseSchema.parse({
        uri: uri.toString(),
        state,
        expiresAt: time + social.attemptTtlMs,
      }),
    )
  })

  // The provider sends the browser here: a GET with the query, or Apple's form POST. Every outcome
  // is recorded on the attempt, which the frame's finish reads, and the browser goes back to the
  // site's page (popup or whole tab alike). Only a callback of no login the server knows, or one
  // replayed, ends on a page of the server's, which says so.
  const callback = async (c: Context<AppEnv>): Promise<Response> => {
    const { codeKey } = context.requireKeys()
    const provider = c.req.param('provider')
    const params = await callbackParams(c)
    const state = params.get('state') ?? ''
    const attempt =
      state && isProvider(provider) ? await findSocialAttempt(db, hashSocialState(codeKey, state)) : undefined
    // Another provider's state here would let one provider's code stand for another's login (mix-up).
    if (!attempt || attempt.provider !== provider || !isProvider(provider)) {
      return callbackPage(
        new ApiRefusal(
          'SOCIAL_STATE_INVALID',
          'The server knows no login of this provider under the state it sent back.',
        ),
      )
    }
    const stateHash = attempt.state_hash
    const redirectTo = attempt.redirect_to
    if (!redirectTo) {
      // Started before every login had to name its page (no proof can reach its frame): it fails.
      const refusal = new ApiRefusal(
        'SOCIAL_REDIRECT_REQUIRED',
        'This login was started without a page of the site to come back to, which the server no longer accepts.',
      )
      await completeSocialAttempt(db, stateHash, { code: refusal.code, message: refusal.message })
      return callbackPage(refusal)
    }
    // Back to the site's page in THIS browser, the one that approved; after a consent, with the
    // one-time proof, which reaches no other browser: the frame that started the login needs it, so a
    // login approved elsewhere (a link sent to a victim) cannot be finished by its starter.
    const backToSite = (proof?: string): Response => {
      const back = new URL(redirectTo)
      back.searchParams.set(SOCIAL_RESULT_PARAM, state)
      if (proof !== undefined) back.searchParams.set(SOCIAL_PROOF_PARAM, proof)
      return c.redirect(back.toString(), 302)
    }
    const fail = async (refusal: ApiRefusal): Promise<Response> => {
      await completeSocialAttempt(db, stateHash, { code: refusal.code, message: refusal.message })
      return backToSite()
    }
    if (new Date(attempt.expires_at).getTime() <= now()) {
      return fail(
        new ApiRefusal('SOCIAL_STATE_EXPIRED', 'The login took too long: start it again from the site.'),
      )
    }
    if (!(await claimSocialCallback(db, stateHash, now()))) {
      // The attempt keeps its first outcome; a replayed callback is told so and changes nothing.
      return callbackPage(
        new ApiRefusal(
          'SOCIAL_CODE_USED',
          'This login came back from the provider once already, and a login is answered only once.',
        ),
      )
    }
    const error = params.get('error')
    if (error) {
      const description = (params.get('error_description') ?? '').replace(/[^\x20-\x7e]/g, '').slice(0, 200)
      return fail(
        error === 'access_denied'
          ? new ApiRefusal(
              'SOCIAL_CONSENT_DENIED',
              `The ${provider} login was cancelled: access was not granted.`,
            )
          : new ApiRefusal(
              'SOCIAL_PROVIDER_ERROR',
              `${provider} ended the login with an error (${error.replace(/[^\w.-]/g, '').slice(0, 64)}${description ? `: ${description}` : ''}).`,
            ),
      )
    }
    const code = params.get('code')
    if (!code) return fail(new ApiRefusal('SOCIAL_PROVIDER_ERROR', `${provider} came back without a code.`))
    const providerConfig = providerConfigOf(attempt.project_id, provider)
    if (!providerConfig) {
      return fail(
        new ApiRefusal(
          'SOCIAL_PROVIDER_NOT_CONFIGURED',
          `The ${provider} login was removed from this site meanwhile.`,
        ),
      )
    }
    try {
      const identity = await clientOf(provider, providerConfig).identify(
        code,
        codeVerifierOf(codeKey, state),
        nonceOf(codeKey, state),
        { appleUser: params.get('user') ?? undefined },
      )
      const linked = await db
        .transaction()
        .execute((trx) => findOrCreateSocialUser(trx, provider, identity, now()))
      const proof = newSocialProof()
      await completeSocialAttempt(db, stateHash, {
        userId: linked.user.id,
        created: linked.created,
        proofHash: hashSocialSecret(proof),
      })
      return backToSite(proof)
    } catch (caught) {
      if (caught instanceof ApiRefusal) return fail(caught)
      context.logger.error('A social login callback failed.', { provider, error: String(caught) })
      return fail(new ApiRefusal('SOCIAL_PROVIDER_ERROR', `The ${provider} login could not be completed.`))
    }
  }
  app.get(`${SOCIAL_CALLBACK_PREFIX}:provider`, callback)
  app.post(`${SOCIAL_CALLBACK_PREFIX}:provider`, callback)

  // The logins a finish is waiting on here: one waits per login, a second finish of it answers at once.
  const waiting = new Set<string>()
  const waitingByClient = new Map<string, number>()
  app.post('/v1/auth/social/finish', async (c) => {
    const { codeKey } = context.requireKeys()
    const body = await context.parseBody(c, authSocialFinishRequestSchema, 'social login finish')
    const project = c.get('project')
    const deviceId = deviceOf(c, body.deviceId)
    const stateHash = hashSocialState(codeKey, body.state)
    const client = context.requesterOf(c, undefined).clientIp
    const waits =
      !waiting.has(stateHash) &&
      waiting.size < MAX_WAITING_FINISHES &&
      (waitingByClient.get(client) ?? 0) < MAX_WAITING_FINISHES_PER_CLIENT
    // A transport limit, not a business rule: measured on the real clock, so an injected one cannot stall it.
    const deadline =
      performance.now() + (waits ? Math.min(body.waitMs ?? social.finishWaitMs, social.finishWaitMs) : 0)
    const signal = c.req.raw.signal
    if (waits) {
      waiting.add(stateHash)
      waitingByClient.set(client, (waitingByClient.get(client) ?? 0) + 1)
    }
    const attempt = await waitForCallback().finally(() => {
      if (!waits) return
      waiting.delete(stateHash)
      const left = (waitingByClient.get(client) ?? 1) - 1
      if (left > 0) waitingByClient.set(client, left)
      else waitingByClient.delete(client)
    })
    async function waitForCallback(): Promise<SocialAttempt> {
      for (;;) {
        const found = await findSocialAttempt(db, stateHash)
        if (!found || found.project_id !== project.id) {
          throw new ApiRefusal(
            'SOCIAL_STATE_INVALID',
            'This social login is unknown to the server: start it again.',
          )
        }
        // Checked before the attempt's outcome is told: without the frame's secret, nothing is.
        if (!isAttemptSecret(found, body.secret) || found.device_id !== deviceId) {
          throw new ApiRefusal(
            'SOCIAL_SECRET_INVALID',
            'This social login was started by another frame: only the frame that started it can finish it.',
          )
        }
        // A finish with no proof is the starting frame waiting while its popup is open: the popup
        // came back to the site's page, whose frame (same partition, same secret) finishes with the
        // proof; this wait then ends with SOCIAL_CODE_USED, and the frame reads its session cookie.
        const approvedElsewhere = found.status === 'done' && body.proof === undefined
        if (found.status !== 'pending' && !approvedElsewhere) return found
        if (new Date(found.expires_at).getTime() <= now()) {
          throw new ApiRefusal('SOCIAL_STATE_EXPIRED', 'The login took too long: start it again.')
        }
        const left = deadline - performance.now()
        if ((left <= 0 || signal.aborted) && approvedElsewhere) throw proofRefusal()
        if (left <= 0 || signal.aborted) {
          throw new ApiRefusal(
            'SOCIAL_LOGIN_PENDING',
            'The provider has not sent the visitor back yet: ask again while the login window is open.',
          )
        }
        try {
          await sleep(Math.min(FINISH_POLL_MS, left), undefined, { signal })
        } catch {
          throw new ApiRefusal(
            'SOCIAL_LOGIN_PENDING',
            'The request ended before the provider sent the visitor back.',
          )
        }
      }
    }
    if (attempt.status === 'failed') {
      throw new ApiRefusal(
        (attempt.error_code as ApiRefusal['code'] | null) ?? 'SOCIAL_PROVIDER_ERROR',
        attempt.error_message ?? 'The social login failed.',
      )
    }
    // To the frame that started the login, this says a holder of its secret (itself, through the
    // page the popup came back to) took the session: it reads the session cookie of its partition.
    if (attempt.status === 'finished' || !attempt.user_id) {
      throw new ApiRefusal('SOCIAL_CODE_USED', 'This social login was finished already: start a new one.')
    }
    // The secret says which frame started the login; the proof says the browser that approved is
    // the one this frame lives in. Without it, the consent may be a victim's, given on a link.
    if (!isAttemptProof(attempt, body.proof)) throw proofRefusal()
    const userId = attempt.user_id
    const provider = attempt.provider
    const token = await db.transaction().execute(async (trx) => {
      const time = now()
      if (!(await takeSocialAttempt(trx, stateHash, time))) return undefined
      // The provider authenticated the person on this device: it needs no mailed approval.
      return openDeviceSession(trx, {
        userId,
        projectId: project.id,
        deviceId,
        now: time,
        ttlMs: config.auth.sessionTtlMs,
        socialProvider: provider,
      })
    })
    if (!token)
      throw new ApiRefusal('SOCIAL_CODE_USED', 'This social login was finished already: start a new one.')
    const user = await db
      .selectFrom('auth_users')
      .select(['id', 'email'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    const userName = await findSocialUsername(db, userId, provider)
    setSessionCookie(c, token, config.auth.sessionTtlMs)
    return c.json(
      authSocialFinishResponseSchema.parse({
        token,
        user: {
          id: user.id,
          ...(user.email ? { email: user.email } : {}),
          ...(userName ? { userName } : {}),
          socialProvider: provider,
        },
        isNewUser: attempt.user_created === true,
      }),
    )
  })
}

const proofRefusal = () =>
  new ApiRefusal(
    'SOCIAL_PROOF_INVALID',
    "This social login was approved, but its finish did not show the proof sent to the site's page in the browser that approved it: only that browser can finish it.",
  )

const callbackPage = (refusal: ApiRefusal): Response =>
  renderSocialCallbackPage({ status: refusal.status, code: refusal.code, message: refusal.message })

function isProvider(name: string | undefined): name is SocialProvider {
  return (SOCIAL_PROVIDERS as readonly string[]).includes(name ?? '')
}

/** The callback's parameters: the query, and for a POST (Apple's form_post) the form too. */
async function callbackParams(c: Context<AppEnv>): Promise<URLSearchParams> {
  const params = new URL(c.req.url).searchParams
  if (c.req.method === 'POST') {
    const type = c.req.header('content-type') ?? ''
    if (type.startsWith('application/x-www-form-urlencoded')) {
      // A callback form holds a code, a state and a small user object; more is not a provider's,
      // and is cut off as it arrives (the callback is open to anyone, with no project).
      const text = await readBody(c.req.raw, CALLBACK_FORM_MAX_BYTES)
      for (const [name, value] of new URLSearchParams(text)) params.set(name, value)
    }
  }
  return params
}

/** The page a login returns to, when its origin is one the project lists by name. */
function allowedRedirect(project: Project, redirectTo: string): string {
  if (redirectTo.length > REDIRECT_MAX_LENGTH) {
    throw new ApiRefusal(
      'BAD_REQUEST',
      `redirectTo is longer than ${REDIRECT_MAX_LENGTH} characters, which no page of a site needs.`,
    )
  }
  let url: URL
  try {
    url = new URL(redirectTo)
  } catch {
    throw new ApiRefusal('BAD_REQUEST', 'redirectTo is not an absolute URL.')
  }
  // A user name or password before the host is no part of a site's page, and only misleads a reader.
  if (url.username || url.password) {
    throw new ApiRefusal(
      'SOCIAL_REDIRECT_NOT_ALLOWED',
      'A social login returns to a page of the site, whose address holds no user name or password.',
    )
  }
  let origin: string
  try {
    origin = normaliseOrigin(url.origin)
  } catch {
    origin = ''
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !project.allowedOrigins.includes(origin)) {
    throw new ApiRefusal(
      'SOCIAL_REDIRECT_NOT_ALLOWED',
      `A social login may return only to a page of an origin project "${project.id}" lists by name, not to ${url.origin}.`,
    )
  }
  url.hash = ''
  // The callback adds its own; a failed login comes back with no proof, not with one named here.
  url.searchParams.delete(SOCIAL_RESULT_PARAM)
  url.searchParams.delete(SOCIAL_PROOF_PARAM)
  return url.toString()
}
