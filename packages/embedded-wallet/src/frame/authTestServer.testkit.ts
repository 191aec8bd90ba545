import { createHash, randomBytes, randomInt } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FrameStorage } from './authApi.js'

/** A mail the test server "sent": the code or device link a person would read. */
export interface SentMail {
  to: string
  kind: 'otp' | 'device' | 'update-primary' | 'update-secondary'
  code: string
}

export interface AuthTestServer {
  origin: string
  projectId: string
  mails: SentMail[]
  /** The seed stored for an e-mail, as the server would decrypt it. */
  seedOf(email: string): string | null | undefined
  /** Follows the device-approval link of the last device mail. */
  approveDevice(email: string): void
  lastCode(email: string, kind: SentMail['kind']): string
  /** The social logins started, by state, with what the frame sent. */
  socialAttempts: Map<string, SocialAttempt>
  /** Plays the provider's callback for the login whose state `uri` names: a user, or a refusal code. */
  /**
   * Plays the provider's callback; for a consent, returns the one-time proof the server sends to
   * the site's page in the browser that approved (the finish needs it, as the real server's does).
   */
  completeSocial(state: string, outcome: SocialOutcome): string | undefined
  /** The Farcaster channels opened, by channel id: the site's origin they were opened for. */
  farcasterChannels: Map<string, FarcasterTestChannel>
  /** Completes a Farcaster channel as the server would once it verified the app's signature (or refused it). */
  answerFarcaster(
    url: string,
    answer: { fid: number; username?: string; pfpUrl?: string } | { refused: string } | 'expired',
  ): void
  close(): Promise<void>
}

export interface FarcasterTestChannel {
  origin: string
  deviceId: string
  answer?: { fid: number; username?: string; pfpUrl?: string } | { refused: string } | 'expired'
}

export type SocialOutcome =
  | { user: { subject: string; email?: string; emailVerified: boolean; userName: string } }
  | { error: string; message: string }

export interface SocialAttempt {
  provider: string
  deviceId: string
  secretHash: string
  redirectTo: string | undefined
  outcome: SocialOutcome | undefined
  /** The proof sent back with a consent (the real server keeps only its hash). */
  proof: string | undefined
  finished: boolean
  /** The waits the finishes asked for, in ms. */
  waits: number[]
}

interface User {
  id: string
  /** '' for a social or Farcaster user without a verified e-mail. */
  email: string
  userName?: string
  socialProvider?: string
  profileImage?: string
  seed: string | null
  devices: Set<string>
  preferredAccountType?: 'eoa' | 'smartAccount'
  update?: { newEmail: string; primary: string; secondary: string; primaryDone: boolean }
}

/**
 * A small real HTTP server implementing the design's `/v1/auth/*` API in memory, for the frame's
 * tests: same routes, bodies, status codes and refusal codes, with mails kept in a list.
 */
