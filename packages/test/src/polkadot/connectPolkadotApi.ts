import { ApiPromise, WsProvider } from '@polkadot/api'
import type { ApiOptions } from '@polkadot/api/types'

/**
 * Connects `@polkadot/api` to a chain over WebSocket and resolves once its metadata is loaded.
 * Disconnect it when done (`api.disconnect()`), or the socket keeps the process alive.
 * @example
 * const api = await connectPolkadotApi(chain.wsUrl)
 * afterAll(() => api.disconnect())
 */
export function connectPolkadotApi(wsUrl: string): Promise<ApiPromise> {
  // WsProvider declares `ttl` optional where ProviderInterface does not, which only matters under
  // exactOptionalPropertyTypes: the object is the one ApiPromise expects.
  const provider = new WsProvider(wsUrl) as unknown as NonNullable<ApiOptions['provider']>
  return ApiPromise.create({ provider, noInitWarn: true })
}
