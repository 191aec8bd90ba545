import { balanceResponseSchema } from '@portico/core/api'
import { getFreePort } from '@portico/test'
import {
  createTestSplToken,
  mintTestSplTokens,
  type SolanaTestValidator,
  startSolanaTestValidator,
  TOKEN_2022_PROGRAM_ADDRESS,
} from '@portico/test/solana'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateTestSolanaKey, sendTestSplTokens } from '../activity/solanaTransactions.testkit.js'
import { startRpcRecorder } from '../activity/testing/rpcRecorder.testkit.js'
import { type ChainConfig, chainConfigSchema } from '../config.js'
import { createLogger } from '../logger.js'
import { UpstreamError } from './errors.js'
import { createStaticPriceSource } from './prices.js'
import { getSolanaBalances } from './solanaBalances.js'

const logger = createLogger({ level: 'error', stream: { write: () => {} } })
const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9, iconUrl: 'https://icons.example/sol.svg' }

describe('getSolanaBalances', () => {
  let validator: SolanaTestValidator
  let chainId: string

  const chain = (overrides: Record<string, unknown> = {}): ChainConfig =>
    chainConfigSchema.parse({
      caipNetworkId: chainId,
      name: 'Solana Localnet',
      rpcUrl: validator.url,
      nativeCurrency: SOL,
      ...overrides,
    })

  beforeAll(async () => {
    validator = await startSolanaTestValidator()
    const response = await fetch(validator.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getGenesisHash' }),
    })
    const { result } = (await response.json()) as { result: string }
    chainId = `solana:${result.slice(0, 32)}`
  })
  afterAll(() => validator.close())

  it('reports SOL and every SPL Token and Token-2022 balance, configured mints by their config, others by their mint', async () => {
    const owner = generateTestSolanaKey().address
    await validator.airdrop(owner, 2_500_000_000n)
    const usdc = await createTestSplToken(validator, { decimals: 6 })
    const points = await createTestSplToken(validator, {
      decimals: 2,
      programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    })
    const unlisted = await createTestSplToken(validator, { decimals: 9 })
    await mintTestSplTokens(validator, { token: usdc, owner, amount: 12_500_000n })
    await mintTestSplTokens(validator, { token: points, owner, amount: 1_234n })
    await mintTestSplTokens(validator, { token: unlisted, owner, amount: 3_000_000_000n })

    const prices = createStaticPriceSource({
      [`${chainId}/native`]: 150,
      [`${chainId}/${usdc.mint}`]: 1,
      [`${chainId}/${points.mint}`]: 2,
    })
    const config = chain({
      tokens: [
        {
          address: usdc.mint,
          name: 'USD Coin',
          symbol: 'USDC',
          decimals: 6,
          iconUrl: 'https://icons.example/usdc.svg',
        },
        { address: points.mint, name: 'Points', symbol: 'PTS', decimals: 2 },
      ],
    })
    const response = await getSolanaBalances({ chain: config, address: owner, prices, logger })

    const { balances } = balanceResponseSchema.parse(response)
    expect(balances[0]).toEqual({
      name: 'Solana',
      symbol: 'SOL',
      chainId,
      value: 375,
      price: 150,
      quantity: { decimals: '9', numeric: '2.5' },
      iconUrl: 'https://icons.example/sol.svg',
    })
    // Highest USD value first.
    expect(balances.slice(1)).toEqual([
      {
        name: 'Points',
        symbol: 'PTS',
        chainId,
        address: `${chainId}:${points.mint}`,
        value: 24.68,
        price: 2,
        quantity: { decimals: '2', numeric: '12.34' },
      },
      {
        name: 'USD Coin',
        symbol: 'USDC',
        chainId,
        address: `${chainId}:${usdc.mint}`,
        value: 12.5,
        price: 1,
        quantity: { decimals: '6', numeric: '12.5' },
        iconUrl: 'https://icons.example/usdc.svg',
      },
      {
        name: `Token ${unlisted.mint.slice(0, 4)}…${unlisted.mint.slice(-4)}`,
        symbol: unlisted.mint.slice(0, 4).toUpperCase(),
        chainId,
        address: `${chainId}:${unlisted.mint}`,
        value: 0,
        price: 0,
        quantity: { decimals: '9', numeric: '3' },
      },
    ])
  })

  it('reads everything in one JSON-RPC batch', async () => {
    const owner = generateTestSolanaKey().address
    await validator.airdrop(owner, 1_000_000_000n)
    const recorder = await startRpcRecorder(validator.url)
    try {
      await getSolanaBalances({
        chain: chain({ rpcUrl: recorder.url }),
        address: owner,
        prices: createStaticPriceSource({}),
        logger,
      })
      expect(recorder.requests).toEqual([
        { methods: ['getBalance', 'getTokenAccountsByOwner', 'getTokenAccountsByOwner'], batch: true },
      ])
    } finally {
      await recorder.stop()
    }
  })

  it('answers a zero SOL balance and no tokens for an account the chain has never seen', async () => {
    const { balances } = await getSolanaBalances({
      chain: chain(),
      address: generateTestSolanaKey().address,
      prices: createStaticPriceSource({ [`${chainId}/native`]: 150 }),
      logger,
    })
    expect(balances).toEqual([
      expect.objectContaining({ symbol: 'SOL', value: 0, quantity: { decimals: '9', numeric: '0' } }),
    ])
  })

  it('keeps lamports above 2^53 exact', async () => {
    const owner = generateTestSolanaKey().address
    await validator.airdrop(owner, 9_007_199_254_740_993n)
    const { balances } = await getSolanaBalances({
      chain: chain(),
      address: owner,
      prices: createStaticPriceSource({}),
      logger,
    })
    expect(balances[0]?.quantity.numeric).toBe('9007199.254740993')
  })

  it('leaves out emptied token accounts, zero-decimal mints and the chain’s spam tokens', async () => {
    const ownerKey = generateTestSolanaKey()
    const owner = ownerKey.address
    await validator.airdrop(owner, 1_000_000_000n)
    const nft = await createTestSplToken(validator, { decimals: 0 })
    const spam = await createTestSplToken(validator, { decimals: 6 })
    const kept = await createTestSplToken(validator, { decimals: 6 })
    const emptied = await createTestSplToken(validator, { decimals: 6 })
    await mintTestSplTokens(validator, { token: nft, owner, amount: 1n })
    await mintTestSplTokens(validator, { token: spam, owner, amount: 1_000_000n })
    await mintTestSplTokens(validator, { token: kept, owner, amount: 1_000_000n })
    const source = await mintTestSplTokens(validator, { token: emptied, owner, amount: 5n })
    const other = await mintTestSplTokens(validator, {
      token: emptied,
      owner: generateTestSolanaKey().address,
      amount: 1n,
    })
    await sendTestSplTokens(validator.url, {
      owner: ownerKey,
      source: source.tokenAccount,
      destination: other.tokenAccount,
      mint: emptied.mint,
      decimals: 6,
      amount: 5n,
    })
    const { balances } = await getSolanaBalances({
      chain: chain({ spamTokens: [spam.mint] }),
      address: owner,
      prices: createStaticPriceSource({}),
      logger,
    })
    expect(balances.map((balance) => balance.address)).toEqual([undefined, `${chainId}:${kept.mint}`])
  })

  it('throws UpstreamError naming the chain when the node is down', async () => {
    const down = chain({ rpcUrl: `http://127.0.0.1:${await getFreePort()}` })
    const reading = getSolanaBalances({
      chain: down,
      address: generateTestSolanaKey().address,
      prices: createStaticPriceSource({}),
      logger,
    })
    await expect(reading).rejects.toBeInstanceOf(UpstreamError)
    await expect(reading).rejects.toThrow(
      `The RPC node of ${chainId} failed while reading balances: it could not be reached`,
    )
  })
})
