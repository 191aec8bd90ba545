import { WalletErrorCode, WalletRpcError } from '../../wallet/errors.js'
import type { SolanaSignAndSendTransactionOptions } from './walletStandard.js'

/**
 * Sends a signed wire transaction with JSON-RPC `sendTransaction` (base64), passing on the send
 * options a dapp gave, and resolves with the base58 signature the node answers. An RPC error is
 * thrown as a {@link WalletRpcError} carrying the node's code, message and data.
 */
export async function sendWireTransaction(
  rpcUrl: string,
  base64Transaction: string,
  options: SolanaSignAndSendTransactionOptions = {},
): Promise<string> {
  const config: Record<string, unknown> = { encoding: 'base64' }
  if (options.skipPreflight !== undefined) config.skipPreflight = options.skipPreflight
  // A wallet preflights at the commitment it is asked to wait for when no preflight commitment is given.
  const preflightCommitment = options.preflightCommitment ?? options.commitment
  if (preflightCommitment !== undefined) config.preflightCommitment = preflightCommitment
  if (options.maxRetries !== undefined) config.maxRetries = options.maxRetries
  if (options.minContextSlot !== undefined) config.minContextSlot = options.minContextSlot

  let response: Response
  try {
    response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'sendTransaction',
        params: [base64Transaction, config],
      }),
    })
  } catch (error) {
    throw new WalletRpcError(WalletErrorCode.internal, `The Solana RPC at ${rpcUrl} is unreachable.`, {
      cause: String(error),
    })
  }
  let body: { result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } }
  try {
    body = (await response.json()) as typeof body
  } catch {
    throw new WalletRpcError(
      WalletErrorCode.internal,
      `The Solana RPC at ${rpcUrl} answered ${response.status} without JSON.`,
    )
  }
  if (body.error) {
    const code = typeof body.error.code === 'number' ? body.error.code : WalletErrorCode.internal
    const message =
      typeof body.error.message === 'string' ? body.error.message : 'The RPC refused the transaction.'
    throw new WalletRpcError(code, message, body.error.data)
  }
  if (typeof body.result !== 'string')
    throw new WalletRpcError(
      WalletErrorCode.internal,
      'The Solana RPC answered sendTransaction without a signature.',
    )
  return body.result
}
