import { describe, expect, it } from 'vitest'
import { serverConfigSchema } from '../config.js'
import { CANONICAL_SWAP_CONTRACTS, resolveSwapChain } from './swapConfig.js'

const chain = (caipNetworkId: string) => ({
  caipNetworkId,
  name: caipNetworkId,
  rpcUrl: 'http://127.0.0.1:8545',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
})
const issuesOf = (input: unknown) =>
  (serverConfigSchema.safeParse(input).error?.issues ?? []).map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }))

describe('the swap config', () => {
  it('fills a chain where Uniswap publishes its addresses from the canonical table', () => {
    const config = serverConfigSchema.parse({
      chains: [chain('eip155:8453')],
      swap: { chains: [{ caipNetworkId: 'eip155:8453' }] },
    })
    const resolved = resolveSwapChain(config.swap.chains[0] as (typeof config.swap.chains)[number])
    expect(resolved).toMatchObject({
      ok: true,
      chain: {
        router: '0x2626664c2603336E57B271c5C0b26F421741e481',
        wrappedNative: '0x4200000000000000000000000000000000000006',
        v3: { quoter: '0x3d4e44Eb1374240CE5F1B871ab261CD16335B76a' },
        feeTiers: [100, 500, 3_000, 10_000],
      },
    })
    expect(Object.keys(CANONICAL_SWAP_CONTRACTS).sort()).toEqual([
      'eip155:1',
      'eip155:10',
      'eip155:137',
      'eip155:42161',
      'eip155:8453',
    ])
  })

  it('charges SPEC §9’s 0.85% to a project that names only a recipient, and nothing without an entry', () => {
    const config = serverConfigSchema.parse({
      swap: {
        fees: {
          shop: { recipient: '0x00000000000000000000000000000000000fee01' },
          partner: { recipient: '0x00000000000000000000000000000000000fee01', rate: 0.3 },
        },
      },
    })
    expect(config.swap.fees.shop?.rate).toBe(0.85)
    expect(config.swap.fees.partner?.rate).toBe(0.3)
    expect(config.swap.unlimitedApprovals).toBe(false)
  })

  it('refuses a swap chain the server has no RPC for, and one without published addresses that names none', () => {
    expect(issuesOf({ swap: { chains: [{ caipNetworkId: 'eip155:1' }] } })).toEqual([
      {
        path: 'swap.chains.0.caipNetworkId',
        message: 'eip155:1 is not in chains: add it there with its rpcUrl',
      },
    ])
    expect(
      issuesOf({ chains: [chain('eip155:31337')], swap: { chains: [{ caipNetworkId: 'eip155:31337' }] } }),
    ).toEqual([
      {
        path: 'swap.chains.0',
        message: 'eip155:31337 has no published Uniswap addresses: set router, wrappedNative, v2 or v3',
      },
    ])
    expect(
      issuesOf({ swap: { chains: [{ caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }] } })[0]?.path,
    ).toBe('swap.chains.0.caipNetworkId')
    expect(
      issuesOf({
        swap: { fees: { shop: { recipient: '0x00000000000000000000000000000000000fee01', rate: 12 } } },
      })[0]?.path,
    ).toBe('swap.fees.shop.rate')
  })
})
