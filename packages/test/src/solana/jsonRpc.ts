// JSON-RPC 2.0 plumbing shared by the test validator's methods: errors in the node's own codes, and
// JSON text that keeps u64 values (lamports, slots, rentEpoch) exact, as the real node writes them.

/** An error the test validator answers in a JSON-RPC `error` member, with a validator's code and message. */
export class SolanaRpcError extends Error {
  override name = 'SolanaRpcError'
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

// The codes Agave's JSON-RPC service uses for the cases this server reproduces.
export const RPC_ERROR = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  sendTransactionPreflightFailure: -32002,
  transactionSignatureVerificationFailure: -32003,
  transactionHistoryNotAvailable: -32011,
  unsupportedTransactionVersion: -32015,
  minContextSlotNotReached: -32016,
} as const

/** The `Invalid params` error a validator gives, with its detail after the colon. */
export function invalidParams(detail: string): SolanaRpcError {
  return new SolanaRpcError(RPC_ERROR.invalidParams, `Invalid params: ${detail}.`)
}

/** The error a validator gives for an address or signature parameter it cannot read. */
export function invalidParam(detail = 'Invalid'): SolanaRpcError {
  return new SolanaRpcError(RPC_ERROR.invalidParams, `Invalid param: ${detail}`)
}

/** Serialises a JSON value, writing bigints as plain JSON numbers so u64 values above 2^53 stay exact. */
export function stringifyJson(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  switch (typeof value) {
    case 'bigint':
      return value.toString()
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null'
    case 'string':
    case 'boolean':
      return JSON.stringify(value)
    case 'object': {
      if (Array.isArray(value)) return `[${value.map(stringifyJson).join(',')}]`
      const members: string[] = []
      for (const [key, member] of Object.entries(value)) {
        if (member === undefined) continue
        members.push(`${JSON.stringify(key)}:${stringifyJson(member)}`)
      }
      return `{${members.join(',')}}`
    }
    default:
      return 'null'
  }
}

/** A params array element as a plain object config, or an empty one when absent. */
export function configAt(params: readonly unknown[], index: number): Record<string, unknown> {
  const config = params[index]
  if (config === undefined || config === null) return {}
  if (typeof config !== 'object' || Array.isArray(config)) throw invalidParams('the config must be an object')
  return config as Record<string, unknown>
}

/** A string parameter at `index`, or the validator's invalid-params error. */
export function stringAt(params: readonly unknown[], index: number, what: string): string {
  const value = params[index]
  if (typeof value !== 'string') throw invalidParams(`${what} must be a string`)
  return value
}

/** A non-negative integer parameter (bigint or number) at `index`. */
export function u64At(params: readonly unknown[], index: number, what: string): bigint {
  const value = params[index]
  const parsed = toU64(value)
  if (parsed === undefined) throw invalidParams(`${what} must be a non-negative integer`)
  return parsed
}

/** A non-negative integer as bigint, or undefined for anything else. */
export function toU64(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value >= 0n ? value : undefined
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return BigInt(value)
  return undefined
}
