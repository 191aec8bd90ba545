import { InvalidResponseError } from '@portico/core'
import {
  type Address,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  type SignatureBytes,
} from '@solana/kit'
import { checkBase58Signature } from './checkBase58Signature.js'
import { SignAndSendUnsupportedError, type SolanaTransactionSigner } from './transactionSigner.js'

/** Sends one WalletConnect request for the send's chain; the adapter's WalletConnect connection provides it. */
export type WalletConnectSolanaRequest = (method: string, params: unknown) => Promise<unknown>

// JSON-RPC "method not found", EIP-1193 "unsupported method" and WalletConnect's UNSUPPORTED_METHODS.
const UNSUPPORTED_METHOD_CODES = new Set([-32601, 4200, 5101])
// sign-client refuses, before sending, a method the session did not approve: "Missing or invalid.
// request() method: solana_signAndSendTransaction".
const UNSUPPORTED_METHOD_MESSAGE =
  /request\(\) method|unsupported method|method not (found|supported)|does not support solana_signAndSend/i

/** Whether a request failed because the wallet does not offer the method (not because the visitor refused). */
export function isUnsupportedMethod(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    if (typeof current !== 'object')
      return typeof current === 'string' && UNSUPPORTED_METHOD_MESSAGE.test(current)
    const { code, message, details, cause } = current as Record<string, unknown>
    if (typeof code === 'number' && UNSUPPORTED_METHOD_CODES.has(code)) return true
    for (const text of [message, details])
      if (typeof text === 'string' && UNSUPPORTED_METHOD_MESSAGE.test(text)) return true
    current = cause
  }
  return false
}

/**
 * The signer of a WalletConnect session's Solana account, in WalletConnect's Solana JSON-RPC shapes:
 * `solana_signAndSendTransaction { transaction, sendOptions }` → `{ signature }`, and
 * `solana_signTransaction { transaction }` → `{ signature, transaction? }` (base64 wire format).
 */
export function createWalletConnectSigner(parameters: {
  name: string
  address: string
  request: WalletConnectSolanaRequest
}): SolanaTransactionSigner {
  const { address, request } = parameters
  const base64 = (bytes: Uint8Array) => getBase64Decoder().decode(bytes)
  return {
    name: parameters.name,
    async signAndSend({ transaction, options }) {
      let result: unknown
      try {
        result = await request('solana_signAndSendTransaction', {
          transaction: base64(transaction),
          sendOptions: options,
        })
      } catch (error) {
        if (isUnsupportedMethod(error)) throw new SignAndSendUnsupportedError({ cause: error })
        throw error
      }
      return checkBase58Signature((result as { signature?: unknown } | null)?.signature)
    },
    async signTransaction({ transaction }) {
      const result = (await request('solana_signTransaction', { transaction: base64(transaction) })) as {
        signature?: unknown
        transaction?: unknown
      } | null
      const signature =
        result?.signature === undefined
          ? undefined
          : checkBase58Signature(result.signature, 'signed transaction')
      if (typeof result?.transaction === 'string') {
        let signed: Uint8Array
        try {
          signed = new Uint8Array(getBase64Encoder().encode(result.transaction))
          const ownSignature = getTransactionDecoder().decode(signed).signatures[address as Address]
          // A wallet answering both must agree with itself; the node checks the signature itself.
          if (signature && (!ownSignature || !sameBytes(ownSignature, getBase58Encoder().encode(signature))))
            throw new Error('the signature is not the one in the transaction')
        } catch (error) {
          throw new InvalidResponseError('signed transaction', { cause: error })
        }
        return signed
      }
      // Wallets that follow the older shape answer only the signature: it goes into our transaction.
      if (!signature) throw new InvalidResponseError('signed transaction')
      const unsigned = getTransactionDecoder().decode(transaction)
      if (!(address in unsigned.signatures))
        throw new InvalidResponseError('signed transaction', { details: `${address} is not a signer.` })
      const signatures = {
        ...unsigned.signatures,
        [address]: new Uint8Array(getBase58Encoder().encode(signature)) as SignatureBytes,
      }
      return new Uint8Array(getTransactionEncoder().encode({ ...unsigned, signatures }))
    },
  }
}

function sameBytes(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false
  return true
}
