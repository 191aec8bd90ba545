import { describe, expect, it } from 'vitest'
import { chainConfigSchema, serverConfigSchema } from './config.js'

const SOLANA = {
  caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  name: 'Solana',
  rpcUrl: 'http://127.0.0.1:8899',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
}
const EVM = {
  caipNetworkId: 'eip155:1',
  name: 'Ethereum',
  rpcUrl: 'http://127.0.0.1:8545',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
}
const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
const USDC_CONTRACT = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'

const issuesOf = (input: unknown) =>
  (chainConfigSchema.safeParse(input).error?.issues ?? []).map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }))

describe('chain config by namespace', () => {
  it('takes base58 mints as the tokens and spam tokens of a Solana chain, and turns its block indexer off', () => {
    const chain = chainConfigSchema.parse({
      ...SOLANA,
      tokens: [{ address: USDC_MINT, name: 'USD Coin', symbol: 'USDC', decimals: 6 }],
      spamTokens: ['So11111111111111111111111111111111111111112'],
    })
    expect(chain.tokens[0]?.address).toBe(USDC_MINT)
    expect(chain.indexer.enabled).toBe(false)
  })

  it('refuses an EVM address as a Solana mint, and a mint as an EVM token, each with its own words', () => {
    expect(
      issuesOf({
        ...SOLANA,
        tokens: [{ address: USDC_CONTRACT, name: 'USD Coin', symbol: 'USDC', decimals: 6 }],
      }),
    ).toEqual([{ path: 'tokens.0.address', message: 'expected a base58 32-byte Solana mint address' }])
    expect(issuesOf({ ...SOLANA, spamTokens: ['not base58 0OIl'] })).toEqual([
      { path: 'spamTokens.0', message: 'expected a base58 32-byte Solana mint address' },
    ])
    expect(
      issuesOf({ ...EVM, tokens: [{ address: USDC_MINT, name: 'USD Coin', symbol: 'USDC', decimals: 6 }] }),
    ).toEqual([{ path: 'tokens.0.address', message: 'expected a 0x-prefixed 20-byte address' }])
  })

  it('reports a bad mint together with the chain’s other mistakes', () => {
    const paths = issuesOf({
      ...SOLANA,
      rpcUrl: 'not a url',
      tokens: [{ address: USDC_CONTRACT, name: 'USD Coin', symbol: 'USDC', decimals: 6 }],
    }).map((issue) => issue.path)
    expect(paths).toEqual(expect.arrayContaining(['rpcUrl', 'tokens.0.address']))
  })

  it('refuses the EVM-only multicall and indexer options on a Solana chain, saying why', () => {
    expect(issuesOf({ ...SOLANA, multicallAddress: '0xcA11bde05977b3631167028862bE2a173976CA11' })).toEqual([
      {
        path: 'multicallAddress',
        message:
          'multicallAddress applies to EVM chains only; a Solana chain has no multicall contract: remove it',
      },
    ])
    expect(issuesOf({ ...SOLANA, indexer: { startBlock: 10 } })).toEqual([
      {
        path: 'indexer',
        message:
          'indexer applies to EVM chains only; a Solana chain has no block indexer (its activity is read from the node on request): remove it',
      },
    ])
    // Saying it is off is not a mistake.
    expect(chainConfigSchema.parse({ ...SOLANA, indexer: { enabled: false } }).indexer.enabled).toBe(false)
  })

  it('keeps EVM chains as they were: indexer on by default, multicall allowed', () => {
    const chain = chainConfigSchema.parse({
      ...EVM,
      multicallAddress: '0xcA11bde05977b3631167028862bE2a173976CA11',
      tokens: [{ address: USDC_CONTRACT, name: 'USD Coin', symbol: 'USDC', decimals: 6 }],
    })
    expect(chain.indexer).toEqual({
      enabled: true,
      confirmations: 0,
      pollIntervalMs: 2_000,
      batchBlocks: 200,
    })
    expect(chain.multicallAddress).toBe('0xcA11bde05977b3631167028862bE2a173976CA11')
  })

  it('names the chain’s index in a server config', () => {
    const result = serverConfigSchema.safeParse({ chains: [EVM, { ...SOLANA, multicallAddress: '0x00' }] })
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['chains.1.multicallAddress'])
  })
})

describe('the hourly limits of social starts and Farcaster sign-ins', () => {
  it('allows 120 an hour from one address and 10 000 from one project unless told otherwise', () => {
    const { social, farcaster } = serverConfigSchema.parse({}).auth
    const defaults = { perIpPerHour: 120, perProjectPerHour: 10_000 }
    expect(social.startLimits).toEqual(defaults)
    expect(farcaster.channelLimits).toEqual(defaults)
    const set = serverConfigSchema.parse({
      auth: {
        social: { startLimits: { perIpPerHour: 30 } },
        farcaster: { channelLimits: { perProjectPerHour: 500 } },
      },
    }).auth
    expect(set.social.startLimits).toEqual({ perIpPerHour: 30, perProjectPerHour: 10_000 })
    expect(set.farcaster.channelLimits).toEqual({ perIpPerHour: 120, perProjectPerHour: 500 })
  })

  it('refuses a limit that is not a whole number of at least 1, naming where it is', () => {
    const result = serverConfigSchema.safeParse({
      auth: {
        social: { startLimits: { perIpPerHour: 0 } },
        farcaster: { channelLimits: { perProjectPerHour: 2.5 } },
      },
    })
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'auth.social.startLimits.perIpPerHour',
      'auth.farcaster.channelLimits.perProjectPerHour',
    ])
  })
})
