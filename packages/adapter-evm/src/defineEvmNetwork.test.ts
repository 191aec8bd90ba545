import { defineChain } from 'viem'
import { describe, expect, it } from 'vitest'
import { defineEvmNetwork } from './defineEvmNetwork.js'

const chain = defineChain({
  id: 10,
  name: 'OP Mainnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://mainnet.optimism.io'] } },
  blockExplorers: { default: { name: 'Optimistic Etherscan', url: 'https://optimistic.etherscan.io' } },
})

describe('defineEvmNetwork', () => {
  it('builds an eip155 network from a viem chain', () => {
    expect(defineEvmNetwork(chain)).toEqual({
      id: 10,
      namespace: 'eip155',
      caipNetworkId: 'eip155:10',
      name: 'OP Mainnet',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['https://mainnet.optimism.io'] } },
      blockExplorers: { default: { name: 'Optimistic Etherscan', url: 'https://optimistic.etherscan.io' } },
    })
  })

  it('applies overrides but never changes the id', () => {
    const network = defineEvmNetwork(chain, {
      name: 'Optimism',
      rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
      iconUrl: 'https://icons.example/op.svg',
      testnet: true,
    })
    expect(network).toMatchObject({
      id: 10,
      caipNetworkId: 'eip155:10',
      name: 'Optimism',
      rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
      iconUrl: 'https://icons.example/op.svg',
      testnet: true,
    })
  })

  it('leaves out the explorer when the chain has none', () => {
    const { blockExplorers: _, ...bare } = chain
    expect(defineEvmNetwork(defineChain(bare))).not.toHaveProperty('blockExplorers')
  })
})
