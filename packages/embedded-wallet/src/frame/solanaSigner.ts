import { ed25519 } from '@noble/curves/ed25519'
import { base58, base64 } from '@scure/base'
import {
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
  type SignatureBytes,
  type Transaction,
} from '@solana/kit'
import * as z from 'zod/mini'
import { solanaSendOptionsSchema } from '../protocol/rpc.js'
import { FrameRpcError, InvalidRpcParamsError, UnsupportedMethodError } from './rpcErrors.js'

export interface SolanaSignerOptions {
  /** The JSON-RPC endpoint of a Solana cluster (the server's proxy) for a CAIP-2 id such as `solana:5eykt4…`. */
  rpcUrl?: (caipNetworkId: string) => string
  /** The fetch used to reach the endpoint; the frame's global one by default. */
  fetch?: typeof fetch
}

export interface SolanaRequest {
  method: string
  params?: unknown
  /** The CAIP-2 chain of the request; sending needs a `solana:` one. */
  chainId?: string
}

export interface SolanaSigner {
  address: string
  /** Answers one Solana wallet request of the frame. */
  request(request: SolanaRequest): Promise<unknown>
  /**
   * Throws what `request` would refuse before signing (malformed params, a transaction this wallet
   * does not sign, a send without a Solana chain), so the visitor is never asked to approve it.
   */
  check(request: SolanaRequest): void
}

/** SPEC §8's text for a Solana send that failed; the node's own error travels in `data`. */
export const SOLANA_SEND_FAILED_MESSAGE = 'Failed to send transaction. Please try again.'

/** The node refused a signed Solana transaction, or could not be reached; `data` holds its JSON-RPC error. */
export class SolanaSendTransactionError extends FrameRpcError {
  override name = 'SolanaSendTransactionError' as const
  constructor(code: number, nodeError: unknown, options?: { cause?: unknown }) {
    super(SOLANA_SEND_FAILED_MESSAGE, code, { ...options, data: nodeError })
  }
}
export type SolanaSendTransactionErrorType = SolanaSendTransactionError & {
  name: 'SolanaSendTransactionError'
}

/** The transaction does not need this wallet's signature, so signing it would do nothing (EIP-1193 4100). */
export class NotATransactionSignerError extends FrameRpcError {
  override name = 'NotATransactionSignerError' as const
  constructor(address: string, index?: number) {
    super(
      `This wallet (${address}) is not a required signer of the transaction${index === undefined ? '' : ` at index ${index}`}.`,
      4100,
    )
  }
}
export type NotATransactionSignerErrorType = NotATransactionSignerError & {
  name: 'NotATransactionSignerError'
}

// SPEC §5: a Solana message signature needs the message and the signer's public key.
const signMessageSchema = z.object({ message: z.string(), pubkey: z.string() })
const transactionText = z.string().check(z.minLength(1))
const signTransactionSchema = z.strictObject({ transaction: transactionText })
const signAllTransactionsSchema = z.strictObject({
  transactions: z.array(transactionText).check(z.minLength(1)),
})
const signAndSendSchema = z.strictObject({
  transaction: transactionText,
  options: z.optional(solanaSendOptionsSchema),
})

// SPEC §5 allows web3.js 1.x's retired commitment names; current nodes know only the three levels,
// which the retired names were aliases of.
const COMMITMENT_ALIASES: Record<string, 'processed' | 'confirmed' | 'finalized'> = {
  processed: 'processed',
  recent: 'processed',
  confirmed: 'confirmed',
  single: 'confirmed',
  singleGossip: 'confirmed',
  finalized: 'finalized',
  root: 'finalized',
  max: 'finalized',
}

type WireEncoding = 'base58' | 'base64'

interface WireTransaction {
  transaction: Transaction
  encoding: WireEncoding
}

/**
 * Creates the frame's Solana signer over a 64-byte ed25519 secret key (seed then public key).
 *
 * Transactions travel as serialized wire transactions (signatures then message, legacy or v0). The
 * protocol's encoding is base58, as for `solana_signMessage` and as the page's Solana provider sends
 * them; base64 (what `@solana/kit` produces with `getBase64EncodedWireTransaction`) is accepted too,
 * and a signed transaction is answered in the encoding it came in.
 */
