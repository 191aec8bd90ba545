// Where swap quotes and calldata come from: the site's own service (`services.swap`), or the
// Portico server's `/v1/swap/*` routes (SPEC §7 "Wallet provider API"), checked by hand with the
// rules of the zod schemas the server builds its answers from (`api/swapAnswerChecks.ts`), so the
// swap views download no zod.

import { hasApiServer, requestApi } from '../api/client.js'
import { ApiRequestError } from '../api/clientErrors.js'
import {
  swapAllowanceResponseCheck,
  swapApproveResponseCheck,
  swapCalldataResponseCheck,
  swapGasPriceResponseCheck,
  swapPricesResponseCheck,
  swapQuoteResponseCheck,
  swapTokensResponseCheck,
} from '../api/swapAnswerChecks.js'
import type { Network } from '../network/types.js'
import type { Portico } from '../portico.js'
import type { SafeParser } from '../valueCheck.js'
import { SwapNetworkNotServedError, SwapUnavailableError } from './swapErrors.js'
import type { SwapQuoteRequest, SwapService } from './swapTypes.js'

export type { SwapQuoteRequest, SwapService } from './swapTypes.js'

/** The instance's swap service: the site's, else the Portico server's, else none. */
export function getSwapService(portico: Portico): SwapService | undefined {
  const { internal } = portico
  internal.swapService ??=
    portico.config.services?.swap ?? (hasApiServer(portico) ? createServerSwapService(portico) : undefined)
  return internal.swapService
}

/** The service, or `SwapUnavailableError` when there is none. */
export function requireSwapService(portico: Portico): SwapService {
  const service = getSwapService(portico)
  if (!service) throw new SwapUnavailableError('No swap service: configure `apiUrl` or `services.swap`.')
  return service
}

function createServerSwapService(portico: Portico): SwapService {
  const ask = async <T>(
    route: string,
    network: Network,
    query: Record<string, string | undefined>,
    schema: SafeParser<T>,
  ): Promise<T> => {
    try {
      return await requestApi(portico, {
        path: `/v1/swap/${route}`,
        query: { chainId: network.caipNetworkId, ...query },
        schema,
      })
    } catch (error) {
      if (error instanceof ApiRequestError && error.apiCode === 'UNSUPPORTED_CHAIN')
        throw new SwapNetworkNotServedError(network.caipNetworkId, { cause: error })
      throw error
    }
  }
  const quoteQuery = (parameters: SwapQuoteRequest) => ({
    userAddress: parameters.userAddress,
    from: parameters.from,
    to: parameters.to,
    amount: parameters.amount,
    slippage: String(parameters.slippage),
  })
  return {
    getTokens: async ({ network, address }) =>
      (await ask('tokens', network, { address }, swapTokensResponseCheck)).tokens,
    async getPrices({ network, tokens }) {
      if (tokens.length === 0) return {}
      const { prices } = await ask('prices', network, { tokens: tokens.join(',') }, swapPricesResponseCheck)
      const byToken: Record<string, number> = {}
      for (const { address, price } of prices) if (price !== undefined) byToken[address] = price
      return byToken
    },
    async getQuote(parameters) {
      const { quotes } = await ask(
        'quote',
        parameters.network,
        quoteQuery(parameters),
        swapQuoteResponseCheck,
      )
      const best = quotes[0]
      // SPEC §7 reads quotes[0]; a server that found none says so with NO_ROUTE, so none here is a bad answer.
      if (!best) throw new SwapUnavailableError('The server answered no quote.')
      return best
    },
    getAllowance: ({ network, token, userAddress, amount, spender }) =>
      ask('allowance', network, { token, userAddress, amount, spender }, swapAllowanceResponseCheck),
    getApproval: ({ network, userAddress, from, to, amount }) =>
      ask('approve', network, { userAddress, from, to, amount }, swapApproveResponseCheck),
    getCalldata: (parameters) =>
      ask('calldata', parameters.network, quoteQuery(parameters), swapCalldataResponseCheck),
    getGasPrice: async ({ network }) =>
      BigInt((await ask('gas-price', network, {}, swapGasPriceResponseCheck)).standard),
  }
}
