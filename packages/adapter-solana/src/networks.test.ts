import { expect, it } from 'vitest'
import { InvalidSolanaNetworkError } from './errors.js'
import {
  defineSolanaNetwork,
  getExplorerUrl,
  getWalletStandardChain,
  solanaDevnet,
  solanaMainnet,
  solanaTestnet,
} from './networks.js'

it('names the public clusters by their genesis-hash prefix, with SOL and an explorer', () => {
  expect(solanaMainnet).toMatchObject({
    id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    namespace: 'solana',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: ['https://api.mainnet-beta.solana.com'] } },
  })
  expect(solanaDevnet.caipNetworkId).toBe('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')
  expect(solanaTestnet.caipNetworkId).toBe('solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z')
  expect([solanaMainnet.testnet, solanaDevnet.testnet, solanaTestnet.testnet]).toEqual([
    undefined,
    true,
    true,
  ])
})

it('maps the public clusters to their Wallet Standard chains and any other to localnet', () => {
  expect(getWalletStandardChain(solanaMainnet)).toBe('solana:mainnet')
  expect(getWalletStandardChain(solanaDevnet)).toBe('solana:devnet')
  expect(getWalletStandardChain(solanaTestnet)).toBe('solana:testnet')
  const local = defineSolanaNetwork({
    id: 'GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69',
    name: 'Local',
    rpcUrl: 'http://127.0.0.1:8899',
  })
  expect(getWalletStandardChain(local)).toBe('solana:localnet')
})

it('defines a local cluster from a full genesis hash, keeping the CAIP-2 prefix of 32 characters', () => {
  const local = defineSolanaNetwork({
    id: 'GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69xyzXYZ',
    name: 'Local validator',
    rpcUrl: 'http://127.0.0.1:8899',
    explorerUrl: 'https://explorer.solana.com/?cluster=custom',
  })
  expect(local).toEqual({
    id: 'GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69',
    namespace: 'solana',
    caipNetworkId: 'solana:GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69',
    name: 'Local validator',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
    blockExplorers: {
      default: { name: 'Solana Explorer', url: 'https://explorer.solana.com/?cluster=custom' },
    },
    testnet: true,
  })
  expect(getExplorerUrl(local, 'tx/abc')).toBe('https://explorer.solana.com/tx/abc?cluster=custom')
})

it('refuses an id that cannot be a CAIP-2 reference and an RPC URL that is not http(s)', () => {
  expect(() => defineSolanaNetwork({ id: 'has spaces', name: 'x', rpcUrl: 'http://127.0.0.1' })).toThrow(
    InvalidSolanaNetworkError,
  )
  expect(() => defineSolanaNetwork({ id: 'abc', name: 'x', rpcUrl: 'ws://127.0.0.1' })).toThrow(
    InvalidSolanaNetworkError,
  )
})
