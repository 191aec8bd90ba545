// @vitest-environment happy-dom
import type { Network } from '@portico/core'
import { runAdapterConformance } from '@portico/core/adapter-kit'
import {
  ANVIL_ADDRESSES,
  ANVIL_PRIVATE_KEYS,
  type AnvilInstance,
  createTestAdapterContext,
  revert,
  snapshot,
  startAnvil,
} from '@portico/test'
import { announceTestWallet, createTestWallet, DEV_WALLET_ICON } from '@portico/test/wallet'
import { type Hex, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { evm } from './evm.js'

const RDNS = 'dev.portico.wallet'
const CHAIN_A = 31_431
const CHAIN_B = 31_432

let anvilA: AnvilInstance
let anvilB: AnvilInstance

const toNetwork = (id: number, rpcUrl: string): Network => ({
  id,
  namespace: 'eip155',
  caipNetworkId: `eip155:${id}`,
  name: `Anvil ${id}`,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [rpcUrl] } },
})

beforeAll(async () => {
  ;[anvilA, anvilB] = await Promise.all([startAnvil({ chainId: CHAIN_A }), startAnvil({ chainId: CHAIN_B })])
})
afterAll(async () => {
  await Promise.all([anvilA?.stop(), anvilB?.stop()])
})

// The contract's own suite, on anvil with @portico/test's EIP-6963 wallet.
runAdapterConformance(
  { describe, test, expect },
  {
    name: 'adapter-evm on anvil',
    async setup({ promptTimeoutMs }) {
      const network = toNetwork(CHAIN_A, anvilA.rpcUrl)
      const otherNetwork = toNetwork(CHAIN_B, anvilB.rpcUrl)
      const id = await snapshot(anvilA.rpcUrl)
      const wallet = createTestWallet({
        privateKeys: ANVIL_PRIVATE_KEYS,
        chains: [
          { chainId: CHAIN_A, rpcUrl: anvilA.rpcUrl, name: 'Anvil A' },
          { chainId: CHAIN_B, rpcUrl: anvilB.rpcUrl, name: 'Anvil B' },
        ],
      })
      const unannounce = announceTestWallet(wallet, {
        name: 'Portico Dev Wallet',
        rdns: RDNS,
        icon: DEV_WALLET_ICON,
      })
      const { context, events } = createTestAdapterContext([network, otherNetwork])
      const adapter = evm({ promptTimeoutMs, receiptPollingIntervalMs: 50 })(context)
      adapter.start()
      return {
        adapter,
        events,
        connectorId: RDNS,
        network,
        otherNetwork,
        receiver: ANVIL_ADDRESSES[1]!,
        invalidAddresses: [
          '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92267'.replace('F6F4', 'f6f4'),
          '0x1234',
          'HN7cABqLq46Es1jh92dQQisAq662SmxELLLsHHe4YWrH',
          '',
        ],
        wallet: {
          setMode: (mode) => wallet.setMode(mode),
          setAccount: (index) => wallet.setAccount(index),
          revoke: () => wallet.revokeFromWallet(),
          hangSilently: () => wallet.setMethodMode('eth_accounts', 'hang'),
        },
        verifySignature: ({ address, message, signature }) =>
          verifyMessage({ address: address as Hex, message, signature: signature as Hex }),
        async cleanup() {
          unannounce()
          await revert(anvilA.rpcUrl, id)
        },
      }
    },
  },
)
