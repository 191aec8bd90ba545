/**
 * A local relay of the Farcaster Connect channel protocol (FIP-11), for tests and the demo: the
 * site's server opens a channel (`POST /v1/channel`), the Farcaster app posts the signed sign-in
 * message to it (`POST /v1/channel/authenticate`, Bearer channel token), and the server reads the
 * channel's status (`GET /v1/channel/status`: 202 while pending, 200 once completed, 401 once
 * unknown or expired). Like the public relay it only carries what it is given: it checks no
 * signature, so everything a test client posts reaches the server, which must verify it.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface StartFarcasterRelayOptions {
  /** A free port is picked when omitted (0). */
  port?: number
  host?: string
  /** How long a channel lives after it was opened, in ms. Defaults to 5 minutes. */
  channelTtlMs?: number
  /**
   * The page the channel's `url` points at (the Farcaster app's sign-in link, shown as a QR code);
   * its query carries the channel token and the request. Defaults to the Farcaster app's.
   */
  signInUrl?: string
  /** The relay's clock; `Date.now` when omitted. */
  now?: () => number
}

export interface FarcasterRelay {
  /** e.g. `http://127.0.0.1:41234`; the server's `relayUrl`. */
  url: string
  port: number
  /** The channels opened so far, newest last (for tests that look at what the server asked). */
  channels(): readonly FarcasterRelayChannel[]
  stop(): Promise<void>
}

export interface FarcasterRelayChannel {
  channelToken: string
  request: ChannelRequest
  url: string
  createdAt: number
  completed?: Record<string, unknown>
}

interface ChannelRequest {
  siweUri: string
  domain: string
  nonce: string
  notBefore?: string
  expirationTime?: string
  requestId?: string
}

const MAX_BODY_BYTES = 64 * 1024

/**
 * Starts the relay on 127.0.0.1 and resolves once it listens.
 * @example
 * const relay = await startFarcasterRelay()
 * afterAll(() => relay.stop())
 */
export async function startFarcasterRelay(options: StartFarcasterRelayOptions = {}): Promise<FarcasterRelay> {
  const now = options.now ?? Date.now
  const ttlMs = options.channelTtlMs ?? 5 * 60_000
  const signInUrl = options.signInUrl ?? 'https://farcaster.xyz/~/siwf'
  const channels = new Map<string, FarcasterRelayChannel>()

  const live = (request: IncomingMessage): FarcasterRelayChannel | undefined => {
    const header = request.headers.authorization ?? ''
    const token = /^Bearer (\S+)$/.exec(header)?.[1]
    const channel = token ? channels.get(token) : undefined
    if (!channel) return undefined
    if (now() - channel.createdAt >= ttlMs) {
      channels.delete(channel.channelToken)
      return undefined
    }
    return channel
  }

  const statusOf = (channel: FarcasterRelayChannel) => ({
    state: channel.completed ? 'completed' : 'pending',
    nonce: channel.request.nonce,
    url: channel.url,
    ...(channel.completed ?? {}),
  })

  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      send(response, 500, { error: error instanceof Error ? error.message : String(error) })
    })
  })

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // The demo's Farcaster client page calls the relay from the browser.
    response.setHeader('access-control-allow-origin', '*')
    response.setHeader(
      'access-control-allow-headers',
      'authorization, content-type, x-farcaster-auth-relay-key',
    )
    response.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS')
    if (request.method === 'OPTIONS') return void response.writeHead(204).end()
    const path = new URL(request.url ?? '/', 'http://relay').pathname
    if (request.method === 'POST' && path === '/v1/channel') {
      const body = await readJson(request)
      const siweUri = stringOf(body, 'siweUri')
      const domain = stringOf(body, 'domain')
      if (!siweUri || !domain) return send(response, 400, { error: 'siweUri and domain are required' })
      const channelToken = randomBytes(16).toString('hex')
      const requestFields: ChannelRequest = {
        siweUri,
        domain,
        nonce: stringOf(body, 'nonce') ?? randomBytes(8).toString('hex'),
      }
      for (const key of ['notBefore', 'expirationTime', 'requestId'] as const) {
        const value = stringOf(body, key)
        if (value) requestFields[key] = value
      }
      const url = new URL(signInUrl)
      url.searchParams.set('channelToken', channelToken)
      for (const [key, value] of Object.entries(requestFields)) url.searchParams.set(key, value)
      const channel: FarcasterRelayChannel = {
        channelToken,
        request: requestFields,
        url: url.href,
        createdAt: now(),
      }
      channels.set(channelToken, channel)
      return send(response, 201, { channelToken, url: channel.url, nonce: requestFields.nonce })
    }
    if (request.method === 'GET' && path === '/v1/channel/status') {
      const channel = live(request)
      if (!channel) return send(response, 401, { error: 'Unauthorized' })
      return send(response, channel.completed ? 200 : 202, statusOf(channel))
    }
    if (request.method === 'POST' && path === '/v1/channel/authenticate') {
      const channel = live(request)
      if (!channel) return send(response, 401, { error: 'Unauthorized' })
      const body = await readJson(request)
      if (!stringOf(body, 'message') || !stringOf(body, 'signature')) {
        return send(response, 400, { error: 'message and signature are required' })
      }
      const completed: Record<string, unknown> = {}
      for (const key of [
        'message',
        'signature',
        'fid',
        'username',
        'bio',
        'displayName',
        'pfpUrl',
        'custody',
        'verifications',
      ]) {
        if (body[key] !== undefined) completed[key] = body[key]
      }
      channel.completed = completed
      return send(response, 201, statusOf(channel))
    }
    send(response, 404, { error: 'Not found' })
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    port,
    channels: () => [...channels.values()],
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

function stringOf(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key]
  return typeof value === 'string' && value !== '' ? value : undefined
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > MAX_BODY_BYTES) throw new Error('The body is too large.')
    chunks.push(chunk as Buffer)
  }
  try {
    const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}')
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}
