import { NotConnectedError, ProviderTimeoutError } from '../errors/base.js'
import type { SwapFormTransaction } from '../state.js'
import { withTimeout } from '../timeout.js'
import type { SwapAccount } from './resolveSwapAccount.js'

/** How long a swap or approval is watched for inclusion (SPEC §9 lists 4 min among its times). */
export const SWAP_CONFIRMATION_TIMEOUT_MS = 4 * 60_000

/**
 * Sends one of the swap's transactions from the wallet and waits until the chain includes it.
 * `onSent` hears the hash as soon as the wallet returns it.
 */
export async function sendSwapTransaction(
  account: SwapAccount,
  transaction: SwapFormTransaction,
  onSent?: (hash: string) => void,
): Promise<{ hash: string; status: 'success' | 'reverted' }> {
  if (!account.connectorId) throw new NotConnectedError(account.namespace)
  const hash = await account.contracts.sendTransaction({
    connectorId: account.connectorId,
    address: account.address,
    network: account.network,
    to: transaction.to,
    data: transaction.data,
    value: transaction.value,
    ...(transaction.gas > 0n ? { gas: transaction.gas } : {}),
  })
  onSent?.(hash)
  // The adapter bounds its own wait; this bounds it again in case an adapter does not.
  const receipt = await withTimeout(
    account.send.waitForTransaction({
      hash,
      network: account.network,
      timeoutMs: SWAP_CONFIRMATION_TIMEOUT_MS,
    }),
    SWAP_CONFIRMATION_TIMEOUT_MS + 5_000,
    () =>
      new ProviderTimeoutError({
        timeoutMs: SWAP_CONFIRMATION_TIMEOUT_MS,
        details: `No receipt for ${hash}.`,
      }),
  )
  return { hash, status: receipt.status }
}
