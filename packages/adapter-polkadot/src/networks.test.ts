import { describe, expect, it } from 'vitest'
import {
  definePolkadotNetwork,
  getExplorerUrl,
  getSs58Prefix,
  kusama,
  paseo,
  polkadotAssetHub,
  polkadotMainnet,
  westend,
} from './networks.js'

describe('shipped networks', () => {
  // Genesis hashes as @polkadot/networks 14 lists them (Paseo: the chain's telemetry entry).
  it.each([
    [polkadotMainnet, 'polkadot:91b171bb158e2d3848fa23a9f1c25182', 0, 'DOT', 10],
    [kusama, 'polkadot:b0a8d493285c2df73290dfb7e61f870f', 2, 'KSM', 12],
    [polkadotAssetHub, 'polkadot:68d56f15f85d3136970ec16946040bc1', 0, 'DOT', 10],
    [westend, 'polkadot:e143f23803ac50e8f6f8e62695d1ce9e', 42, 'WND', 12],
    [paseo, 'polkadot:77afd6190f1554ad45fd0d31aee62aac', 0, 'PAS', 10],
  ])('%s.name is CAIP-2 %s, prefix %i, %s with %i decimals', (network, caip, prefix, symbol, decimals) => {
    expect(network.caipNetworkId).toBe(caip)
    expect(network.id).toBe(caip.slice('polkadot:'.length))
    expect(network.namespace).toBe('polkadot')
    expect(getSs58Prefix(network)).toBe(prefix)
    expect(network.nativeCurrency).toMatchObject({ symbol, decimals })
    expect(network.rpcUrls.default.http[0]).toMatch(/^wss:\/\//)
    expect(network.blockExplorers?.default.url).toMatch(/^https:\/\/[a-z-]+\.subscan\.io$/)
  })
})

describe('definePolkadotNetwork', () => {
  const valid = {
    id: `0x${'45'.repeat(32)}`,
    name: 'Local',
    rpcUrl: 'ws://127.0.0.1:9944',
    ss58Prefix: 42,
    token: { symbol: 'ROC', decimals: 12 },
  }

  it('keeps the first 32 hex characters of the genesis hash, and the prefix even on a copy', () => {
    const network = definePolkadotNetwork(valid)
    expect(network.caipNetworkId).toBe(`polkadot:${'45'.repeat(16)}`)
    const { ss58Prefix: _, ...copy } = network
    expect(getSs58Prefix({ ...copy, caipNetworkId: network.caipNetworkId })).toBe(42)
  })

  it.each([
    [{ id: '0x1234' }, /genesis hash/],
    [{ rpcUrl: 'ftp://x' }, /ws\(s\) or http\(s\)/],
    [{ rpcUrl: undefined }, /rpcUrl is missing/],
    [{ ss58Prefix: 46 }, /ss58Prefix 46/],
    [{ token: { symbol: '', decimals: 12 } }, /token\.symbol/],
    [{ token: { symbol: 'X', decimals: -1 } }, /token\.decimals/],
    [{ explorer: { url: 'javascript:alert(1)' } }, /explorer url/],
  ])('refuses %o with a clear reason', (change, reason) => {
    expect(() => definePolkadotNetwork({ ...valid, ...change } as never)).toThrow(
      expect.objectContaining({
        name: 'InvalidPolkadotNetworkError',
        details: expect.stringMatching(reason),
      }),
    )
  })

  it('takes several RPC URLs', () => {
    const { rpcUrl: _, ...withoutUrl } = valid
    const network = definePolkadotNetwork({
      ...withoutUrl,
      rpcUrls: ['wss://a.example', 'wss://b.example'],
    })
    expect(network.rpcUrls.default.http).toEqual(['wss://a.example', 'wss://b.example'])
  })
})

it('builds Subscan links under the explorer path', () => {
  expect(getExplorerUrl(westend, 'extrinsic/0xab')).toBe('https://westend.subscan.io/extrinsic/0xab')
})
