/**
 * Sign In With Farcaster for the embedded wallet (FIP-11, SPEC §1): the frame asks the server to
 * open a sign-in channel on the relay, shows its link (QR code) through the page, and waits here
 * while the Farcaster app signs. The server issued the nonce and named the site's domain, so it
 * checks the signed message against them and against the fid's custody or auth address on
 * Optimism before it opens (or creates) that fid's embedded wallet: the relay carries the message
 * but vouches for nothing.
 */
import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import {
  authFarcasterChannelRequestSchema,
  authFarcasterChannelResponseSchema,
  authFarcasterConnectRequestSchema,
  authFarcasterConnectResponseSchema,
} from '@portico/core/api'
import type { Hono } from 'hono'
import { ApiRefusal } from '../../http/apiError.js'
import type { AppEnv } from '../../http/appEnv.js'
import { InvalidOriginError, isOriginAllowed, normaliseOrigin } from '../../projects/origins.js'
import { deviceOf, setSessionCookie } from '../authCookies.js'
import type { AuthRouteContext } from '../authRouteContext.js'
import { openDeviceSession } from '../sessions.js'
import { readFarcasterProfile } from './farcasterProfile.js'
import {
  createFarcasterRelayClient,
  type FarcasterRelayClient,
  FarcasterRelayError,
} from './farcasterRelay.js'
import { FARCASTER_PROVIDER, findOrCreateFarcasterUser } from './farcasterUsers.js'
import {
  createFarcasterVerifier,
  FarcasterRegistryUnavailableError,
  FarcasterSignInInvalidError,
  type FarcasterVerifier,
} from './farcasterVerifier.js'

/**
 * Connects waiting at once on one instance, each asking the relay every pollMs: past this, a
 * connect asks once and answers, so sign-ins opened in bulk cannot make the server hammer the relay.
 */
const MAX_WAITING_CONNECTS = 256
/** Of those, the most one client address may hold: a visitor waits on one sign-in at a time. */
const MAX_WAITING_CONNECTS_PER_CLIENT = 16

const UNAVAILABLE_HINT =
  'The Farcaster login is off: set auth.farcaster.rpcUrl in the server config to an Optimism JSON-RPC endpoint (the fid registries are read through it), then restart the server.'

export interface FarcasterRouteOverrides {
  relay?: FarcasterRelayClient
  verifier?: FarcasterVerifier
}

