import type { TokenBalance } from '../api/schemas.js'
import type { Portico } from '../portico.js'

export type SetSendTokenParameters = { token: TokenBalance | undefined }
export type SetSendTokenReturnType = undefined

/**
 * Chooses the token to send. The last fee estimate was for another token, so it is dropped; the
 * send form's flow (`watchSendForm`) estimates again while the form is on screen.
 *
 * @example
 * setSendToken(portico, { token: getSend(portico).tokenBalances[0] })
 */
export function setSendToken(portico: Portico, parameters: SetSendTokenParameters): SetSendTokenReturnType {
  const { send } = portico.state
  portico.internal.sendFeeRequest++
  send.token = parameters.token
    ? { ...parameters.token, quantity: { ...parameters.token.quantity } }
    : undefined
  send.fee = undefined
  send.gasPrice = undefined
  send.gasPriceInUSD = undefined
  send.feeLoading = false
  send.feeError = undefined
  send.error = undefined
}
