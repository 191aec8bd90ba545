/**
 * Sign-in with a wallet over HTTP (`/v1/siwx/*`): nonces, sessions and sign-out. Every request
 * names its project (checked by the app's project middleware) and carries the page's `Origin`;
 * nonces and sessions are bound to both, so a token is useless to another site.
 */
import { isDeepStrictEqual } from 'node:util'
import type { SiwxMessageData } from '@portico/core'
import {
  type ApiErrorCode,
  siwxCreateSessionRequestSchema,
  siwxNonceResponseSchema,
  siwxSessionResponseSchema,
} from '@portico/core/api'
import {
  type SiwxRefusalReason,
  SiwxVerificationError,
  type SiwxVerifier,
  splitChainId,
  toSiwxCacao,
  verifySiwxMessage,
} from '@portico/siwx'
import type { Context, Hono } from 'hono'
import type { Kysely } from 'kysely'
import * as z from 'zod'
import type { ServerConfig } from '../config.js'
import type { Database } from '../db/schema.js'
import { ApiRefusal } from '../http/apiError.js'
import type { AppEnv } from '../http/appEnv.js'
import { createBearerToken, readBearerToken } from '../http/bearerToken.js'
import { parseJsonBody } from '../http/readBody.js'
import { isOriginAllowed } from '../projects/origins.js'
import {
  consumeSiwxNonce,
  deleteOldSiwxNonces,
  getSiwxNonceState,
  issueSiwxNonce,
  type SiwxNonceState,
} from './nonces.js'
import { findSiwxSession, insertSiwxSession, revokeSiwxSession, type StoredSiwxSession } from './sessions.js'

export interface SiwxRouteDependencies {
  config: Pick<ServerConfig, 'siwx' | 'rpc'>
  db: Kysely<Database>
  now: () => number
  /** One per namespace sign-in accepts. */
  verifiers: readonly SiwxVerifier[]
}

/** Long-expired nonces are deleted at most this often, by the request that issues a nonce. */
const CLEANUP_EVERY_MS = 60_000

const nonceRequestSchema = z.object({
  chainId: z.string().max(64).optional(),
  accountAddress: z.string().max(128).optional(),
})

const CODE_OF_REASON: Record<SiwxRefusalReason, ApiErrorCode> = {
  INVALID_MESSAGE: 'SIWX_INVALID_MESSAGE',
  DOMAIN_MISMATCH: 'SIWX_DOMAIN_MISMATCH',
  URI_MISMATCH: 'SIWX_URI_MISMATCH',
  CHAIN_UNSUPPORTED: 'SIWX_CHAIN_UNSUPPORTED',
  // The server never passes the nonce to the checks; a stored nonce is looked up instead.
  NONCE_MISMATCH: 'SIWX_NONCE_UNKNOWN',
  EXPIRED: 'SIWX_EXPIRED',
  NOT_YET_VALID: 'SIWX_NOT_YET_VALID',
  INVALID_SIGNATURE: 'SIWX_INVALID_SIGNATURE',
}

function nonceRefusal(state: Exclude<SiwxNonceState, 'usable'>, origin: string): ApiRefusal {
  switch (state) {
    case 'unknown':
      return new ApiRefusal(
        'SIWX_NONCE_UNKNOWN',
        `The message's nonce was not issued by this server to this project for ${origin}: ask POST /v1/siwx/nonce for one and sign again.`,
      )
    case 'used':
      return new ApiRefusal(
        'SIWX_NONCE_USED',
        "The message's nonce was used already for a session: each nonce signs in once; ask for a new one and sign again.",
      )
    case 'expired':
      return new ApiRefusal(
        'SIWX_NONCE_EXPIRED',
        "The message's nonce expired before the session was created: ask for a new one and sign again.",
      )
  }
}

function sessionRefusal(why: string): ApiRefusal {
  return new ApiRefusal('SIWX_SESSION_INVALID', why)
}

/** Names the page's origin when the browser sends no `Origin` (a same-origin GET). */
export const SIWX_ORIGIN_HEADER = 'x-portico-origin'

/**
 * The page's origin, required: it is what sessions are bound to and what the message must name.
 * Browsers leave `Origin` off a same-origin GET (a Portico server behind the site's own domain), so
 * the page also names it in `X-Portico-Origin`. That header cannot let another site pose as this
 * one: a cross-origin request always carries `Origin`, which wins; used alone it must be one of
 * the project's origins, like `Origin` is.
 */