export function createSolanaSigner(secretKey: Uint8Array, options: SolanaSignerOptions = {}): SolanaSigner {
  const seed = secretKey.slice(0, 32)
  const address = base58.encode(ed25519.getPublicKey(seed))

  /** Reads a wire transaction this wallet is a required signer of, or refuses it. */
  function signable(method: string, text: string, index?: number): WireTransaction {
    const wire = decodeWireTransaction(method, text, index)
    if (!Object.hasOwn(wire.transaction.signatures, address))
      throw new NotATransactionSignerError(address, index)
    return wire
  }

  /** Puts this wallet's signature in its slot, keeping every other signature as it was. */
  function sign(wire: WireTransaction): WireTransaction {
    const signature = ed25519.sign(Uint8Array.from(wire.transaction.messageBytes), seed) as SignatureBytes
    const signatures = { ...wire.transaction.signatures, [address]: signature }
    return { encoding: wire.encoding, transaction: { ...wire.transaction, signatures } }
  }

  async function send(
    transaction: Transaction,
    chainId: string,
    sendOptions: z.infer<typeof solanaSendOptionsSchema> | undefined,
  ): Promise<string> {
    const rpcUrl = options.rpcUrl
    if (!rpcUrl) throw new FrameRpcError(`No RPC endpoint is configured for ${chainId}.`, 4901)
    const config: Record<string, unknown> = { encoding: 'base64' }
    if (sendOptions?.skipPreflight !== undefined) config.skipPreflight = sendOptions.skipPreflight
    if (sendOptions?.preflightCommitment !== undefined)
      config.preflightCommitment = COMMITMENT_ALIASES[sendOptions.preflightCommitment]
    if (sendOptions?.maxRetries !== undefined) config.maxRetries = sendOptions.maxRetries
    if (sendOptions?.minContextSlot !== undefined) config.minContextSlot = sendOptions.minContextSlot
    const wire = base64.encode(getTransactionEncoder().encode(transaction) as Uint8Array)
    // A plain JSON-RPC call rather than kit's client: the node's error object reaches `data` untouched.
    let body: { result?: unknown; error?: { code?: unknown } }
    try {
      const response = await (options.fetch ?? fetch)(rpcUrl(chainId), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [wire, config] }),
      })
      body = (await response.json()) as typeof body
    } catch (error) {
      throw new SolanaSendTransactionError(-32603, { message: String(error) }, { cause: error })
    }
    if (body.error !== undefined) {
      const code = typeof body.error.code === 'number' ? body.error.code : -32603
      throw new SolanaSendTransactionError(code, body.error)
    }
    if (typeof body.result !== 'string') throw new SolanaSendTransactionError(-32603, body)
    return body.result
  }

  type Prepared =
    | { method: 'solana_signMessage'; message: Uint8Array }
    | { method: 'solana_signTransaction'; wire: WireTransaction }
    | { method: 'solana_signAllTransactions'; wires: WireTransaction[] }
    | {
        method: 'solana_signAndSendTransaction'
        wire: WireTransaction
        chainId: string
        options: z.infer<typeof solanaSendOptionsSchema> | undefined
      }

  /** Everything about a request that can be refused before signing; signs nothing. */
  function prepare({ method, params, chainId }: SolanaRequest): Prepared {
    const parse = <T>(schema: z.ZodMiniType<T>): T => {
      const parsed = schema.safeParse(params)
      if (!parsed.success) throw new InvalidRpcParamsError(method, z.prettifyError(parsed.error))
      return parsed.data
    }
    switch (method) {
      case 'solana_signMessage': {
        const data = parse(signMessageSchema)
        if (data.pubkey !== address) {
          throw new FrameRpcError(`The account ${data.pubkey} is not this wallet's account.`, 4100)
        }
        try {
          return { method, message: base58.decode(data.message) }
        } catch {
          throw new InvalidRpcParamsError(method, 'the message must be base58-encoded bytes')
        }
      }
      case 'solana_signTransaction':
        return { method, wire: signable(method, parse(signTransactionSchema).transaction) }
      case 'solana_signAllTransactions':
        // All or nothing: every transaction is checked before any is signed.
        return {
          method,
          wires: parse(signAllTransactionsSchema).transactions.map((text, index) =>
            signable(method, text, index),
          ),
        }
      case 'solana_signAndSendTransaction': {
        const data = parse(signAndSendSchema)
        const wire = signable(method, data.transaction)
        if (chainId === undefined || !chainId.startsWith('solana:')) {
          throw new FrameRpcError(
            `${method} needs a Solana chain (solana:…), not ${chainId ?? 'none'}.`,
            4901,
          )
        }
        if (!options.rpcUrl) throw new FrameRpcError(`No RPC endpoint is configured for ${chainId}.`, 4901)
        return { method, wire, chainId, options: data.options }
      }
      default:
        throw new UnsupportedMethodError(method)
    }
  }

  return {
    address,
    check(request) {
      prepare(request)
    },
    async request(request) {
      const prepared = prepare(request)
      switch (prepared.method) {
        case 'solana_signMessage':
          return { signature: base58.encode(ed25519.sign(prepared.message, seed)) }
        case 'solana_signTransaction':
          return { transaction: encodeWireTransaction(sign(prepared.wire)) }
        case 'solana_signAllTransactions':
          return { transactions: prepared.wires.map((wire) => encodeWireTransaction(sign(wire))) }
        case 'solana_signAndSendTransaction': {
          const { transaction } = sign(prepared.wire)
          return {
            signature: await send(transaction, prepared.chainId, prepared.options),
          }
        }
      }
    },
  }
}

/** Reads a base58 (the protocol's) or base64 wire transaction of version legacy or 0, or refuses it. */
function decodeWireTransaction(method: string, text: string, index?: number): WireTransaction {
  for (const encoding of ['base58', 'base64'] as const) {
    let bytes: Uint8Array
    try {
      bytes = encoding === 'base58' ? base58.decode(text) : base64.decode(text)
    } catch {
      continue
    }
    const transaction = readTransaction(bytes)
    if (transaction) return { transaction, encoding }
  }
  const which = index === undefined ? 'the transaction' : `transaction ${index}`
  throw new InvalidRpcParamsError(
    method,
    `${which} must be a base58- or base64-encoded legacy or v0 wire transaction`,
  )
}

function readTransaction(bytes: Uint8Array): Transaction | undefined {
  try {
    const transaction = getTransactionDecoder().decode(bytes)
    const [message, end] = getCompiledTransactionMessageDecoder().read(transaction.messageBytes, 0)
    // Bytes after the message would be signed but never executed: such input is not a transaction.
    if (end !== transaction.messageBytes.length) return undefined
    if (message.version !== 'legacy' && message.version !== 0) return undefined
    return transaction
  } catch {
    return undefined
  }
}

function encodeWireTransaction({ transaction, encoding }: WireTransaction): string {
  const bytes = getTransactionEncoder().encode(transaction) as Uint8Array
  return encoding === 'base58' ? base58.encode(bytes) : base64.encode(bytes)
}
