import {
  AdapterNotFoundError,
  type AdapterNotFoundErrorType,
  type BaseErrorType,
  NotConnectedError,
  type NotConnectedErrorType,
  type ProviderRequestErrorType,
  type ProviderTimeoutErrorType,
  type UserRejectedRequestErrorType,
} from '../errors/base.js'
import type { ChainNamespace } from '../network/types.js'
import type { Portico } from '../portico.js'

export type SignMessageParameters = { message: string; namespace?: ChainNamespace }
/** The signature, as the namespace writes it (0x-hex for EVM, base58 for Solana). */
export type SignMessageReturnType = string
/**
 * What `signMessage` rejects with: nothing connected in the namespace, no adapter for it, the
 * visitor declined (EIP-1193 4001), the wallet did not answer in time or failed (an adapter's own
 * `BaseError`).
 */
export type SignMessageErrorType =
  | NotConnectedErrorType
  | AdapterNotFoundErrorType
  | UserRejectedRequestErrorType
  | ProviderTimeoutErrorType
  | ProviderRequestErrorType
  | BaseErrorType

/**
 * Asks the connected wallet to sign a text message with the active account. Changes no state.
 *
 * @example
 * try {
 *   const signature = await signMessage(portico, { message: 'Hello' })
 * } catch (e) {
 *   const error = e as SignMessageErrorType
 *   if (error.name === 'UserRejectedRequestError') showDeclined()
 * }
 */
export async function signMessage(
  portico: Portico,
  parameters: SignMessageParameters,
): Promise<SignMessageReturnType> {
  const { state, internal } = portico
  const namespace = parameters.namespace ?? state.modal.activeChain
  const chain = namespace && state.chains[namespace]
  if (!namespace || !chain?.accountState.address || !chain.connectorId) throw new NotConnectedError(namespace)
  const adapter = internal.adapters.get(namespace)
  if (!adapter) throw new AdapterNotFoundError(namespace)
  return adapter.signMessage({
    connectorId: chain.connectorId,
    address: chain.accountState.address,
    message: parameters.message,
  })
}