function requireOrigin(c: Context<AppEnv>): { origin: string; domain: string } {
  const sent = c.req.header('origin')
  const named = c.req.header(SIWX_ORIGIN_HEADER)
  const origin = sent || named
  if (origin === undefined || origin === '') {
    throw new ApiRefusal(
      'BAD_REQUEST',
      "Sign-in requests need an Origin header: browsers send it; a site's backend must set it to the site's origin (e.g. Origin: https://shop.example).",
    )
  }
  if (!sent && !isOriginAllowed(c.get('project').allowedOrigins, origin)) {
    throw new ApiRefusal(
      'ORIGIN_NOT_ALLOWED',
      `The origin ${origin} is not allowed for project "${c.get('project').id}".`,
    )
  }
  const url = URL.canParse(origin) ? new URL(origin) : undefined
  if (!url || url.origin !== origin || url.origin === 'null') {
    throw new ApiRefusal(
      'BAD_REQUEST',
      `The Origin header "${origin}" is not an origin (scheme://host[:port]); sign-in is bound to the page's origin.`,
    )
  }
  return { origin, domain: url.host }
}

/** The bearer token of a request, or a refusal saying what is wrong with the header. */
function bearerToken(c: Context<AppEnv>): string {
  const header = c.req.header('authorization')
  if (!header) throw sessionRefusal('No session token: send Authorization: Bearer <token>.')
  const token = readBearerToken(header)
  if (!token) {
    throw sessionRefusal(
      'The session token is malformed: send Authorization: Bearer <the token the session was created with>.',
    )
  }
  return token
}

/** Sessions' expiry as ISO 8601. */
const iso = (time: Date | number) => new Date(time).toISOString()

/**
 * Adds `POST /v1/siwx/nonce`, `POST /v1/siwx/sessions`, `GET` and `DELETE /v1/siwx/session` to an
 * app whose middleware has already checked the project and origin.
 * @example
 * registerSiwxRoutes(app, { config, db, now: Date.now, verifiers: createSiwxVerifiers(config) })
 */
