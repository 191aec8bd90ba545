import type { SiwxMessageData, SiwxSession } from '@portico/core'
import { SiwxMessageError, SiwxVerificationError } from './errors.js'
import { parseSiwxMessage, splitChainId } from './message.js'
import type { SiwxVerifier } from './verifier.js'

/** How far ahead of ours a wallet's or a browser's clock may run before `issuedAt` is refused. */
export const SIWX_CLOCK_TOLERANCE_MS = 60_000

export interface VerifySiwxOptions {
  /** One per namespace to accept; a message of any other namespace is refused. */
  verifiers: readonly SiwxVerifier[]
  /** The site's `host[:port]`; the message's domain must be exactly this. */
  domain?: string
  /** The site's origin (`https://shop.example`); the message's URI must be on it. */
  origin?: string
  /** The nonce this sign-in was issued; the message must carry it. */
  nonce?: string
  /** The time to check against, in ms since the epoch. Now when absent. */
  now?: number
  /** Tolerance for clocks ahead of ours, applied to `issuedAt` and `notBefore`. */
  clockToleranceMs?: number
}

function time(value: string): number {
  return Date.parse(value)
}

/**
 * Checks a signed sign-in message: its form, domain, URI, chain, nonce, time window, then the
 * signature. Resolves the message's fields; throws `SiwxVerificationError` with the first failed
 * check as `reason`.
 *
 * @example
 * const data = await verifySiwxMessage({ message, signature }, {
 *   verifiers: [eip155Verifier()], domain: 'shop.example', origin: 'https://shop.example',
 * })
 */
export async function verifySiwxMessage(
  signed: { message: string; signature: string },
  options: VerifySiwxOptions,
): Promise<SiwxMessageData> {
  let data: SiwxMessageData
  try {
    data = parseSiwxMessage(signed.message)
  } catch (error) {
    const details = error instanceof SiwxMessageError ? (error.details ?? error.shortMessage) : String(error)
    throw new SiwxVerificationError('INVALID_MESSAGE', `The sign-in message is malformed: ${details}`, {
      cause: error,
    })
  }
  if (options.domain !== undefined && data.domain !== options.domain)
    throw new SiwxVerificationError(
      'DOMAIN_MISMATCH',
      `The message signs in to ${data.domain}, not to ${options.domain}.`,
    )
  if (options.origin !== undefined && new URL(data.uri).origin !== new URL(options.origin).origin)
    throw new SiwxVerificationError(
      'URI_MISMATCH',
      `The message's URI ${data.uri} is not on ${new URL(options.origin).origin}.`,
    )
  const { namespace } = splitChainId(data.chainId)
  const verifier = options.verifiers.find((candidate) => candidate.namespace === namespace)
  if (!verifier || (verifier.supports && !verifier.supports(data.chainId)))
    throw new SiwxVerificationError(
      'CHAIN_UNSUPPORTED',
      `Sign-in on ${data.chainId} is not accepted here: no verifier checks its signatures.`,
    )
  if (options.nonce !== undefined && data.nonce !== options.nonce)
    throw new SiwxVerificationError(
      'NONCE_MISMATCH',
      'The message carries another nonce than the one issued.',
    )

  const now = options.now ?? Date.now()
  const tolerance = options.clockToleranceMs ?? SIWX_CLOCK_TOLERANCE_MS
  if (time(data.issuedAt) > now + tolerance)
    throw new SiwxVerificationError(
      'NOT_YET_VALID',
      `The message was issued at ${data.issuedAt}, in the future: check the device's clock.`,
    )
  if (data.notBefore !== undefined && time(data.notBefore) > now + tolerance)
    throw new SiwxVerificationError('NOT_YET_VALID', `The message is not valid before ${data.notBefore}.`)
  if (data.expirationTime !== undefined && time(data.expirationTime) <= now)
    throw new SiwxVerificationError('EXPIRED', `The message expired at ${data.expirationTime}.`)

  const valid = await verifier.verify({ data, message: signed.message, signature: signed.signature })
  if (!valid)
    throw new SiwxVerificationError(
      'INVALID_SIGNATURE',
      `The signature is not ${data.accountAddress}'s signature of this message on ${data.chainId}.`,
    )
  return data
}

/**
 * `verifySiwxMessage` for a stored session: also refuses a session whose `data` does not match
 * its message, so what a site reads from `data` is what was signed.
 *
 * @example
 * await verifySiwxSession(session, { verifiers, domain: location.host })
 */
export async function verifySiwxSession(
  session: SiwxSession,
  options: VerifySiwxOptions,
): Promise<SiwxMessageData> {
  const data = await verifySiwxMessage(session, options)
  if (!sameData(data, session.data))
    throw new SiwxVerificationError(
      'INVALID_MESSAGE',
      "The session's data does not match its signed message.",
    )
  return data
}

function sameData(a: SiwxMessageData, b: SiwxMessageData): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof SiwxMessageData>
  for (const key of keys) {
    const left = a[key]
    const right = b[key]
    if (Array.isArray(left) || Array.isArray(right)) {
      if (JSON.stringify(left) !== JSON.stringify(right)) return false
    } else if (left !== right) return false
  }
  return true
}
