import {
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
  type KeyPairSigner,
  type SignatureBytes,
  signBytes,
} from '@solana/kit'
import { WalletErrorCode, WalletRpcError } from '../../wallet/errors.js'
import type { SolanaTransactionVersion } from './walletStandard.js'

/** The transaction versions the test wallet reads and signs. */
export const SUPPORTED_TRANSACTION_VERSIONS: readonly SolanaTransactionVersion[] = ['legacy', 0]

/**
 * Signs a wire-format transaction (legacy or v0) with one signer and returns it in wire format,
 * refusing bytes that are not a transaction and transactions that do not ask this signer to sign.
 */
export async function signWireTransaction(signer: KeyPairSigner, bytes: unknown): Promise<Uint8Array> {
  if (!(bytes instanceof Uint8Array))
    throw new WalletRpcError(WalletErrorCode.invalidParams, 'The transaction must be wire-format bytes.')
  let transaction: ReturnType<ReturnType<typeof getTransactionDecoder>['decode']>
  try {
    transaction = getTransactionDecoder().decode(bytes)
    const { version } = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
    if (!SUPPORTED_TRANSACTION_VERSIONS.includes(version as SolanaTransactionVersion))
      throw new Error(`version ${String(version)} is not supported`)
  } catch (error) {
    throw new WalletRpcError(
      WalletErrorCode.invalidParams,
      `The transaction could not be read: ${(error as Error).message}`,
    )
  }
  const { address } = signer
  if (!(address in transaction.signatures))
    throw new WalletRpcError(
      WalletErrorCode.invalidParams,
      `The transaction does not ask ${address} for a signature.`,
    )
  const signature = await signBytes(signer.keyPair.privateKey, transaction.messageBytes)
  // Other signers' signatures (and their empty slots) stay as they were.
  const signed = {
    ...transaction,
    signatures: { ...transaction.signatures, [address]: signature as SignatureBytes },
  }
  return new Uint8Array(getTransactionEncoder().encode(signed))
}
