import { type Address, type Client, createClient, http } from 'viem'
import { getBalance } from 'viem/actions'

// viem's RPC client and its balance read, loaded with `import()` on the first read (docs/adapters.md,
// the size rule): a page that shows the button and the wallet list never needs them, and their
// dependency tree (transports, request batching, contract-call fallbacks) is a large part of viem.

/** A client for one RPC URL; requests made in the same tick go out as one batch. */
export function createRpcClient(url: string): Client {
  return createClient({ transport: http(url, { batch: { batchSize: 1000, wait: 0 }, timeout: 10_000 }) })
}

/** The native balance of `address`, in the network's smallest unit. */
export function readBalance(client: Client, address: Address): Promise<bigint> {
  return getBalance(client, { address })
}
