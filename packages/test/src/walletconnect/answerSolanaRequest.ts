import {
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
  type KeyPairSigner,
  signBytes,
} from '@solana/kit'
import { sendWireTransaction } from '../solana/wallet/sendWireTransaction.js'
import { signWireTransaction } from '../solana/wallet/signWireTransaction.js'
import type { SolanaSignAndSendTransactionOptions } from '../solana/wallet/walletStandard.js'
import { WalletErrorCode, WalletRpcError } from '../wallet/errors.js'

/**
 * Solana methods the WalletConnect test wallet answers, in WalletConnect's documented JSON-RPC
 * shapes (docs.walletconnect.network, Solana RPC reference).
 */
export const TEST_WALLETCONNECT_SOLANA_METHODS = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
  'solana_signAllTransactions',
] as const

export interface SolanaRequestContext {
  signer: KeyPairSigner
  /** Where `solana_signAndSendTransaction` sends the signed transaction. */
  rpcUrl: string
}

/** Answers one `solana:` request the way a wallet would after its user approved it. */
export async function answerSolanaRequest(
  context: SolanaRequestContext,
  method: string,
  params: unknown,
): Promise<unknown> {
  const record = params && typeof params === 'object' ? (params as Record<string, unknown>) : {}
  switch (method) {
    case 'solana_signMessage': {
      const message = decodeBase58(record.message, 'message')
      if (record.pubkey !== context.signer.address) {
        throw new WalletRpcError(
          WalletErrorCode.unauthorized,
          `The test wallet does not hold ${String(record.pubkey)}.`,
        )
      }
      const signature = await signBytes(context.signer.keyPair.privateKey, message)
      return { signature: getBase58Decoder().decode(signature) }
    }
    case 'solana_signTransaction': {
      const signed = await signBase64(context.signer, record.transaction)
      return { signature: feePayerSignature(context.signer, signed), transaction: signed }
    }
    case 'solana_signAndSendTransaction': {
      const signed = await signBase64(context.signer, record.transaction)
      const signature = await sendWireTransaction(context.rpcUrl, signed, readSendOptions(record.sendOptions))
      return { signature }
    }
    case 'solana_signAllTransactions': {
      if (!Array.isArray(record.transactions))
        throw invalidParams('solana_signAllTransactions needs a list of base64 transactions.')
      const transactions: string[] = []
      for (const transaction of record.transactions)
        transactions.push(await signBase64(context.signer, transaction))
      return { transactions }
    }
    default:
      throw new WalletRpcError(
        WalletErrorCode.unsupportedMethod,
        `The test wallet does not support ${method}.`,
      )
  }
}

async function signBase64(signer: KeyPairSigner, value: unknown): Promise<string> {
  if (typeof value !== 'string' || value.length === 0)
    throw invalidParams('The transaction must be a base64 string.')
  let bytes: Uint8Array
  try {
    bytes = new Uint8Array(getBase64Encoder().encode(value))
  } catch {
    throw invalidParams('The transaction is not valid base64.')
  }
  const signed = await signWireTransaction(signer, bytes)
  return getBase64Decoder().decode(signed)
}

/** The wallet's own signature in a signed wire transaction, base58 as WalletConnect answers it. */
function feePayerSignature(signer: KeyPairSigner, base64Transaction: string): string {
  const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(base64Transaction))
  const signature = transaction.signatures[signer.address]
  if (!signature) throw new WalletRpcError(WalletErrorCode.internal, 'The signature went missing.')
  return getBase58Decoder().decode(signature)
}

function decodeBase58(value: unknown, field: string): Uint8Array {
  if (typeof value !== 'string') throw invalidParams(`${field} must be a base58 string.`)
  try {
    return new Uint8Array(getBase58Encoder().encode(value))
  } catch {
    throw invalidParams(`${field} is not valid base58.`)
  }
}

/** The send options a dapp may pass; anything malformed is refused rather than ignored. */
function readSendOptions(value: unknown): SolanaSignAndSendTransactionOptions {
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object') throw invalidParams('sendOptions must be an object.')
  const options = value as Record<string, unknown>
  const read: {
    -readonly [K in keyof SolanaSignAndSendTransactionOptions]: SolanaSignAndSendTransactionOptions[K]
  } = {}
  if (options.skipPreflight !== undefined) {
    if (typeof options.skipPreflight !== 'boolean') throw invalidParams('skipPreflight must be a boolean.')
    read.skipPreflight = options.skipPreflight
  }
  for (const key of ['preflightCommitment', 'commitment'] as const) {
    const commitment = options[key]
    if (commitment === undefined) continue
    if (typeof commitment !== 'string') throw invalidParams(`${key} must be a string.`)
    read[key] = commitment as NonNullable<SolanaSignAndSendTransactionOptions[typeof key]>
  }
  for (const key of ['maxRetries', 'minContextSlot'] as const) {
    const number = options[key]
    if (number === undefined) continue
    if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 0)
      throw invalidParams(`${key} must be a whole number.`)
    read[key] = number
  }
  return read
}

function invalidParams(message: string): WalletRpcError {
  return new WalletRpcError(WalletErrorCode.invalidParams, message)
}
