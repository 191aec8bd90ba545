import { toUserMessage } from '../../notices/messages.js'
import type { Portico } from '../../portico.js'
import { isNativeToken, scaledPrice, toBaseUnits, tokenDecimals, usdOf, usdToNumber } from '../amounts.js'
import { estimateSendFee } from '../estimateSendFee.js'
import { checkSend, currentToken, readSendInput } from '../send.js'

/**
 * Estimates the fee of the send in the form and stores it with the gas price and their USD values
 * (SPEC §3 gasPrice, gasPriceInUSD, networkBalanceInUSD). Until the amount and receiver are valid,
 * the fee of a transfer to the account itself of an amount it holds is estimated, so the fee shows
 * early. An estimate that a newer one, a change of the form or a reset has overtaken is dropped;
 * a failed one is logged and kept as `feeError`. `watchSendForm` runs it, debounced.
 */
export async function estimateFormFee(portico: Portico): Promise<void> {
  const { state, internal } = portico
  const input = readSendInput(portico)
  const token = currentToken(input.send.token, input.tokenBalances)
  const { address, network, isAddress } = input
  if (!address || !network || !token || !isAddress || input.unsupported) return
  // A token picked on another network is refused by the form itself (`noToken`); nothing to estimate.
  if (token.chainId !== network.caipNetworkId) return

  const validation = checkSend(input)
  const balance = toBaseUnits(token.quantity.numeric, tokenDecimals(token))
  const amount = validation.amount !== undefined && validation.amount <= balance ? validation.amount : 0n
  const to = isAddress(input.send.receiverAddress) ? input.send.receiverAddress : address

  const request = ++internal.sendFeeRequest
  const send = state.send
  send.feeLoading = true
  send.feeError = undefined
  try {
    const estimate = await estimateSendFee(portico, { to, amount, token })
    if (internal.sendFeeRequest !== request) return
    send.fee = estimate.fee
    send.gasPrice = estimate.breakdown?.gasPrice
    const native = input.tokenBalances.find(isNativeToken)
    const price = native ? scaledPrice(native.price) : undefined
    const decimals = network.nativeCurrency.decimals
    send.gasPriceInUSD = price ? usdToNumber(usdOf(estimate.fee, decimals, price)) : undefined
    const nativeNumeric = input.nativeBalance ?? native?.quantity.numeric
    send.networkBalanceInUSD =
      price && nativeNumeric !== undefined
        ? usdToNumber(usdOf(toBaseUnits(nativeNumeric, decimals), decimals, price))
        : undefined
  } catch (error) {
    if (internal.sendFeeRequest !== request) return
    internal.logger.warn(`send: fee estimate on ${network.caipNetworkId} failed`, error)
    send.fee = undefined
    send.gasPrice = undefined
    send.gasPriceInUSD = undefined
    send.feeError = toUserMessage(error)
  } finally {
    if (internal.sendFeeRequest === request) send.feeLoading = false
  }
}