export async function startAuthTestServer(
  options: { allowedOrigins?: string[]; cooldownMs?: number; deviceWaitMs?: number } = {},
): Promise<AuthTestServer> {
  const cooldownMs = options.cooldownMs ?? 30_000
  const projectId = 'frame-test-project'
  const users = new Map<string, User>()
  const sessions = new Map<string, User>()
  const otps = new Map<string, { code: string; deviceId: string; attempts: number }>()
  const lastEmailAt = new Map<string, number>()
  const pendingDevices = new Map<string, string>()
  const waiters = new Map<string, () => void>()
  const mails: SentMail[] = []
  const socialAttempts = new Map<string, SocialAttempt>()
  const socialUsers = new Map<string, User>()
  const userJson = (user: User) => ({
    id: user.id,
    ...(user.email ? { email: user.email } : {}),
    ...(user.userName ? { userName: user.userName } : {}),
    ...(user.socialProvider ? { socialProvider: user.socialProvider } : {}),
    ...(user.profileImage ? { profileImage: user.profileImage } : {}),
  })
  const farcasterChannels = new Map<string, FarcasterTestChannel>()
  const farcasterWaiters = new Map<string, () => void>()

  function mail(to: string, kind: SentMail['kind']): string {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    mails.push({ to, kind, code })
    return code
  }

  async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const text = Buffer.concat(chunks).toString('utf8')
    return text ? (JSON.parse(text) as Record<string, unknown>) : {}
  }

  function send(
    res: ServerResponse,
    status: number,
    body?: unknown,
    headers: Record<string, string> = {},
  ): void {
    res.writeHead(status, {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    })
    res.end(body !== undefined ? JSON.stringify(body) : undefined)
  }
  function refuse(
    res: ServerResponse,
    status: number,
    code: string,
    message: string,
    headers?: Record<string, string>,
  ) {
    send(res, status, { error: { code, message } }, headers)
  }

  /** A new session of `user`: its token in the answer (with `fields`) and in the session cookie. */
  function openSession(res: ServerResponse, user: User, fields: Record<string, unknown>): void {
    const token = randomBytes(24).toString('hex')
    sessions.set(token, user)
    send(
      res,
      200,
      { ...fields, token, user: userJson(user) },
      { 'set-cookie': `portico_session=${token}; Path=/v1/auth; HttpOnly` },
    )
  }

  /** The request's session token: the bearer header, else the session cookie (as the server reads it). */
  function tokenOf(req: IncomingMessage): string | undefined {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
    return bearer ?? /(?:^|;\s*)portico_session=([^;]+)/.exec(req.headers.cookie ?? '')?.[1]
  }
  function userOf(req: IncomingMessage): User | undefined {
    const token = tokenOf(req)
    return token ? sessions.get(token) : undefined
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (url.searchParams.get('projectId') !== projectId)
      return refuse(res, 403, 'INVALID_PROJECT_ID', 'Invalid project')
    const route = `${req.method} ${url.pathname}`
    const body = req.method === 'GET' ? {} : await readJson(req)
    const email = typeof body.email === 'string' ? body.email : ''
    const deviceId = typeof body.deviceId === 'string' ? body.deviceId : ''

    switch (route) {
      case 'GET /v1/auth/frame-config':
        return send(res, 200, { allowedOrigins: options.allowedOrigins ?? ['http://site.test'] })
      case 'POST /v1/auth/email': {
        if (!/^[^@\s]+@[^@\s]+$/.test(email))
          return refuse(res, 400, 'EMAIL_INVALID', 'The e-mail address is invalid.')
        const last = lastEmailAt.get(email)
        if (last !== undefined && Date.now() - last < cooldownMs) {
          const seconds = Math.ceil((cooldownMs - (Date.now() - last)) / 1000)
          return refuse(res, 429, 'EMAIL_COOLDOWN', `Please try again after ${seconds} seconds`, {
            'retry-after': String(seconds),
          })
        }
        lastEmailAt.set(email, Date.now())
        // As the Portico server: every address gets a code, known or not, new device or not.
        otps.set(email, { code: mail(email, 'otp'), deviceId, attempts: 0 })
        return send(res, 200, { action: 'VERIFY_OTP' })
      }
      case 'POST /v1/auth/device/wait': {
        const user = users.get(email)
        const approved =
          user?.devices.has(deviceId) ||
          (await new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => resolve(false), options.deviceWaitMs ?? 25_000)
            waiters.set(email, () => {
              clearTimeout(timer)
              resolve(true)
            })
          }))
        return send(res, 200, { approved })
      }
      case 'POST /v1/auth/otp': {
        const pending = otps.get(email)
        if (!pending || pending.deviceId !== deviceId)
          return refuse(res, 401, 'OTP_EXPIRED', 'The code has expired.')
        if (pending.code !== body.otp) {
          pending.attempts += 1
          if (pending.attempts >= 5) {
            otps.delete(email)
            return refuse(res, 429, 'OTP_ATTEMPTS_EXCEEDED', 'Too many wrong codes.')
          }
          return refuse(res, 401, 'OTP_INVALID', 'The code is wrong.')
        }
        let user = users.get(email)
        // A known account on a new device: the code is right, but the device is approved from a
        // mailed link first; the same code logs in afterwards.
        if (user && !user.devices.has(deviceId)) {
          if (pendingDevices.get(email) !== deviceId) {
            pendingDevices.set(email, deviceId)
            mail(email, 'device')
          }
          return refuse(res, 401, 'DEVICE_NOT_APPROVED', 'This device is new to this account.')
        }
        otps.delete(email)
        const isNewUser = !user
        if (!user) {
          user = { id: randomBytes(8).toString('hex'), email, seed: null, devices: new Set() }
          users.set(email, user)
        }
        user.devices.add(deviceId)
        return openSession(res, user, { isNewUser })
      }
    }

    // The social login, as the design's routes: the provider's callback is played by completeSocial.
    if (route === 'POST /v1/auth/social/start') {
      const provider = String(body.provider)
      if (!['google', 'x', 'discord', 'github', 'apple', 'facebook'].includes(provider)) {
        return refuse(res, 400, 'BAD_REQUEST', 'Unknown provider.')
      }
      if (provider === 'facebook') {
        return refuse(res, 400, 'SOCIAL_PROVIDER_NOT_CONFIGURED', 'Project has no facebook login.')
      }
      const state = randomBytes(32).toString('base64url')
      socialAttempts.set(state, {
        provider,
        deviceId,
        secretHash: String(body.secretHash),
        redirectTo: typeof body.redirectTo === 'string' ? body.redirectTo : undefined,
        outcome: undefined,
        proof: undefined,
        finished: false,
        waits: [],
      })
      return send(res, 200, {
        uri: `https://${provider}.provider.test/authorize?client_id=app&state=${state}`,
        state,
        expiresAt: Date.now() + 600_000,
      })
    }
    if (route === 'POST /v1/auth/social/finish') {
      const attempt = socialAttempts.get(String(body.state))
      if (!attempt) return refuse(res, 400, 'SOCIAL_STATE_INVALID', 'Unknown login.')
      const hash = createHash('sha256').update(String(body.secret)).digest('base64url')
      if (hash !== attempt.secretHash || attempt.deviceId !== deviceId) {
        return refuse(res, 403, 'SOCIAL_SECRET_INVALID', 'Started by another frame.')
      }
      attempt.waits.push(Number(body.waitMs))
      const outcome = attempt.outcome
      if (!outcome)
        return refuse(res, 409, 'SOCIAL_LOGIN_PENDING', 'The provider has not sent the visitor back yet.')
      if ('error' in outcome) return refuse(res, 400, outcome.error, outcome.message)
      if (attempt.finished) return refuse(res, 409, 'SOCIAL_CODE_USED', 'Finished already.')
      // The real server answers a finish without the proof so once its wait ends.
      if (body.proof !== attempt.proof)
        return refuse(res, 403, 'SOCIAL_PROOF_INVALID', 'Not shown the proof of the browser that approved.')
      attempt.finished = true
      const identity = `${attempt.provider}:${outcome.user.subject}`
      let user =
        socialUsers.get(identity) ??
        (outcome.user.emailVerified ? users.get(outcome.user.email ?? '') : undefined)
      const isNewUser = !user
      if (!user) {
        const email = outcome.user.emailVerified ? (outcome.user.email ?? '') : ''
        user = { id: randomBytes(8).toString('hex'), email, seed: null, devices: new Set() }
        if (email) users.set(email, user)
      }
      socialUsers.set(identity, user)
      user.userName = outcome.user.userName
      user.socialProvider = attempt.provider
      user.devices.add(deviceId)
      return openSession(res, user, { isNewUser })
    }

    if (route === 'POST /v1/auth/farcaster/channel') {
      const origin = String(body.origin)
      if (!(options.allowedOrigins ?? ['http://site.test']).includes(origin)) {
        return refuse(
          res,
          403,
          'ORIGIN_NOT_ALLOWED',
          `${origin} is not one of the project's allowed origins.`,
        )
      }
      const channelId = randomBytes(18).toString('base64url')
      farcasterChannels.set(channelId, { origin, deviceId })
      return send(res, 200, {
        channelId,
        url: `https://farcaster.test/~/siwf?channelToken=${channelId}`,
        expiresAt: Date.now() + 300_000,
      })
    }
    if (route === 'POST /v1/auth/farcaster/connect') {
      const channelId = String(body.channelId)
      const channel = farcasterChannels.get(channelId)
      if (!channel || channel.deviceId !== deviceId) {
        return refuse(res, 404, 'NOT_FOUND', 'This Farcaster sign-in is unknown: start a new one.')
      }
      if (!channel.answer) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, options.deviceWaitMs ?? 25_000)
          farcasterWaiters.set(channelId, () => {
            clearTimeout(timer)
            resolve()
          })
        })
      }
      const answer = channel.answer
      if (!answer) return send(res, 200, { status: 'pending' })
      if (answer === 'expired') {
        return refuse(
          res,
          401,
          'FARCASTER_CHANNEL_EXPIRED',
          'The Farcaster sign-in expired before it was approved: start a new one.',
        )
      }
      if ('refused' in answer) return refuse(res, 401, 'FARCASTER_SIGNIN_INVALID', answer.refused)
      farcasterChannels.delete(channelId)
      const key = `fid:${answer.fid}`
      let fidUser = users.get(key)
      const isNewUser = !fidUser
      fidUser ??= { id: randomBytes(8).toString('hex'), email: '', seed: null, devices: new Set() }
      Object.assign(fidUser, {
        userName: answer.username,
        socialProvider: 'farcaster',
        profileImage: answer.pfpUrl,
      })
      users.set(key, fidUser)
      return openSession(res, fidUser, { status: 'connected', isNewUser })
    }

    const user = userOf(req)
    if (!user) return refuse(res, 401, 'AUTH_SESSION_INVALID', 'The session is invalid or expired.')
    switch (route) {
      case 'GET /v1/auth/session':
        return send(res, 200, { user: userJson(user) })
      case 'GET /v1/auth/wallet':
        return send(res, 200, { seed: user.seed })
      case 'GET /v1/auth/preferred-account':
        return send(res, 200, { type: user.preferredAccountType ?? null })
      case 'PUT /v1/auth/preferred-account':
        if (body.type !== 'eoa' && body.type !== 'smartAccount')
          return refuse(res, 400, 'BAD_REQUEST', 'type must be eoa or smartAccount.')
        user.preferredAccountType = body.type
        return send(res, 200, { type: body.type })
      case 'PUT /v1/auth/wallet':
        if (user.seed !== null) return refuse(res, 409, 'WALLET_EXISTS', 'This user already has a wallet.')
        if (typeof body.seed !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(body.seed)) {
          return refuse(res, 400, 'BAD_REQUEST', 'The seed must be 32 bytes of hex.')
        }
        user.seed = body.seed
        return send(res, 201, { stored: true })
      case 'POST /v1/auth/email/update': {
        const newEmail = String(body.newEmail)
        if (user.email === null) return refuse(res, 400, 'BAD_REQUEST', 'A Farcaster account has no e-mail.')
        if (users.has(newEmail)) return refuse(res, 409, 'EMAIL_TAKEN', 'That e-mail address is taken.')
        user.update = {
          newEmail,
          primary: mail(user.email, 'update-primary'),
          secondary: mail(newEmail, 'update-secondary'),
          primaryDone: false,
        }
        return send(res, 200, { action: 'VERIFY_PRIMARY_OTP' })
      }
      case 'POST /v1/auth/email/update/primary':
        if (!user.update || user.update.primary !== body.otp)
          return refuse(res, 401, 'OTP_INVALID', 'The code is wrong.')
        user.update.primaryDone = true
        return send(res, 200, { action: 'VERIFY_SECONDARY_OTP' })
      case 'POST /v1/auth/email/update/secondary': {
        const update = user.update
        if (!update?.primaryDone || update.secondary !== body.otp) {
          return refuse(res, 401, 'OTP_INVALID', 'The code is wrong.')
        }
        users.delete(user.email ?? '')
        user.email = update.newEmail
        users.set(user.email, user)
        delete user.update
        return send(res, 200, { email: user.email })
      }
      case 'POST /v1/auth/signout':
        sessions.delete(tokenOf(req) ?? '')
        return send(res, 204, undefined, { 'set-cookie': 'portico_session=; Path=/v1/auth; Max-Age=0' })
      default:
        return refuse(res, 404, 'NOT_FOUND', 'Not found.')
    }
  })

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    origin: `http://127.0.0.1:${port}`,
    projectId,
    mails,
    seedOf: (email) => users.get(email)?.seed,
    farcasterChannels,
    answerFarcaster(url, answer) {
      const channelId = new URL(url).searchParams.get('channelToken') ?? ''
      const channel = farcasterChannels.get(channelId)
      if (!channel) throw new Error(`No Farcaster channel ${channelId} is open.`)
      channel.answer = answer
      farcasterWaiters.get(channelId)?.()
    },
    approveDevice(email) {
      const deviceId = pendingDevices.get(email)
      const user = users.get(email)
      if (!deviceId || !user) throw new Error(`No device waits for approval for ${email}.`)
      user.devices.add(deviceId)
      waiters.get(email)?.()
    },
    socialAttempts,
    completeSocial(state, outcome) {
      const attempt = socialAttempts.get(state)
      if (!attempt) throw new Error(`No social login has the state ${state}.`)
      attempt.outcome = outcome
      attempt.proof = 'user' in outcome ? randomBytes(32).toString('base64url') : undefined
      return attempt.proof
    },
    lastCode(email, kind) {
      const found = mails.filter((m) => m.to === email && m.kind === kind).at(-1)
      if (!found) throw new Error(`No ${kind} mail was sent to ${email}.`)
      return found.code
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}

