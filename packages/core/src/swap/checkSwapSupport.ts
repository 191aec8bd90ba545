import type { Network } from '../network/types.js'
import type { Portico } from '../portico.js'

export type CheckSwapSupportParameters = { network?: Network | undefined }
export type CheckSwapSupportReturnType = boolean

/**
 * Whether swaps are offered on a network (the active one when left out), asked once per network
 * and remembered in `swap.networks`: the swap service lists its tokens there, and the Portico
 * server refuses a network it has no swaps for (`UNSUPPORTED_CHAIN`). A failure to ask (the server
 * down) answers false without remembering it, so the next Account view asks again. Never rejects.
 *
 * @example
 * if (await checkSwapSupport(portico)) console.log('swaps here')
 */
export async function checkSwapSupport(
  portico: Portico,
  parameters: CheckSwapSupportParameters = {},
): Promise<CheckSwapSupportReturnType> {
  const { state, internal } = portico
  const namespace = state.modal.activeChain
  const network =
    parameters.network ?? (namespace ? state.chains[namespace]?.networkState.caipNetwork : undefined)
  if (!network || !portico.options.features.swaps) return false
  const known = state.swap.networks[network.caipNetworkId]
  if (known !== undefined) return known
  try {
    // Loaded on first use: the Account view asks, and a page that only connects never does.
    const { getSwapService } = await import('./swapService.js')
    const service = getSwapService(portico)
    if (!service) return false
    const tokens = await service.getTokens({ network })
    // Swapping needs two tokens to swap between.
    return remember(portico, network, tokens.length >= 2)
  } catch (error) {
    if ((error as { name?: unknown }).name === 'SwapNetworkNotServedError')
      return remember(portico, network, false)
    internal.logger.warn(`swap: could not ask whether ${network.caipNetworkId} has swaps`, error)
    return false
  }
}

function remember(portico: Portico, network: Network, offered: boolean): boolean {
  portico.state.swap.networks = { ...portico.state.swap.networks, [network.caipNetworkId]: offered }
  return offered
}
