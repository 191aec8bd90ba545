import type { CaipNetworkId, Logger, SiwxCacao, SiwxMessageData, SiwxSession } from '@portico/core'

/** A CACAO as sign-client 2.21.8 hands it over after a wallet signed in while pairing. */
export interface RawCacao {
  h?: { t?: unknown }
  p: Record<string, unknown>
  s: { t?: unknown; s?: unknown }
}

// did:pkh:eip155:<chain id>:<address>, the issuer of an EVM sign-in.
const EIP155_ISSUER = /^did:pkh:eip155:(\d{1,32}):(0x[0-9a-fA-F]{40})$/

const optionalString = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined

/**
 * Turns the CACAOs a wallet signed while pairing into sign-in sessions (SPEC §3): each keeps the exact
 * text the wallet signed, written by `formatMessage` (sign-client's own formatter, the one wallets
 * use), and the fields read from it. A CACAO that is not an EVM sign-in, or whose fields are not
 * strings, is dropped and logged: the site then asks for a signature as usual. The signature itself
 * is checked by the site's sign-in storage when the session is added.
 */
export function toSignIns(
  cacaos: readonly unknown[],
  formatMessage: (payload: Record<string, unknown>, issuer: string) => string,
  logger?: Logger,
): SiwxSession[] {
  const sessions: SiwxSession[] = []
  for (const raw of cacaos) {
    try {
      sessions.push(toSignIn(raw as RawCacao, formatMessage))
    } catch (error) {
      logger?.warn('Dropped a sign-in the wallet signed while pairing', error)
    }
  }
  return sessions
}

function toSignIn(
  cacao: RawCacao,
  formatMessage: (payload: Record<string, unknown>, issuer: string) => string,
): SiwxSession {
  const payload = cacao?.p
  if (typeof payload !== 'object' || payload === null) throw new Error('The sign-in has no payload.')
  const issuer = payload.iss
  const match = typeof issuer === 'string' ? EIP155_ISSUER.exec(issuer) : null
  if (!match) throw new Error(`The sign-in's issuer ${JSON.stringify(issuer)} is not an EVM account.`)
  const [, reference, address] = match as unknown as [string, string, string]
  const { domain, aud, version, nonce, iat } = payload
  for (const [field, value] of Object.entries({ domain, aud, version, nonce, iat }))
    if (typeof value !== 'string' || value === '') throw new Error(`The sign-in's ${field} is missing.`)
  if (version !== '1') throw new Error(`The sign-in's version ${JSON.stringify(version)} is not 1.`)
  const signature = cacao.s?.s
  if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]+$/.test(signature))
    throw new Error('The sign-in carries no hex signature.')
  const signatureType = typeof cacao.s.t === 'string' ? cacao.s.t : 'eip191'

  const message = formatMessage(payload, issuer as string)
  // The statement line is the site's statement plus, when the request carried a ReCap, the sentence
  // the formatter adds for it: read it from the text so the fields say what was signed.
  const lines = message.split('\n')
  const statement = lines[4] === '' && lines[3] !== '' ? lines[3] : undefined
  const resources = Array.isArray(payload.resources)
    ? payload.resources.filter((resource): resource is string => typeof resource === 'string')
    : []
  const data: SiwxMessageData = {
    domain: domain as string,
    accountAddress: address,
    uri: aud as string,
    version: '1',
    chainId: `eip155:${reference}` as CaipNetworkId,
    nonce: nonce as string,
    issuedAt: iat as string,
  }
  if (statement !== undefined) data.statement = statement
  const expirationTime = optionalString(payload.exp)
  const notBefore = optionalString(payload.nbf)
  const requestId = optionalString(payload.requestId)
  if (expirationTime !== undefined) data.expirationTime = expirationTime
  if (notBefore !== undefined) data.notBefore = notBefore
  if (requestId !== undefined) data.requestId = requestId
  if (resources.length > 0) data.resources = resources

  const signedCacao: SiwxCacao = {
    h: { t: 'caip122' },
    p: {
      domain: data.domain,
      iss: `eip155:${reference}:${address}`,
      aud: data.uri,
      version: '1',
      nonce: data.nonce,
      iat: data.issuedAt,
      ...(notBefore !== undefined ? { nbf: notBefore } : {}),
      ...(expirationTime !== undefined ? { exp: expirationTime } : {}),
      ...(statement !== undefined ? { statement } : {}),
      ...(requestId !== undefined ? { requestId } : {}),
      ...(resources.length > 0 ? { resources } : {}),
    },
    s: { t: signatureType, s: signature },
  }
  return { data, message, signature, cacao: signedCacao }
}