/**
 * `fetch` with one browser's cookie jar for a single origin: keeps what `Set-Cookie` sets (and drops
 * what it expires) and sends it back, as a browser does for the frame's same-origin requests.
 */
export function createCookieFetch(): typeof fetch & { cookies: Map<string, string> } {
  const cookies = new Map<string, string>()
  const cookieFetch = async (input: string | URL | Request, init?: RequestInit) => {
    const headers = new Headers(init?.headers)
    if (cookies.size > 0) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '))
    const response = await fetch(input, { ...init, headers })
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const at = pair.indexOf('=')
      const name = pair.slice(0, at)
      if (/max-age=0/i.test(line)) cookies.delete(name)
      else cookies.set(name, pair.slice(at + 1))
    }
    return response
  }
  return Object.assign(cookieFetch, { cookies })
}

/** A `localStorage`-like store in memory: one per simulated browser. */
export function createMemoryStorage(): FrameStorage & { entries(): Map<string, string> } {
  const map = new Map<string, string>()
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
    entries: () => map,
  }
}

/**
 * A connection to `target` that stalls: requests to a path in `stalled` reach it and are never
 * answered (a hung server or a dead network path), every other request is passed on.
 */
export async function startStallingProxy(target: string) {
  const stalled = new Set<string>()
  /** The paths of the requests held so far. */
  const held: string[] = []
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', target)
    if (stalled.has(url.pathname)) {
      held.push(url.pathname)
      return
    }
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string' && name !== 'host') headers.set(name, value)
    const answer = await fetch(url, {
      method: req.method ?? 'GET',
      headers,
      ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
    })
    const answerHeaders: Record<string, string | string[]> = {}
    answer.headers.forEach((value, name) => {
      if (name !== 'set-cookie' && name !== 'content-length' && name !== 'transfer-encoding')
        answerHeaders[name] = value
    })
    const cookies = answer.headers.getSetCookie()
    if (cookies.length > 0) answerHeaders['set-cookie'] = cookies
    res.writeHead(answer.status, answerHeaders)
    res.end(Buffer.from(await answer.arrayBuffer()))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stalled,
    held,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