/** Adds `POST /v1/auth/farcaster/channel` and `POST /v1/auth/farcaster/connect`. */
export function registerFarcasterRoutes(
  app: Hono<AppEnv>,
  context: AuthRouteContext,
  overrides: FarcasterRouteOverrides = {},
): void {
  const { db, now } = context
  const settings = context.config.auth.farcaster
  const relay = overrides.relay ?? createFarcasterRelayClient(settings.relayUrl)
  const verifier =
    overrides.verifier ??
    (settings.rpcUrl
      ? createFarcasterVerifier({
          rpcUrl: settings.rpcUrl,
          idRegistryAddress: settings.idRegistryAddress,
          keyRegistryAddress: settings.keyRegistryAddress,
        })
      : undefined)
  const requireVerifier = (): FarcasterVerifier => {
    if (!verifier) throw new ApiRefusal('UNAVAILABLE', UNAVAILABLE_HINT)
    return verifier
  }
  const relayRefusal = (error: unknown): never => {
    if (error instanceof FarcasterRelayError) throw new ApiRefusal('UPSTREAM_ERROR', error.message)
    throw error
  }

  const channelLimits = context.hourlyLimits(
    'farcaster-channel',
    settings.channelLimits,
    'Farcaster sign-ins',
  )

  app.post('/v1/auth/farcaster/channel', async (c) => {
    requireVerifier()
    const project = c.get('project')
    // Counted before any work: each sign-in opens a channel on the relay, on the site's behalf.
    await channelLimits.count(c, project)
    const body = await context.parseBody(c, authFarcasterChannelRequestSchema, 'Farcaster channel request')
    const deviceId = deviceOf(c, body.deviceId)
    let origin: string
    try {
      origin = normaliseOrigin(body.origin)
    } catch (error) {
      if (!(error instanceof InvalidOriginError)) throw error
      throw new ApiRefusal('BAD_REQUEST', error.message)
    }
    // The signed message names this site; a site the project does not list cannot borrow the login.
    if (!isOriginAllowed(project.allowedOrigins, origin)) {
      throw new ApiRefusal('ORIGIN_NOT_ALLOWED', `${origin} is not one of the project's allowed origins.`)
    }
    const domain = new URL(origin).host
    const time = now()
    const expiresAt = time + settings.channelTtlMs
    // EIP-4361 nonces are alphanumeric, at least 8 characters.
    const nonce = randomBytes(16).toString('hex')
    const channel = await relay
      .createChannel({
        siweUri: origin,
        domain,
        nonce,
        notBefore: new Date(time).toISOString(),
        expirationTime: new Date(expiresAt).toISOString(),
      })
      .catch(relayRefusal)
    const channelId = randomBytes(18).toString('base64url')
    await db
      .insertInto('auth_farcaster_channels')
      .values({
        id: channelId,
        channel_token: channel.channelToken,
        nonce,
        domain,
        project_id: project.id,
        device_id: deviceId,
        created_at: new Date(time),
        expires_at: new Date(expiresAt),
      })
      .execute()
    return c.json(authFarcasterChannelResponseSchema.parse({ channelId, url: channel.url, expiresAt }))
  })

  // The channels a connect is waiting on here (one at a time each), and how many per client address.
  const waiting = new Set<string>()
  const waitingByClient = new Map<string, number>()
  // When this instance last asked the relay about each channel (performance.now()): it asks at most
  // once a pollMs per channel, however many connects come, so what the site costs the relay is
  // bounded by the channels it opens, which channelLimits bounds.
  const askedAt = new Map<string, number>()
  /** How long until the relay may be asked about `channelId` again; 0 when it may be now. */
  const untilNextAsk = (channelId: string): number =>
    Math.max(0, (askedAt.get(channelId) ?? Number.NEGATIVE_INFINITY) + settings.pollMs - performance.now())
  const askRelay = (channel: { id: string; channel_token: string }, signal: AbortSignal) => {
    const time = performance.now()
    if (askedAt.size >= 4_096) {
      for (const [id, at] of askedAt) if (time - at >= settings.pollMs) askedAt.delete(id)
    }
    askedAt.set(channel.id, time)
    return relay.status(channel.channel_token, signal).catch(relayRefusal)
  }
  app.post('/v1/auth/farcaster/connect', async (c) => {
    const check = requireVerifier()
    const body = await context.parseBody(c, authFarcasterConnectRequestSchema, 'Farcaster connect request')
    const project = c.get('project')
    const deviceId = deviceOf(c, body.deviceId)
    const stored = await db
      .selectFrom('auth_farcaster_channels')
      .selectAll()
      .where('id', '=', body.channelId)
      .executeTakeFirst()
    // Another project's or another device's channel is as unknown as one that never existed.
    if (!stored || stored.project_id !== project.id || stored.device_id !== deviceId) {
      throw new ApiRefusal('NOT_FOUND', 'This Farcaster sign-in is unknown: start a new one.')
    }
    if (stored.used_at !== null) {
      throw new ApiRefusal(
        'FARCASTER_SIGNIN_INVALID',
        'This Farcaster sign-in was used already: start a new one.',
      )
    }
    const expiresAt = new Date(stored.expires_at).getTime()
    const expired = () =>
      new ApiRefusal(
        'FARCASTER_CHANNEL_EXPIRED',
        'The Farcaster sign-in expired before it was approved: start a new one.',
      )
    // One connect of a channel waits; another, or one past the limits, asks the relay once.
    const client = context.requesterOf(c, undefined).clientIp
    const waits =
      !waiting.has(stored.id) &&
      waiting.size < MAX_WAITING_CONNECTS &&
      (waitingByClient.get(client) ?? 0) < MAX_WAITING_CONNECTS_PER_CLIENT
    // A transport limit, not a business rule: measured on the real clock, so an injected one cannot stall it.
    const deadline = performance.now() + (waits ? settings.waitMs : 0)
    const signal = c.req.raw.signal
    if (waits) {
      waiting.add(stored.id)
      waitingByClient.set(client, (waitingByClient.get(client) ?? 0) + 1)
    }
    try {
      for (;;) {
        if (now() >= expiresAt) throw expired()
        // Asked lately (by this connect's last poll, or by another connect of the channel): this
        // one answers pending, or waits for the next turn, and the relay hears nothing more.
        const turnIn = untilNextAsk(stored.id)
        const status = turnIn === 0 ? await askRelay(stored, signal) : { state: 'pending' as const }
        if (status.state === 'expired') throw expired()
        if (status.state === 'completed') {
          let verified: Awaited<ReturnType<FarcasterVerifier['verify']>>
          try {
            verified = await check.verify({
              message: status.message,
              signature: status.signature,
              domain: stored.domain,
              nonce: stored.nonce,
            })
          } catch (error) {
            if (error instanceof FarcasterSignInInvalidError) {
              // A refused answer ends the channel: the relay keeps it completed, so waiting is pointless.
              await db
                .updateTable('auth_farcaster_channels')
                .set({ used_at: new Date(now()) })
                .where('id', '=', stored.id)
                .execute()
              throw new ApiRefusal('FARCASTER_SIGNIN_INVALID', error.message)
            }
            if (error instanceof FarcasterRegistryUnavailableError) {
              throw new ApiRefusal('UPSTREAM_ERROR', error.message)
            }
            throw error
          }
          // The profile is the relay's word: shown only when it is about the fid that signed.
          const relayFid = status.payload.fid
          const sameFid =
            (typeof relayFid === 'number' || typeof relayFid === 'string') &&
            String(relayFid) === verified.fid.toString()
          const profile = sameFid
            ? readFarcasterProfile(status.payload)
            : { username: undefined, displayName: undefined, pfpUrl: undefined }
          const result = await db.transaction().execute(async (trx) => {
            const time = now()
            const taken = await trx
              .updateTable('auth_farcaster_channels')
              .set({ used_at: new Date(time) })
              .where('id', '=', stored.id)
              .where('used_at', 'is', null)
              .returning('id')
              .executeTakeFirst()
            if (!taken) return undefined
            const { user, created } = await findOrCreateFarcasterUser(trx, verified.fid, profile, time)
            // Proving the fid is this device's approval, as a proven code is for an e-mail login.
            const token = await openDeviceSession(trx, {
              userId: user.id,
              projectId: project.id,
              deviceId,
              now: time,
              ttlMs: context.config.auth.sessionTtlMs,
              socialProvider: FARCASTER_PROVIDER,
            })
            return { token, user, created }
          })
          if (!result) {
            throw new ApiRefusal(
              'FARCASTER_SIGNIN_INVALID',
              'This Farcaster sign-in was used already: start a new one.',
            )
          }
          setSessionCookie(c, result.token, context.config.auth.sessionTtlMs)
          return c.json(
            authFarcasterConnectResponseSchema.parse({
              status: 'connected',
              token: result.token,
              user: {
                id: result.user.id,
                ...(result.user.username ? { userName: result.user.username } : {}),
                socialProvider: FARCASTER_PROVIDER,
                ...(result.user.profileImage ? { profileImage: result.user.profileImage } : {}),
              },
              isNewUser: result.created,
            }),
          )
        }
        const left = deadline - performance.now()
        if (left <= 0 || signal.aborted) break
        try {
          await sleep(Math.min(turnIn || settings.pollMs, left), undefined, { signal })
        } catch {
          // The client went away: nobody reads the answer, so stop asking the relay.
          break
        }
      }
    } finally {
      if (waits) {
        waiting.delete(stored.id)
        const left = (waitingByClient.get(client) ?? 1) - 1
        if (left > 0) waitingByClient.set(client, left)
        else waitingByClient.delete(client)
      }
    }
    return c.json(authFarcasterConnectResponseSchema.parse({ status: 'pending' }))
  })
}
