import type { ApiRequestErrorType, ServerUnavailableErrorType } from '../api/clientErrors.js'
import type { SwapToken } from '../api/swapSchemas.js'
import type { InvalidResponseErrorType } from '../errors/base.js'
import type { Network } from '../network/types.js'
import type { Portico } from '../portico.js'
import {
  type SwapNetworkNotServedErrorType,
  SwapUnavailableError,
  type SwapUnavailableErrorType,
} from './swapErrors.js'
import { requireSwapService } from './swapService.js'

export type GetSwapTokensParameters = {
  /** The active network when left out. */
  network?: Network | undefined
  /** With an address, each token carries what it holds (`balance`); the connected one when left out. */
  address?: string | undefined
}
export type GetSwapTokensReturnType = SwapToken[]
export type GetSwapTokensErrorType =
  | SwapUnavailableErrorType
  | SwapNetworkNotServedErrorType
  | ApiRequestErrorType
  | ServerUnavailableErrorType
  | InvalidResponseErrorType

/**
 * The tokens that can be swapped on a network (the native currency first, then the server's
 * configured ones and the ones the visitor holds), each with the visitor's balance. Rejects with
 * `SwapNetworkNotServedError` on a network without swaps, `SwapUnavailableError` without a swap
 * service.
 *
 * @example
 * const tokens = await getSwapTokens(portico)
 * const pusd = tokens.find((token) => token.symbol === 'PUSD')
 */
export async function getSwapTokens(
  portico: Portico,
  parameters: GetSwapTokensParameters = {},
): Promise<GetSwapTokensReturnType> {
  const { state } = portico
  const namespace = state.modal.activeChain
  const chain = namespace ? state.chains[namespace] : undefined
  const network = parameters.network ?? chain?.networkState.caipNetwork
  if (!network) throw new SwapUnavailableError('No active network.')
  const address =
    parameters.address ??
    (chain?.accountState.status === 'connected' &&
    chain.networkState.caipNetwork?.caipNetworkId === network.caipNetworkId
      ? chain.accountState.address
      : undefined)
  return requireSwapService(portico).getTokens({ network, address })
}
