import type { ApiPromise } from '@polkadot/api'
import { cryptoWaitReady } from '@polkadot/util-crypto'
import { connectPolkadotApi, type PolkadotTestChain, startPolkadotTestChain } from '@portico/test/polkadot'
import { definePolkadotNetwork, type PolkadotNetwork } from './networks.js'

export interface TestNetwork {
  chain: PolkadotTestChain
  /** The tests' own connection, to read balances the adapter does not report. */
  api: ApiPromise
  /** The network the adapter is given for the chain. */
  network: PolkadotNetwork
  /** The free balance of `address`, in planck. */
  free(address: string): Promise<bigint>
  stop(): Promise<void>
}

/**
 * A chopsticks chain for a test file (loading the runtime takes 10–16 s, so one per file), with
 * the tests' API connection and the adapter's network for it.
 */
export async function startTestNetwork(): Promise<TestNetwork> {
  const chain = await startPolkadotTestChain()
  const api = await connectPolkadotApi(chain.wsUrl)
  await cryptoWaitReady()
  const network = definePolkadotNetwork({
    id: chain.genesisHash,
    name: 'Polkadot Test',
    rpcUrl: chain.wsUrl,
    ss58Prefix: chain.ss58Prefix,
    token: { symbol: chain.symbol, decimals: chain.decimals },
  })
  const query = api.query as unknown as {
    system: { account(address: string): Promise<{ data: { free: { toBigInt(): bigint } } }> }
  }
  return {
    chain,
    api,
    network,
    free: async (address) => (await query.system.account(address)).data.free.toBigInt(),
    stop: async () => {
      await api.disconnect()
      await chain.stop()
    },
  }
}
