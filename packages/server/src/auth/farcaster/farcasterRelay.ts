/**
 * The server's client of a Farcaster Connect relay (FIP-11): it opens a sign-in channel and reads
 * its status. Every call has a timeout, and every answer is checked before use: the relay is
 * another party, and what it returns proves nothing until the server verified the signature.
 */
import { BaseError } from '@portico/core/errors'
import { z } from 'zod'

/** The relay could not be reached or answered something unexpected. */
export class FarcasterRelayError extends BaseError {
  override name = 'FarcasterRelayError' as const
}
export type FarcasterRelayErrorType = FarcasterRelayError & { name: 'FarcasterRelayError' }

const REQUEST_TIMEOUT_MS = 10_000

const createdSchema = z.object({ channelToken: z.string().min(1).max(512), url: z.url().max(4096) })
const completedSchema = z.looseObject({
  state: z.literal('completed'),
  message: z.string().min(1).max(8192),
  signature: z
    .string()
    .regex(/^0x[0-9a-fA-F]+$/)
    .max(4096),
})

export type FarcasterChannelStatus =
  | { state: 'pending' }
  | { state: 'expired' }
  | { state: 'completed'; message: string; signature: `0x${string}`; payload: Record<string, unknown> }

export interface FarcasterRelayClient {
  createChannel(request: {
    siweUri: string
    domain: string
    nonce: string
    notBefore: string
    expirationTime: string
  }): Promise<{ channelToken: string; url: string }>
  status(channelToken: string, signal?: AbortSignal): Promise<FarcasterChannelStatus>
}

async function call(url: string, init: RequestInit, signal?: AbortSignal): Promise<Response> {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS)
  try {
    return await fetch(url, { ...init, signal: signal ? AbortSignal.any([signal, timeout]) : timeout })
  } catch (error) {
    throw new FarcasterRelayError(`The Farcaster relay at ${new URL(url).origin} could not be reached.`, {
      cause: error,
    })
  }
}

async function jsonOf(response: Response, what: string): Promise<unknown> {
  try {
    return await response.json()
  } catch (error) {
    throw new FarcasterRelayError(`The Farcaster relay's answer to ${what} is not JSON.`, { cause: error })
  }
}

/**
 * A client of the relay at `relayUrl` (`https://relay.farcaster.xyz`, or a local one in tests).
 * @example
 * const relay = createFarcasterRelayClient('https://relay.farcaster.xyz')
 */
export function createFarcasterRelayClient(relayUrl: string): FarcasterRelayClient {
  const base = relayUrl.replace(/\/+$/, '')
  return {
    async createChannel(request) {
      const response = await call(`${base}/v1/channel`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(request),
      })
      const body = await jsonOf(response, 'opening a channel')
      const parsed = createdSchema.safeParse(body)
      if (!response.ok || !parsed.success) {
        throw new FarcasterRelayError(`The Farcaster relay did not open a channel (HTTP ${response.status}).`)
      }
      return parsed.data
    },
    async status(channelToken, signal) {
      const response = await call(
        `${base}/v1/channel/status`,
        { headers: { authorization: `Bearer ${channelToken}` } },
        signal,
      )
      // The relay forgets a channel once it expires, and then refuses its token.
      if (response.status === 401 || response.status === 404) return { state: 'expired' }
      const body = await jsonOf(response, 'a channel status')
      if (response.status === 202) return { state: 'pending' }
      if (response.status === 200) {
        const parsed = completedSchema.safeParse(body)
        if (parsed.success) {
          const { message, signature, ...payload } = parsed.data
          return { state: 'completed', message, signature: signature as `0x${string}`, payload }
        }
        if ((body as { state?: unknown } | undefined)?.state === 'pending') return { state: 'pending' }
      }
      throw new FarcasterRelayError(
        `The Farcaster relay answered a channel status with HTTP ${response.status}.`,
      )
    },
  }
}
