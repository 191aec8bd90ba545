import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import * as z from 'zod/mini'
import { FrameRpcError, InvalidRpcParamsError, UnsupportedMethodError } from './rpcErrors.js'

export interface SolanaSigner {
  address: string
  /** Answers one Solana wallet request of the frame. */
  request(request: { method: string; params?: unknown }): Promise<unknown>
}

// SPEC §5: a Solana message signature needs the message and the signer's public key.
const signMessageSchema = z.object({ message: z.string(), pubkey: z.string() })

/** Creates the frame's Solana signer over a 64-byte ed25519 secret key (seed then public key). */
export function createSolanaSigner(secretKey: Uint8Array): SolanaSigner {
  const seed = secretKey.slice(0, 32)
  const address = base58.encode(ed25519.getPublicKey(seed))

  return {
    address,
    async request({ method, params }) {
      switch (method) {
        case 'solana_signMessage': {
          const parsed = signMessageSchema.safeParse(params)
          if (!parsed.success) throw new InvalidRpcParamsError(method, z.prettifyError(parsed.error))
          if (parsed.data.pubkey !== address) {
            throw new FrameRpcError(`The account ${parsed.data.pubkey} is not this wallet's account.`, 4100)
          }
          let message: Uint8Array
          try {
            message = base58.decode(parsed.data.message)
          } catch {
            throw new InvalidRpcParamsError(method, 'the message must be base58-encoded bytes')
          }
          return { signature: base58.encode(ed25519.sign(message, seed)) }
        }
        case 'solana_signTransaction':
        case 'solana_signAndSendTransaction':
        case 'solana_signAllTransactions':
          throw new UnsupportedMethodError(method, 'is not supported yet by the embedded wallet')
        default:
          throw new UnsupportedMethodError(method)
      }
    },
  }
}
