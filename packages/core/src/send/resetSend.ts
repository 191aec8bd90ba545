import type { Portico } from '../portico.js'
import type { SendState } from '../state.js'

export type ResetSendParameters = {
  /** Keep the last sent transaction, so the confirmation view can still show it. */
  keepSent?: boolean
}
export type ResetSendReturnType = undefined

/** An empty send form. */
export function createSendState(): SendState {
  return {
    token: undefined,
    sendTokenAmount: '',
    decimalSeparator: '.',
    receiverAddress: '',
    receiverProfileImage: undefined,
    receiverProfileName: undefined,
    gasPrice: undefined,
    fee: undefined,
    gasPriceInUSD: undefined,
    networkBalanceInUSD: undefined,
    feeLoading: false,
    feeError: undefined,
    loading: false,
    step: 'form',
    error: undefined,
    sent: undefined,
  }
}

/**
 * Empties the send form. Runs on a switch to another namespace (SPEC §4), on disconnect and on an
 * account change, so an amount or receiver never carries over to another account or chain. A fee
 * estimate still in flight is dropped.
 *
 * @example
 * resetSend(portico)
 */
export function resetSend(portico: Portico, parameters: ResetSendParameters = {}): ResetSendReturnType {
  const { state, internal } = portico
  internal.sendFeeRequest++
  const sent = parameters.keepSent ? state.send.sent : undefined
  state.send = { ...createSendState(), sent }
}
