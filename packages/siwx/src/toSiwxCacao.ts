import type { SiwxCacao, SiwxSession } from '@portico/core'

/**
 * The CAIP-74 (CACAO) form of a signed session, for storing or passing on.
 *
 * @example
 * const cacao = toSiwxCacao(session, 'eip191')
 */
export function toSiwxCacao(session: Omit<SiwxSession, 'cacao'>, signatureType: string): SiwxCacao {
  const { data } = session
  const payload: SiwxCacao['p'] = {
    domain: data.domain,
    iss: `${data.chainId}:${data.accountAddress}`,
    aud: data.uri,
    version: data.version,
    nonce: data.nonce,
    iat: data.issuedAt,
  }
  if (data.notBefore !== undefined) payload.nbf = data.notBefore
  if (data.expirationTime !== undefined) payload.exp = data.expirationTime
  if (data.statement !== undefined) payload.statement = data.statement
  if (data.requestId !== undefined) payload.requestId = data.requestId
  if (data.resources !== undefined) payload.resources = [...data.resources]
  return { h: { t: 'caip122' }, p: payload, s: { t: signatureType, s: session.signature } }
}
