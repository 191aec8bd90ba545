// The swap feature's types that the instance's own types name (portico.ts, config), in a module that
// imports neither the instance nor the swap code, so those types form no circle of imports.

import type {
  SwapAllowanceResponse,
  SwapApproveResponse,
  SwapCalldataResponse,
  SwapQuote,
  SwapToken,
  SwapTokenId,
} from '../api/swapSchemas.js'
import type { Network } from '../network/types.js'
import type { SwapFormTransaction } from '../state.js'

/** A token as the swap actions need it: a swap token of the server's list, or the form's. */
export type SwapTokenInput = { address: string; symbol: string; decimals: number }

export type GetSwapQuoteReturnType = {
  from: SwapTokenInput
  to: SwapTokenInput
  /** The server's quote: amounts, price impact, minimum received, provider fee, route. */
  quote: SwapQuote
  slippage: number
  /**
   * Set when the router may not yet spend `amount` of `from`: send it first (`approveSwap`), then
   * ask for a quote again, which then carries the swap `transaction` (SPEC §4).
   */
  approval: SwapFormTransaction | undefined
  /** The swap, when the allowance covers it (or `from` is the native currency). */
  transaction: SwapFormTransaction | undefined
  /** Wei per gas, as the server read it. */
  gasPrice: bigint
  /**
   * The network fee of the next transaction in native base units: the approval's, or the swap's;
   * before the swap's calldata exists, SPEC §9's 150 000 gas at the gas price.
   */
  gasFee: bigint
}

/** What a quote or swap calldata is asked for (SPEC §7: userAddress, from, to, amount). */
export interface SwapQuoteRequest {
  network: Network
  userAddress: string
  from: SwapTokenId
  to: SwapTokenId
  /** Whole `from` tokens, exact, the provider fee included. */
  amount: string
  /** Percent. */
  slippage: number
}

/**
 * A source of swap quotes and transactions. The default asks the Portico server; a site with
 * another provider passes its own as `services.swap`. A network it does not serve is refused
 * with `SwapNetworkNotServedError`.
 */
export interface SwapService {
  /** The network's swap tokens, native first; with `address`, each with the visitor's balance. */
  getTokens(parameters: { network: Network; address?: string | undefined }): Promise<SwapToken[]>
  /** USD prices by token id; a token without a known price is left out. */
  getPrices(parameters: { network: Network; tokens: readonly SwapTokenId[] }): Promise<Record<string, number>>
  /** The best quote for the amount. */
  getQuote(parameters: SwapQuoteRequest): Promise<SwapQuote>
  /** What the quote's `spender` may spend of `token`, and whether it covers `amount`. */
  getAllowance(parameters: {
    network: Network
    token: SwapTokenId
    userAddress: string
    amount: string
    /** The quote's spender (the router, or an aggregator's allowance contract). */
    spender: string
  }): Promise<SwapAllowanceResponse>
  /** The approval of `amount` of `from` for the router. */
  getApproval(parameters: Omit<SwapQuoteRequest, 'slippage'>): Promise<SwapApproveResponse>
  /** The router call that swaps, with the quote it was built from. */
  getCalldata(parameters: SwapQuoteRequest): Promise<SwapCalldataResponse>
  /** The network's standard gas price, wei. */
  getGasPrice(parameters: { network: Network }): Promise<bigint>
}