export function registerSiwxRoutes(app: Hono<AppEnv>, deps: SiwxRouteDependencies): void {
  const { config, db, now, verifiers } = deps
  const { nonceTtlMs, maxSessionMs, clockToleranceMs } = config.siwx
  let lastCleanup = Number.NEGATIVE_INFINITY

  // Verifiers that accept any signature: the message's form, domain, URI, chain and time window are
  // checked before the nonce is looked up, and the signature (possibly an RPC call) only after.
  const staticVerifiers: SiwxVerifier[] = verifiers.map((verifier) => ({
    namespace: verifier.namespace,
    ...(verifier.supports ? { supports: verifier.supports.bind(verifier) } : {}),
    verify: async () => true,
  }))

  const verify = async (
    signed: { message: string; signature: string },
    options: {
      verifiers: readonly SiwxVerifier[]
      origin: string
      domain: string
      now: number
      nonce?: string
    },
  ): Promise<SiwxMessageData> => {
    try {
      return await verifySiwxMessage(signed, { ...options, clockToleranceMs })
    } catch (error) {
      if (error instanceof SiwxVerificationError) {
        throw new ApiRefusal(CODE_OF_REASON[error.reason], error.shortMessage)
      }
      throw error
    }
  }

  app.post('/v1/siwx/nonce', async (c) => {
    const { origin } = requireOrigin(c)
    const body = await parseJsonBody(c.req.raw, config.rpc.maxBodyBytes, nonceRequestSchema, 'nonce request')
    const time = now()
    if (time - lastCleanup >= CLEANUP_EVERY_MS) {
      lastCleanup = time
      await deleteOldSiwxNonces(db, time)
    }
    const { nonce, expiresAt } = await issueSiwxNonce(db, {
      projectId: c.get('project').id,
      origin,
      chainId: body.chainId,
      accountAddress: body.accountAddress,
      now: time,
      ttlMs: nonceTtlMs,
    })
    return c.json(siwxNonceResponseSchema.parse({ nonce, expiresAt: iso(expiresAt) }), 201)
  })

  app.post('/v1/siwx/sessions', async (c) => {
    const { origin, domain } = requireOrigin(c)
    const request = await parseJsonBody(
      c.req.raw,
      config.rpc.maxBodyBytes,
      siwxCreateSessionRequestSchema,
      'session request',
    )
    const { message, signature } = request
    const projectId = c.get('project').id
    const time = now()
    const checks = { origin, domain, now: time }

    const data = await verify({ message, signature }, { ...checks, verifiers: staticVerifiers })
    const scope = { projectId, origin, now: time }
    const state = await getSiwxNonceState(db, data.nonce, scope)
    if (state !== 'usable') throw nonceRefusal(state, origin)
    await verify({ message, signature }, { ...checks, verifiers })

    const verifier = verifiers.find(
      (candidate) => candidate.namespace === splitChainId(data.chainId).namespace,
    )
    // The CACAO is written from what was verified; the client's own one names the signature type at most.
    const signatureType =
      verifier?.signatureType?.({ data, message, signature }) ?? request.cacao?.s.t ?? undefined
    const session = { data, message, signature }
    const cacao = signatureType === undefined ? undefined : toSiwxCacao(session, signatureType)
    const expiresAt = Math.min(
      data.expirationTime === undefined ? Number.POSITIVE_INFINITY : Date.parse(data.expirationTime),
      time + maxSessionMs,
    )
    const token = createBearerToken()
    const created = await db.transaction().execute(async (trx) => {
      if (!(await consumeSiwxNonce(trx, data.nonce, scope))) return false
      await insertSiwxSession(trx, token, {
        projectId,
        origin,
        namespace: splitChainId(data.chainId).namespace,
        chainId: data.chainId,
        accountAddress: data.accountAddress,
        nonce: data.nonce,
        message,
        signature,
        cacao,
        issuedAt: new Date(data.issuedAt),
        expiresAt: new Date(expiresAt),
      })
      return true
    })
    if (!created) {
      // Another request used the nonce (or it ran out) while this one checked the signature.
      const after = await getSiwxNonceState(db, data.nonce, scope)
      throw nonceRefusal(after === 'usable' ? 'used' : after, origin)
    }
    const body = siwxSessionResponseSchema.parse({
      token,
      session: { ...session, ...(cacao ? { cacao } : {}) },
      account: `${data.chainId}:${data.accountAddress}`,
      expiresAt: iso(expiresAt),
    })
    return c.json(body, 201)
  })

  /** The session of the request's token, if it may be used here and now; refuses otherwise. */
  const readSession = async (
    c: Context<AppEnv>,
    stored: StoredSiwxSession,
    origin: string,
    domain: string,
  ) => {
    const project = c.get('project')
    if (stored.projectId !== project.id) {
      throw sessionRefusal(`The session was made for another project, not for "${project.id}".`)
    }
    if (stored.origin !== origin) {
      throw sessionRefusal(`The session was made for another origin, not for ${origin}.`)
    }
    if (stored.revokedAt) throw sessionRefusal(`The session was signed out at ${iso(stored.revokedAt)}.`)
    const time = now()
    if (stored.expiresAt.getTime() <= time) {
      throw sessionRefusal(`The session expired at ${iso(stored.expiresAt)}; sign in again.`)
    }
    let data: SiwxMessageData
    try {
      data = await verify(
        { message: stored.message, signature: stored.signature },
        { origin, domain, now: time, nonce: stored.nonce, verifiers },
      )
    } catch (error) {
      if (error instanceof ApiRefusal) {
        throw sessionRefusal(`The session no longer verifies: ${error.message}`)
      }
      throw error
    }
    const session = { data, message: stored.message, signature: stored.signature }
    const cacaoMatches =
      stored.cacao === undefined || isDeepStrictEqual(stored.cacao, toSiwxCacao(session, stored.cacao.s.t))
    if (data.chainId !== stored.chainId || data.accountAddress !== stored.accountAddress || !cacaoMatches) {
      throw sessionRefusal(
        'The session no longer verifies: its stored record does not match its signed message.',
      )
    }
    return {
      session: { ...session, ...(stored.cacao ? { cacao: stored.cacao } : {}) },
      account: `${data.chainId}:${data.accountAddress}`,
      expiresAt: iso(stored.expiresAt),
    }
  }

  app.get('/v1/siwx/session', async (c) => {
    const { origin, domain } = requireOrigin(c)
    const token = bearerToken(c)
    const stored = await findSiwxSession(db, token)
    if (!stored) throw sessionRefusal('The session token is unknown to this server; sign in again.')
    return c.json(siwxSessionResponseSchema.parse(await readSession(c, stored, origin, domain)))
  })

  app.delete('/v1/siwx/session', async (c) => {
    const { origin } = requireOrigin(c)
    const token = bearerToken(c)
    const stored = await findSiwxSession(db, token)
    if (!stored) throw sessionRefusal('The session token is unknown to this server.')
    const project = c.get('project')
    if (stored.projectId !== project.id) {
      throw sessionRefusal(`The session was made for another project, not for "${project.id}".`)
    }
    if (stored.origin !== origin) {
      throw sessionRefusal(`The session was made for another origin, not for ${origin}.`)
    }
    // Signing out twice is not an error: the session is signed out either way.
    await revokeSiwxSession(db, token, now())
    return c.body(null, 204)
  })
}
