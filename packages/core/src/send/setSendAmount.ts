import type { Portico } from '../portico.js'

export type SetSendAmountParameters = {
  /** The amount as typed; checked by `getSendValidation`, never rounded. */
  amount: string
  /** The decimal mark of the visitor's locale (`,` in German); `.` by default. */
  decimalSeparator?: string
}
export type SetSendAmountReturnType = undefined

/**
 * Records the amount as typed. It is parsed exactly (`parseUnits`) when validated, so what the
 * visitor sees is what is sent.
 *
 * @example
 * setSendAmount(portico, { amount: '0,5', decimalSeparator: ',' })
 */
export function setSendAmount(
  portico: Portico,
  parameters: SetSendAmountParameters,
): SetSendAmountReturnType {
  const { send } = portico.state
  send.sendTokenAmount = parameters.amount
  send.decimalSeparator = parameters.decimalSeparator ?? '.'
  send.error = undefined
}
