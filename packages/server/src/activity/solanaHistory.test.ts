import { historyResponseSchema, type Transaction } from '@portico/core/api'
import { getFreePort } from '@portico/test'
import {
  createTestSplToken,
  LAMPORTS_PER_SIGNATURE,
  mintTestSplTokens,
  type SolanaTestValidator,
  startSolanaTestValidator,
  type TestSplToken,
  TOKEN_2022_PROGRAM_ADDRESS,
} from '@portico/test/solana'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ChainConfig, chainConfigSchema } from '../config.js'
import { UpstreamError } from '../portfolio/errors.js'
import { createStaticPriceSource } from '../portfolio/prices.js'
import { InvalidCursorError } from './errors.js'
import { getSolanaHistory } from './solanaHistory.js'
import {
  generateTestSolanaKey,
  sendTestSol,
  sendTestSplTokens,
  type TestSolanaKey,
} from './solanaTransactions.testkit.js'
import { startRpcRecorder } from './testing/rpcRecorder.testkit.js'

const SOL = 1_000_000_000n

describe('getSolanaHistory', () => {
  let validator: SolanaTestValidator
  let chain: ChainConfig
  let chainId: string
  let alice: TestSolanaKey
  let bob: TestSolanaKey
  let usdc: TestSplToken
  let points: TestSplToken
  const prices = () => createStaticPriceSource({ [`${chainId}/native`]: 100, [`${chainId}/${usdc.mint}`]: 1 })
  const history = (address: string, options: { cursor?: string; limit?: number } = {}) =>
    getSolanaHistory({ chain, address, prices: prices(), ...options }).then((page) =>
      historyResponseSchema.parse(page),
    )
  const find = (data: Transaction[], signature: string) => {
    const found = data.find((transaction) => transaction.metadata.hash === signature)
    if (!found) throw new Error(`${signature} is not in the history`)
    return found
  }
  const signatures: Record<string, string> = {}
  let aliceUsdc: string
  let bobUsdc: string
  let alicePoints: string
  let bobPoints: string

  beforeAll(async () => {
    validator = await startSolanaTestValidator()
    const genesis = (await (
      await fetch(validator.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getGenesisHash' }),
      })
    ).json()) as { result: string }
    chainId = `solana:${genesis.result.slice(0, 32)}`
    usdc = await createTestSplToken(validator, { decimals: 6 })
    points = await createTestSplToken(validator, { decimals: 2, programAddress: TOKEN_2022_PROGRAM_ADDRESS })
    chain = chainConfigSchema.parse({
      caipNetworkId: chainId,
      name: 'Solana Localnet',
      rpcUrl: validator.url,
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      tokens: [{ address: usdc.mint, name: 'USD Coin', symbol: 'USDC', decimals: 6 }],
    })
    alice = generateTestSolanaKey()
    bob = generateTestSolanaKey()

    // Oldest first: what each test below finds in the history.
    signatures.airdrop = await validator.airdrop(alice.address, 3n * SOL)
    signatures.solOut = await sendTestSol(validator.url, { from: alice, to: bob.address, lamports: SOL / 2n })
    const minted = await mintTestSplTokens(validator, {
      token: usdc,
      owner: alice.address,
      amount: 10_000_000n,
    })
    aliceUsdc = minted.tokenAccount
    signatures.usdcMint = minted.signature
    ;({ tokenAccount: bobUsdc } = await mintTestSplTokens(validator, {
      token: usdc,
      owner: bob.address,
      amount: 1n,
    }))
    ;({ tokenAccount: alicePoints } = await mintTestSplTokens(validator, {
      token: points,
      owner: alice.address,
      amount: 500n,
    }))
    ;({ tokenAccount: bobPoints } = await mintTestSplTokens(validator, {
      token: points,
      owner: bob.address,
      amount: 1n,
    }))
    signatures.usdcOut = await sendTestSplTokens(validator.url, {
      owner: alice,
      source: aliceUsdc,
      destination: bobUsdc,
      mint: usdc.mint,
      decimals: 6,
      amount: 2_500_000n,
    })
    signatures.pointsOut = await sendTestSplTokens(validator.url, {
      owner: alice,
      source: alicePoints,
      destination: bobPoints,
      mint: points.mint,
      decimals: 2,
      amount: 125n,
      programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    })
    signatures.failed = await sendTestSol(validator.url, {
      from: alice,
      to: bob.address,
      lamports: 100n * SOL,
      skipPreflight: true,
    })
  })
  afterAll(() => validator.close())

  it('lists SOL received, with the sender, the time and a price', async () => {
    const { data } = await history(alice.address)
    const airdrop = find(data, signatures.airdrop as string)
    expect(airdrop).toMatchObject({
      id: `${chainId}:${signatures.airdrop}`,
      metadata: { operationType: 'receive', sentTo: alice.address, status: 'confirmed', chain: chainId },
      transfers: [
        {
          direction: 'in',
          quantity: { numeric: '3' },
          fungible_info: { name: 'Solana', symbol: 'SOL' },
          price: 100,
          value: 300,
        },
      ],
    })
    // The faucet sent it: the one account whose balance fell by as much.
    expect(airdrop.metadata.sentFrom).not.toBe(alice.address)
    expect(airdrop.metadata.sentFrom).not.toBe('')
    expect(Math.abs(Date.parse(airdrop.metadata.minedAt) - Date.now())).toBeLessThan(120_000)
  })

  it('lists SOL sent without the fee, to its recipient, on both sides', async () => {
    const sent = find((await history(alice.address)).data, signatures.solOut as string)
    expect(sent.metadata).toMatchObject({
      operationType: 'send',
      sentFrom: alice.address,
      sentTo: bob.address,
    })
    expect(sent.transfers).toEqual([
      expect.objectContaining({ direction: 'out', quantity: { numeric: '0.5' }, value: 50 }),
    ])
    const received = find((await history(bob.address)).data, signatures.solOut as string)
    expect(received.metadata).toMatchObject({
      operationType: 'receive',
      sentFrom: alice.address,
      sentTo: bob.address,
    })
    expect(received.transfers).toEqual([
      expect.objectContaining({ direction: 'in', quantity: { numeric: '0.5' } }),
    ])
  })

  it('lists tokens minted to the account as a mint of the configured token', async () => {
    const minted = find((await history(alice.address)).data, signatures.usdcMint as string)
    expect(minted.metadata.operationType).toBe('mint')
    expect(minted.transfers).toEqual([
      {
        direction: 'in',
        quantity: { numeric: '10' },
        fungible_info: { name: 'USD Coin', symbol: 'USDC', address: `${chainId}:${usdc.mint}` },
        price: 1,
        value: 10,
      },
    ])
  })

  it('lists SPL tokens sent and received, also when the transfer does not name the receiver’s wallet', async () => {
    const sent = find((await history(alice.address)).data, signatures.usdcOut as string)
    expect(sent.metadata).toMatchObject({
      operationType: 'send',
      sentFrom: alice.address,
      sentTo: bob.address,
    })
    // The fee is paid in SOL but is not a transfer.
    expect(sent.transfers).toEqual([
      expect.objectContaining({ direction: 'out', quantity: { numeric: '2.5' }, value: 2.5 }),
    ])
    // Bob's wallet address is not among the transaction's accounts, only his token account is.
    const received = find((await history(bob.address)).data, signatures.usdcOut as string)
    expect(received.metadata).toMatchObject({
      operationType: 'receive',
      sentFrom: alice.address,
      sentTo: bob.address,
    })
    expect(received.transfers).toEqual([
      expect.objectContaining({
        direction: 'in',
        quantity: { numeric: '2.5' },
        fungible_info: expect.objectContaining({ symbol: 'USDC' }),
      }),
    ])
  })

  it('lists Token-2022 transfers of a mint the config does not name, by the mint', async () => {
    const received = find((await history(bob.address)).data, signatures.pointsOut as string)
    expect(received.transfers).toEqual([
      {
        direction: 'in',
        quantity: { numeric: '1.25' },
        fungible_info: {
          name: `Token ${points.mint.slice(0, 4)}…${points.mint.slice(-4)}`,
          symbol: points.mint.slice(0, 4).toUpperCase(),
          address: `${chainId}:${points.mint}`,
        },
      },
    ])
    const sent = find((await history(alice.address)).data, signatures.pointsOut as string)
    expect(sent.transfers).toEqual([
      expect.objectContaining({ direction: 'out', quantity: { numeric: '1.25' } }),
    ])
  })

  it('marks a transaction that failed on chain as failed, with no transfer for the fee it cost', async () => {
    const failed = find((await history(alice.address)).data, signatures.failed as string)
    expect(failed.metadata).toMatchObject({
      status: 'failed',
      operationType: 'execute',
      sentFrom: alice.address,
    })
    expect(failed.transfers).toEqual([])
    // The fee was charged all the same: the chain's own record says so.
    const response = await fetch(validator.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getTransaction', params: [signatures.failed] }),
    })
    const { result } = (await response.json()) as { result: { meta: { fee: number; err: unknown } } }
    expect(result.meta.err).not.toBeNull()
    expect(BigInt(result.meta.fee)).toBe(LAMPORTS_PER_SIGNATURE)
  })

  it('lists newest first and pages with the last signature as the cursor, without gaps or repeats', async () => {
    const all = await history(alice.address)
    expect(all.next).toBeNull()
    expect(all.data.map((transaction) => transaction.metadata.hash)).toEqual([
      signatures.failed,
      signatures.pointsOut,
      signatures.usdcOut,
      expect.any(String), // the Token-2022 mint to Alice
      signatures.usdcMint,
      signatures.solOut,
      signatures.airdrop,
    ])

    const seen: string[] = []
    let cursor: string | undefined
    for (let round = 0; round < 10; round++) {
      const page = await history(alice.address, { limit: 3, ...(cursor ? { cursor } : {}) })
      expect(page.data.length).toBeLessThanOrEqual(3)
      seen.push(...page.data.map((transaction) => transaction.metadata.hash))
      if (page.next === null) break
      expect(page.next).toBe(page.data.at(-1)?.metadata.hash)
      cursor = page.next
    }
    expect(seen).toEqual(all.data.map((transaction) => transaction.metadata.hash))
  })

  it('reads a page in three batches: signatures and token accounts, their signatures, the transactions', async () => {
    const recorder = await startRpcRecorder(validator.url)
    try {
      const page = await getSolanaHistory({
        chain: { ...chain, rpcUrl: recorder.url },
        address: alice.address,
        prices: prices(),
        limit: 4,
      })
      expect(page.data).toHaveLength(4)
      expect(recorder.requests).toEqual([
        {
          methods: ['getSignaturesForAddress', 'getTokenAccountsByOwner', 'getTokenAccountsByOwner'],
          batch: true,
        },
        { methods: ['getSignaturesForAddress', 'getSignaturesForAddress'], batch: true },
        { methods: Array(4).fill('getTransaction'), batch: true },
      ])
    } finally {
      await recorder.stop()
    }
  })

  it('answers an empty page for an account with no transactions', async () => {
    expect(await history(generateTestSolanaKey().address)).toEqual({ data: [], next: null })
  })

  it('refuses a cursor that is not a transaction signature', async () => {
    await expect(history(alice.address, { cursor: 'not-a-signature' })).rejects.toBeInstanceOf(
      InvalidCursorError,
    )
  })

  it('throws UpstreamError naming the chain when the node is down', async () => {
    const down = { ...chain, rpcUrl: `http://127.0.0.1:${await getFreePort()}` }
    await expect(getSolanaHistory({ chain: down, address: alice.address, prices: prices() })).rejects.toThrow(
      UpstreamError,
    )
  })
})
