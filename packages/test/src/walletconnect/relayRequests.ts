// The relay's side of the WalletConnect relay protocol (irn_* JSON-RPC), as @walletconnect/core 2.21.8
// speaks it. Incoming frames are checked by hand: this package has no schema library, and a frame
// that does not fit is answered with a JSON-RPC error instead of being acted on.

/** JSON-RPC error codes the relay answers with. */
export const RelayErrorCode = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
} as const

/** A relay request the relay refuses, answered to the client as a JSON-RPC error. */
export class RelayRequestError extends Error {
  override name = 'RelayRequestError'
  readonly code: number

  constructor(code: number, message: string) {
    super(message)
    this.code = code
  }
}

export type RpcId = number | string

export interface RelayRequest {
  id: RpcId
  method: string
  params: Record<string, unknown>
}

export interface RelayResponse {
  id: RpcId
  result?: unknown
  error?: { code: number; message: string }
}

/** One message as a publisher hands it over (irn_publish params). */
export interface PublishParams {
  topic: string
  message: string
  /** Seconds the relay keeps the message for subscribers that have not received it yet. */
  ttl: number
  tag: number
  attestation?: string
}

/** Parses one WebSocket frame into a request or a response, throwing RelayRequestError when it is neither. */
export function parseFrame(raw: string): RelayRequest | RelayResponse {
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    throw new RelayRequestError(RelayErrorCode.parseError, 'The frame is not JSON.')
  }
  if (!isRecord(value))
    throw new RelayRequestError(RelayErrorCode.invalidRequest, 'The frame is not an object.')
  const id = value.id
  if (typeof id !== 'number' && typeof id !== 'string') {
    throw new RelayRequestError(RelayErrorCode.invalidRequest, 'The frame has no JSON-RPC id.')
  }
  if (typeof value.method === 'string') {
    const params = value.params === undefined ? {} : value.params
    if (!isRecord(params)) {
      throw new RelayRequestError(RelayErrorCode.invalidParams, `${value.method} params are not an object.`)
    }
    return { id, method: value.method, params }
  }
  if ('result' in value) return { id, result: value.result }
  if (isRecord(value.error)) {
    return { id, error: { code: Number(value.error.code), message: String(value.error.message) } }
  }
  throw new RelayRequestError(RelayErrorCode.invalidRequest, 'The frame is neither a request nor a response.')
}

/** Reads a required string field of a request's params. */
export function readString(params: Record<string, unknown>, key: string, method: string): string {
  const value = params[key]
  if (typeof value !== 'string' || value.length === 0) {
    throw new RelayRequestError(RelayErrorCode.invalidParams, `${method} needs a non-empty string "${key}".`)
  }
  return value
}

/** Reads a required array of strings of a request's params. */
export function readStringArray(params: Record<string, unknown>, key: string, method: string): string[] {
  const value = params[key]
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string' && item.length > 0)) {
    throw new RelayRequestError(
      RelayErrorCode.invalidParams,
      `${method} needs "${key}" as an array of strings.`,
    )
  }
  return value as string[]
}

/** Reads the params of one message to publish; `defaults` fills what publishCustom leaves out. */
export function readPublishParams(
  params: Record<string, unknown>,
  method: string,
  defaults: { ttl: number; tag: number },
): PublishParams {
  const topic = readString(params, 'topic', method)
  const message = readString(params, 'message', method)
  const ttl = params.ttl === undefined ? defaults.ttl : params.ttl
  if (typeof ttl !== 'number' || !Number.isFinite(ttl) || ttl <= 0) {
    throw new RelayRequestError(RelayErrorCode.invalidParams, `${method} needs a positive number "ttl".`)
  }
  const tag = params.tag === undefined ? defaults.tag : params.tag
  if (typeof tag !== 'number') {
    throw new RelayRequestError(RelayErrorCode.invalidParams, `${method} needs a number "tag".`)
  }
  const attestation = typeof params.attestation === 'string' ? params.attestation : undefined
  return { topic, message, ttl, tag, ...(attestation ? { attestation } : {}) }
}

/**
 * Reads who a client is from the `auth` query parameter: the `iss` (a did:key) of the JWT the client
 * signs. The signature is NOT checked: this is a test relay, and any projectId or auth is accepted.
 */
export function readClientIdFromAuth(auth: string | null): string | undefined {
  const payload = auth?.split('.')[1]
  if (!payload) return undefined
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
    return isRecord(claims) && typeof claims.iss === 'string' ? claims.iss : undefined
  } catch {
    return undefined
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
