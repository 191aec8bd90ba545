import { historyResponseSchema } from '@portico/core/api'
import { ANVIL_ADDRESSES, type AnvilInstance, getFreePort, rpc, startAnvil } from '@portico/test'
import type { Kysely } from 'kysely'
import { type Address, getAddress, type Hex, parseEther, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ChainConfig, chainConfigSchema } from '../config.js'
import type { Database } from '../db/schema.js'
import { createStaticPriceSource } from '../portfolio/prices.js'
import { createMigratedDatabase, ENGINES, type TestDatabase } from '../testing/testDatabase.js'
import { createIndexer } from './createIndexer.js'
import { InvalidCursorError } from './errors.js'
import { getHistory } from './getHistory.js'
import { createTestChain, type TestChain } from './testing/contracts.testkit.js'
import { createRecordingLogger } from './testing/recordingLogger.testkit.js'

const [alice, bob, carol] = ANVIL_ADDRESSES as [Address, Address, Address]

describe.each(ENGINES)('getHistory on %s', (engine) => {
  let anvil: AnvilInstance
  let other: AnvilInstance
  let chain: TestChain
  let otherChain: TestChain
  let database: TestDatabase
  let db: Kysely<Database>
  let config: ChainConfig
  let otherConfig: ChainConfig
  let token: Address
  let nft: Address
  let spamNft: Address
  let spamToken: Address
  /** Bob's transactions on the main chain, oldest first. */
  const bobs: Hex[] = []
  let failed: Hex
  let spamOnly: Hex
  let otherChainHash: Hex

  const prices = createStaticPriceSource({ 'eip155:31337/native': 2000 })

  async function index(configs: ChainConfig[]): Promise<void> {
    const indexer = createIndexer({ db, chains: configs, logger: createRecordingLogger() })
    await indexer.syncOnce()
    await indexer.stop()
  }

  beforeAll(async () => {
    ;[anvil, other] = await Promise.all([
      startAnvil({ chainId: 31337, port: await getFreePort() }),
      startAnvil({ chainId: 31338, port: await getFreePort() }),
    ])
    ;({ database, db } = await createMigratedDatabase(engine))
    chain = createTestChain(anvil.rpcUrl)
    otherChain = createTestChain(other.rpcUrl)
    // Checksummed, as the history writes CAIP-10 addresses.
    token = getAddress(await chain.deploy('TestToken', ['Portico USD', 'PUSD', 6]))
    nft = getAddress(await chain.deploy('TestNft', ['Portico Punks', 'PUNK']))
    spamNft = getAddress(await chain.deploy('TestNft', ['Free Mint Claim', 'SPAM']))
    spamToken = getAddress(await chain.deploy('TestToken', ['Visit scam.example', 'SCAM', 18]))
    const refuser = await chain.deploy('EtherRefuser')
    const startBlock = Number(await chain.publicClient.getBlockNumber({ cacheTime: 0 })) + 1
    config = chainConfigSchema.parse({
      caipNetworkId: 'eip155:31337',
      name: 'Anvil',
      rpcUrl: anvil.rpcUrl,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18, iconUrl: 'https://example.com/eth.png' },
      tokens: [
        {
          address: token,
          name: 'Portico USD',
          symbol: 'PUSD',
          decimals: 6,
          iconUrl: 'https://example.com/pusd.png',
        },
      ],
      spamTokens: [spamNft, spamToken],
      indexer: { startBlock },
    })
    otherConfig = chainConfigSchema.parse({
      caipNetworkId: 'eip155:31338',
      name: 'Other anvil',
      rpcUrl: other.rpcUrl,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      indexer: { startBlock: Number(await otherChain.publicClient.getBlockNumber({ cacheTime: 0 })) + 1 },
    })

    bobs.push(await chain.sendEther(0, bob, parseEther('1.5')))
    bobs.push(await chain.write(0, { name: 'TestToken', address: token }, 'mint', [bob, parseUnits('40', 6)]))
    bobs.push(
      await chain.write(1, { name: 'TestToken', address: token }, 'transfer', [carol, parseUnits('2.25', 6)]),
    )
    bobs.push(await chain.write(0, { name: 'TestNft', address: nft }, 'mint', [bob, 1n]))
    bobs.push(await chain.write(1, { name: 'TestNft', address: nft }, 'transferFrom', [bob, carol, 1n]))
    spamOnly = await chain.write(0, { name: 'TestNft', address: spamNft }, 'mint', [bob, 99n])
    bobs.push(spamOnly)
    failed = await chain.sendEther(1, refuser, 1n, { gas: 100_000n })
    bobs.push(failed)
    bobs.push(await chain.sendEther(1, bob, 5n))
    // An ERC-20 spam airdrop: nothing to show, so the transaction is left out.
    await chain.write(0, { name: 'TestToken', address: spamToken }, 'mint', [bob, 10n ** 18n])
    await chain.sendEther(0, carol, 1n)
    otherChainHash = await otherChain.sendEther(0, bob, 3n)
    await index([config, otherConfig])
  })
  afterAll(async () => {
    await db?.destroy()
    await database?.drop()
    await Promise.all([anvil?.stop(), other?.stop()])
  })

  it('lists the account transactions newest first, shaped like the wire contract', async () => {
    const page = await getHistory({ db, chain: config, address: bob, prices })
    expect(historyResponseSchema.parse(page)).toEqual(page)
    expect(page.next).toBeNull()
    expect(page.data.map((transaction) => transaction.metadata.hash)).toEqual(
      [...bobs].reverse().map((hash) => hash.toLowerCase()),
    )

    const byHash = new Map(page.data.map((transaction) => [transaction.metadata.hash, transaction]))
    const received = byHash.get((bobs[0] as Hex).toLowerCase())
    const block = await chain.publicClient.getBlock({
      blockNumber: (await chain.publicClient.getTransactionReceipt({ hash: bobs[0] as Hex })).blockNumber,
    })
    expect(received).toEqual({
      id: `eip155:31337:${(bobs[0] as Hex).toLowerCase()}`,
      metadata: {
        operationType: 'receive',
        hash: (bobs[0] as Hex).toLowerCase(),
        minedAt: new Date(Number(block.timestamp) * 1000).toISOString(),
        sentFrom: alice,
        sentTo: bob,
        status: 'confirmed',
        nonce: expect.any(Number),
        chain: 'eip155:31337',
      },
      transfers: [
        {
          direction: 'in',
          quantity: { numeric: '1.5' },
          fungible_info: { name: 'Ether', symbol: 'ETH', icon: { url: 'https://example.com/eth.png' } },
          price: 2000,
          value: 3000,
        },
      ],
    })
    expect(byHash.get((bobs[1] as Hex).toLowerCase())).toMatchObject({
      metadata: { operationType: 'mint' },
      transfers: [
        {
          direction: 'in',
          quantity: { numeric: '40' },
          fungible_info: {
            name: 'Portico USD',
            symbol: 'PUSD',
            address: `eip155:31337:${token}`,
            icon: { url: 'https://example.com/pusd.png' },
          },
        },
      ],
    })
    const sent = byHash.get((bobs[2] as Hex).toLowerCase())
    expect(sent?.metadata).toMatchObject({ operationType: 'send', sentFrom: bob, sentTo: token })
    expect(sent?.transfers).toEqual([
      {
        direction: 'out',
        quantity: { numeric: '2.25' },
        fungible_info: {
          name: 'Portico USD',
          symbol: 'PUSD',
          address: `eip155:31337:${token}`,
          icon: { url: 'https://example.com/pusd.png' },
        },
      },
    ])
    expect(byHash.get((bobs[4] as Hex).toLowerCase())?.transfers).toEqual([
      {
        direction: 'out',
        quantity: { numeric: '1' },
        nft_info: {
          name: 'Portico Punks',
          address: `eip155:31337:${nft}`,
          token_id: '1',
          flags: { is_spam: false },
        },
      },
    ])
    expect(byHash.get((bobs[7] as Hex).toLowerCase())?.transfers).toEqual([
      {
        direction: 'self',
        quantity: { numeric: '0.000000000000000005' },
        fungible_info: expect.any(Object),
        price: 2000,
        value: expect.any(Number),
      },
    ])
  })

  it('marks transfers of a configured spam collection, so the client can drop them', async () => {
    const page = await getHistory({ db, chain: config, address: bob, prices })
    const spam = page.data.find((transaction) => transaction.metadata.hash === spamOnly.toLowerCase())
    expect(spam?.transfers).toEqual([
      {
        direction: 'in',
        quantity: { numeric: '1' },
        nft_info: {
          name: 'Free Mint Claim',
          address: `eip155:31337:${spamNft}`,
          token_id: '99',
          flags: { is_spam: true },
        },
      },
    ])
    // The spam ERC-20 airdrop has nothing the schema can flag; it is not listed at all.
    const symbols = page.data.flatMap((transaction) =>
      transaction.transfers.map((transfer) => transfer.fungible_info?.symbol),
    )
    expect(symbols).not.toContain('SCAM')
  })

  it('shows a failed transaction the account sent, with status failed', async () => {
    const page = await getHistory({ db, chain: config, address: bob, prices })
    const attempt = page.data.find((transaction) => transaction.metadata.hash === failed.toLowerCase())
    expect(attempt?.metadata).toMatchObject({ status: 'failed', operationType: 'send', sentFrom: bob })
  })

  it('pages with cursors, and a page does not shift when new blocks arrive', async () => {
    const first = await getHistory({ db, chain: config, address: bob, prices, limit: 3 })
    expect(first.data).toHaveLength(3)
    expect(first.next).toEqual(expect.any(String))
    // A new transaction for Bob lands between two page loads.
    const newer = await chain.sendEther(2, bob, 7n)
    await index([config])
    const second = await getHistory({
      db,
      chain: config,
      address: bob,
      prices,
      limit: 3,
      cursor: first.next as string,
    })
    const third = await getHistory({
      db,
      chain: config,
      address: bob,
      prices,
      limit: 3,
      cursor: second.next as string,
    })
    expect(third.next).toBeNull()
    const seen = [...first.data, ...second.data, ...third.data].map(
      (transaction) => transaction.metadata.hash,
    )
    expect(seen).toEqual([...bobs].reverse().map((hash) => hash.toLowerCase()))
    const latest = await getHistory({ db, chain: config, address: bob, prices, limit: 1 })
    expect(latest.data[0]?.metadata.hash).toBe(newer.toLowerCase())
    bobs.push(newer)
  })

  it('refuses a cursor it did not make', async () => {
    const page = await getHistory({ db, chain: config, address: bob, prices, limit: 2 })
    for (const cursor of ['not-a-cursor', Buffer.from('{"v":1}').toString('base64url'), '💥']) {
      await expect(getHistory({ db, chain: config, address: bob, prices, cursor })).rejects.toBeInstanceOf(
        InvalidCursorError,
      )
    }
    // Someone else's cursor, or this account's cursor on another chain.
    await expect(
      getHistory({ db, chain: config, address: carol, prices, cursor: page.next as string }),
    ).rejects.toThrow(InvalidCursorError)
    await expect(
      getHistory({ db, chain: otherConfig, address: bob, prices, cursor: page.next as string }),
    ).rejects.toThrow('The cursor is not one this server returned')
  })

  it('lists only the chain asked for', async () => {
    const here = await getHistory({ db, chain: config, address: bob, prices })
    expect(here.data.map((transaction) => transaction.metadata.hash)).not.toContain(
      otherChainHash.toLowerCase(),
    )
    expect(here.data.every((transaction) => transaction.metadata.chain === 'eip155:31337')).toBe(true)
    const there = await getHistory({ db, chain: otherConfig, address: bob, prices })
    expect(there.data.map((transaction) => transaction.metadata.hash)).toEqual([otherChainHash.toLowerCase()])
    // No price configured on that chain: no price or value, rather than a made-up zero.
    expect(there.data[0]?.transfers[0]).not.toHaveProperty('price')
  })

  it('answers an empty page for an account with no activity', async () => {
    expect(
      await getHistory({ db, chain: config, address: '0x000000000000000000000000000000000000dEaD', prices }),
    ).toEqual({
      data: [],
      next: null,
    })
  })

  it('pages 20 transactions by default and at most 100', async () => {
    // 120 payments to a fresh account, mined in one block.
    const payee = '0x00000000000000000000000000000000c0ffee00'
    const sender = chain.wallets[4]
    const account = sender?.account
    if (!sender || !account) throw new Error('anvil account 4 is missing')
    const nonce = await chain.publicClient.getTransactionCount({
      address: account.address,
      blockTag: 'pending',
    })
    await rpc(anvil.rpcUrl, 'evm_setAutomine', [false])
    try {
      for (let index = 0; index < 120; index++) {
        await sender.sendTransaction({
          account,
          chain: null,
          to: payee,
          value: BigInt(index + 1),
          nonce: nonce + index,
          gas: 21_000n,
        })
      }
      await rpc(anvil.rpcUrl, 'evm_mine')
    } finally {
      await rpc(anvil.rpcUrl, 'evm_setAutomine', [true])
    }
    await index([config])
    const first = await getHistory({ db, chain: config, address: payee, prices })
    expect(first.data).toHaveLength(20)
    // Newest first: the last payment (index 119, 120 wei) leads.
    expect(first.data[0]?.transfers[0]?.quantity.numeric).toBe('0.00000000000000012')
    const big = await getHistory({ db, chain: config, address: payee, prices, limit: 500 })
    expect(big.data).toHaveLength(100)
    const rest = await getHistory({
      db,
      chain: config,
      address: payee,
      prices,
      limit: 500,
      cursor: big.next as string,
    })
    expect(rest.data).toHaveLength(20)
    expect(rest.next).toBeNull()
    expect(new Set([...big.data, ...rest.data].map((transaction) => transaction.id)).size).toBe(120)
  })
})
