/**
 * Name, symbol and decimals of token contracts the indexer meets, read once per contract. A
 * contract that answers none of them is recorded as unknown and not asked again; a node that does
 * not answer at all fails the round instead, so a network hiccup never marks a token unknown.
 */
import type { Insertable } from 'kysely'
import { type Address, BaseError, erc20Abi, HttpRequestError, type PublicClient, TimeoutError } from 'viem'
import type { ActivityTokensTable } from './tables.js'

/** Whether a failed read means the node is unreachable (retry later) rather than the contract refusing. */
function isTransportFailure(error: unknown): boolean {
  if (error instanceof BaseError) {
    return Boolean(error.walk((cause) => cause instanceof HttpRequestError || cause instanceof TimeoutError))
  }
  return !(error instanceof Error)
}

/** Reads the metadata of `addresses` (lower-case) in one JSON-RPC batch. */
export async function readTokenMetadata(
  client: PublicClient,
  chain: string,
  addresses: readonly string[],
): Promise<Insertable<ActivityTokensTable>[]> {
  const read = (address: string, functionName: 'name' | 'symbol' | 'decimals') =>
    client.readContract({ address: address as Address, abi: erc20Abi, functionName })
  const settled = await Promise.all(
    addresses.map((address) =>
      Promise.allSettled([read(address, 'name'), read(address, 'symbol'), read(address, 'decimals')]),
    ),
  )
  return addresses.map((address, index) => {
    const [name, symbol, decimals] = settled[index] ?? []
    for (const result of [name, symbol, decimals]) {
      if (result?.status === 'rejected' && isTransportFailure(result.reason)) throw result.reason
    }
    const text = (result: PromiseSettledResult<unknown> | undefined) =>
      result?.status === 'fulfilled' && typeof result.value === 'string'
        ? result.value.replaceAll('\u0000', '').slice(0, 200)
        : null
    const row = {
      chain,
      address,
      name: text(name),
      symbol: text(symbol),
      decimals:
        decimals?.status === 'fulfilled' && typeof decimals.value === 'number' ? decimals.value : null,
    }
    const known = row.name !== null || row.symbol !== null || row.decimals !== null
    return { ...row, status: known ? 'known' : 'unknown' }
  })
}
