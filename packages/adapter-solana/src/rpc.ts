import { BaseError, type Network, ProviderRequestError } from '@portico/core'
import { createSolanaRpc } from '@solana/kit'

export type SolanaRpc = ReturnType<typeof createSolanaRpc>

/** Runs one JSON-RPC request on a network's RPC; `signal` aborts it at the pool's timeout. */
export type RpcRequest = <T>(
  network: Network,
  what: string,
  run: (rpc: SolanaRpc, signal: AbortSignal) => Promise<T>,
) => Promise<T>

/**
 * One kit RPC client per network RPC URL, and a request helper that bounds every call with
 * `timeoutMs` (SPEC §9: 10 s for HTTP) and turns failures into ProviderRequestError.
 */
export function createRpcPool(timeoutMs: number): { request: RpcRequest; clear(): void } {
  const clients = new Map<string, SolanaRpc>()

  const getRpc = (network: Network) => {
    const url = network.rpcUrls.default.http[0]
    if (!url)
      throw new ProviderRequestError('The network has no RPC URL.', { details: network.caipNetworkId })
    let rpc = clients.get(url)
    if (!rpc) {
      rpc = createSolanaRpc(url)
      clients.set(url, rpc)
    }
    return rpc
  }

  const request: RpcRequest = async (network, what, run) => {
    const rpc = getRpc(network)
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), timeoutMs)
    try {
      return await run(rpc, controller.signal)
    } catch (error) {
      if (error instanceof BaseError) throw error
      const reason = controller.signal.aborted
        ? `no answer after ${timeoutMs} ms`
        : error instanceof Error
          ? error.message
          : String(error)
      throw new ProviderRequestError('The network could not answer the request.', {
        cause: error,
        details: `${what} on ${network.caipNetworkId}: ${reason}`,
      })
    } finally {
      clearTimeout(timer)
    }
  }

  return { request, clear: () => clients.clear() }
}
