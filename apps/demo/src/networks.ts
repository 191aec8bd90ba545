import { defineEvmNetwork } from '@portico/adapter-evm'
import { defineChain } from 'viem'

// The demo runs against two local anvil chains so every flow, including switching networks,
// works offline. Their RPC URLs come from the environment the demo was started with.
const rpc31337 = import.meta.env.VITE_RPC_31337 ?? 'http://127.0.0.1:8545'
const rpc31338 = import.meta.env.VITE_RPC_31338 ?? 'http://127.0.0.1:8546'

const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 }

export const localMain = defineEvmNetwork(
  defineChain({
    id: 31337,
    name: 'Anvil',
    nativeCurrency: ether,
    rpcUrls: { default: { http: [rpc31337] } },
  }),
)
export const localSecond = defineEvmNetwork(
  defineChain({
    id: 31338,
    name: 'Anvil Two',
    nativeCurrency: ether,
    rpcUrls: { default: { http: [rpc31338] } },
  }),
)

export const networks = [localMain, localSecond] as const

/** The chains the development wallet knows; chain 1 is there so a person can try UnsupportedChain. */
export const devWalletChains = [
  { chainId: 31337, rpcUrl: rpc31337, name: 'Anvil' },
  { chainId: 31338, rpcUrl: rpc31338, name: 'Anvil Two' },
  { chainId: 1, rpcUrl: rpc31337, name: 'Unsupported (chain 1, served by anvil)' },
]
