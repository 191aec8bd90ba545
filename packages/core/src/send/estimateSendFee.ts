import { toUserMessage } from '../notices/messages.js'
import type { Portico } from '../portico.js'
import {
  isNativeToken,
  scaledPrice,
  toBaseUnits,
  tokenContract,
  tokenDecimals,
  usdOf,
  usdToNumber,
} from './amounts.js'
import { checkSend, currentToken, readSendInput } from './send.js'

export type EstimateSendFeeReturnType = undefined

/**
 * Asks the adapter what the send in the form would cost and stores the fee, the gas price and
 * their USD values (SPEC §3 gasPrice, gasPriceInUSD, networkBalanceInUSD). The caller debounces it
 * while the visitor types; an estimate that a newer one, a token change or a reset has overtaken
 * is dropped. Until the amount and receiver are valid, the fee of a transfer to the account itself
 * of an amount it holds is estimated, so the fee shows early.
 *
 * @example
 * await estimateSendFee(portico)
 */
export async function estimateSendFee(portico: Portico): Promise<EstimateSendFeeReturnType> {
  const { state, internal } = portico
  const namespace = state.modal.activeChain
  const chain = namespace ? state.chains[namespace] : undefined
  const adapter = namespace ? internal.adapters.get(namespace) : undefined
  const input = readSendInput(portico)
  const token = currentToken(input.send.token, input.tokenBalances)
  const { address, network } = input
  const send = state.send
  if (!chain || !adapter?.send || !address || !network || !token || input.unsupported) return

  const validation = checkSend(input)
  const balance = toBaseUnits(token.quantity.numeric, tokenDecimals(token))
  const amount = validation.amount !== undefined && validation.amount <= balance ? validation.amount : 0n
  const to = input.isAddress?.(input.send.receiverAddress) ? input.send.receiverAddress : address
  const contract = tokenContract(token)

  const request = ++internal.sendFeeRequest
  send.feeLoading = true
  send.feeError = undefined
  try {
    const estimate = await adapter.send.estimateFee({
      address,
      network,
      to,
      amount,
      ...(contract ? { token: contract } : {}),
      ...(chain.connectorId ? { connectorId: chain.connectorId } : {}),
    })
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
