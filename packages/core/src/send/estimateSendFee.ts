import type { FeeEstimate } from '../adapterKit/contract.js'
import type { TokenBalance } from '../api/schemas.js'
import type {
  NotConnectedErrorType,
  ProviderRequestErrorType,
  ProviderTimeoutErrorType,
  TransactionWouldFailErrorType,
  WrongNetworkErrorType,
} from '../errors/base.js'
import type { Portico } from '../portico.js'
import { resolveSendTarget } from './resolveSendTarget.js'
import {
  type SendUnavailableErrorType,
  SendValidationError,
  type SendValidationErrorType,
} from './sendErrors.js'

export type EstimateSendFeeParameters = {
  /** The receiver; the account itself when left out (a fee can show before a receiver is typed). */
  to?: string | undefined
  /** In the token's base units; 0 when left out. */
  amount?: bigint | undefined
  /** One of the account's tokens on the active network; the network's own currency when left out. */
  token?: TokenBalance | undefined
}

/** The fee in the native currency's base units, with the namespace's breakdown (EVM: gas, gasPrice). */
export type EstimateSendFeeReturnType = FeeEstimate

export type EstimateSendFeeErrorType =
  | NotConnectedErrorType
  | SendUnavailableErrorType
  | SendValidationErrorType
  | TransactionWouldFailErrorType
  | WrongNetworkErrorType
  | ProviderTimeoutErrorType
  | ProviderRequestErrorType

/**
 * What sending `amount` of a token (or of the network's own currency) from the active account to
 * `to` would cost in fees, as the adapter estimates it. Nothing is stored: the modal's send form
 * keeps its own estimate, re-estimated as the visitor types.
 *
 * @example
 * const { fee } = await estimateSendFee(portico, {
 *   to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
 *   amount: parseUnits('0.01', 18),
 * })
 */
export async function estimateSendFee(
  portico: Portico,
  parameters: EstimateSendFeeParameters = {},
): Promise<EstimateSendFeeReturnType> {
  const target = resolveSendTarget(portico, parameters.token)
  const amount = parameters.amount ?? 0n
  const to = parameters.to ?? target.address
  if (typeof amount !== 'bigint' || amount < 0n)
    throw new SendValidationError('invalidAmount', { details: `Not a base-unit amount: ${String(amount)}` })
  if (typeof to !== 'string' || !target.send.isAddress(to))
    throw new SendValidationError('invalidAddress', { details: `Receiver ${to}` })
  return target.send.estimateFee({
    address: target.address,
    network: target.network,
    to,
    amount,
    ...(target.contract ? { token: target.contract } : {}),
    ...(target.connectorId ? { connectorId: target.connectorId } : {}),
  })
}
