import type { KeyringPair } from '@polkadot/keyring/types'
import { u8aToHex } from '@polkadot/util'
import { decodeAddress } from '@polkadot/util-crypto'
import type { SignerPayloadJSON } from '../polkadot/wallet/injectedWeb3.js'
import { signMessageWithPair, signPayloadWithPair } from '../polkadot/wallet/signWithPair.js'
import { WalletErrorCode, WalletRpcError } from '../wallet/errors.js'

/**
 * Answers one `polkadot:` request the way a wallet would after its user approved it:
 * `polkadot_signMessage { address, message }` → `{ signature }` over the `<Bytes>`-wrapped message,
 * `polkadot_signTransaction { address, transactionPayload }` → `{ signature }` with its type byte.
 */
export function answerPolkadotRequest(pair: KeyringPair, method: string, params: unknown): unknown {
  const record = params && typeof params === 'object' ? (params as Record<string, unknown>) : {}
  switch (method) {
    case 'polkadot_signMessage': {
      checkAddress(pair, record.address)
      if (typeof record.message !== 'string') throw invalidParams('message must be a hex or text string.')
      return { signature: signMessageWithPair(pair, record.message) }
    }
    case 'polkadot_signTransaction': {
      checkAddress(pair, record.address)
      const payload = record.transactionPayload as SignerPayloadJSON | undefined
      // The payload names its signer too; a wallet signs only for its own key.
      if (payload && typeof payload === 'object') checkAddress(pair, payload.address)
      try {
        return { signature: signPayloadWithPair(pair, payload as SignerPayloadJSON) }
      } catch (error) {
        throw invalidParams(
          `transactionPayload is not a SignerPayloadJSON: ${error instanceof Error ? error.message : error}`,
        )
      }
    }
    default:
      throw new WalletRpcError(
        WalletErrorCode.unsupportedMethod,
        `The test wallet does not support ${method}.`,
      )
  }
}

/** Refuses an address (of any SS58 prefix) that is not the wallet's key. */
function checkAddress(pair: KeyringPair, address: unknown): void {
  let publicKey: string | undefined
  try {
    publicKey = typeof address === 'string' ? u8aToHex(decodeAddress(address)) : undefined
  } catch {
    throw invalidParams(`${String(address)} is not an SS58 address.`)
  }
  if (publicKey !== u8aToHex(pair.publicKey))
    throw new WalletRpcError(
      WalletErrorCode.unauthorized,
      `The test wallet does not hold ${String(address)}.`,
    )
}

function invalidParams(message: string): WalletRpcError {
  return new WalletRpcError(WalletErrorCode.invalidParams, message)
}
