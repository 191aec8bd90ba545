import { NATIVE_TOKEN } from '../api/swapConstants.js'
import type { SwapToken } from '../api/swapSchemas.js'
import type { CaipNetworkId } from '../network/types.js'
import type { SwapFormToken } from '../state.js'

/** SPEC §9: the provider fee, percent of the source amount (what the server charges by default). */
export const SWAP_PROVIDER_FEE_PERCENT = 0.85
/** SPEC §9: the target amount is shown with 6 decimals… */
export const SWAP_DISPLAY_DECIMALS = 6
/** …and with 3 in messages ('Swapping X to Y'). */
export const SWAP_MESSAGE_DECIMALS = 3

/** True for the network's own currency. */
export function isNativeSwapToken(token: { address: string }): boolean {
  return token.address === NATIVE_TOKEN
}

/** Whether two tokens are the same one (addresses compared without case). */
export function sameSwapToken(
  a: { address: string } | undefined,
  b: { address: string } | undefined,
): boolean {
  return a !== undefined && b !== undefined && a.address.toLowerCase() === b.address.toLowerCase()
}

/**
 * An exact decimal string cut (not rounded) to `places` decimals, trailing zeros dropped: a
 * displayed amount never promises more than the quote.
 */
export function truncateDecimals(value: string, places: number): string {
  const [whole = '0', fraction = ''] = value.split('.')
  const kept = fraction.slice(0, places).replace(/0+$/, '')
  return kept ? `${whole}.${kept}` : whole
}

/** A server's swap token as the form keeps it. */
export function toSwapFormToken(token: SwapToken): SwapFormToken {
  return {
    address: token.address,
    chainId: token.chainId as CaipNetworkId,
    name: token.name,
    symbol: token.symbol,
    decimals: token.decimals,
    iconUrl: token.iconUrl,
  }
}
