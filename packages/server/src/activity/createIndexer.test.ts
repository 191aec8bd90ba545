import {
  ANVIL_ADDRESSES,
  type AnvilInstance,
  getFreePort,
  revert,
  rpc,
  snapshot,
  startAnvil,
} from '@portico/test'
import type { Kysely } from 'kysely'
import { type Address, type Hex, parseEther, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type ChainConfig, chainConfigSchema } from '../config.js'
import type { Database } from '../db/schema.js'
import { createMigratedDatabase, ENGINES, type TestDatabase } from '../testing/testDatabase.js'
import { createIndexer } from './createIndexer.js'
import { createTestChain, type TestChain } from './testing/contracts.testkit.js'
import { createRecordingLogger } from './testing/recordingLogger.testkit.js'
import { startRpcRecorder } from './testing/rpcRecorder.testkit.js'

const CHAIN_ID = 31337
const CAIP2 = `eip155:${CHAIN_ID}`
const [alice, bob, carol, dave] = ANVIL_ADDRESSES.map((address) => address.toLowerCase()) as [
  Address,
  Address,
  Address,
  Address,
]

describe.each(ENGINES)('the activity indexer on %s', (engine) => {
  let anvil: AnvilInstance
  let chain: TestChain
  const databases: TestDatabase[] = []
  const connections: Kysely<Database>[] = []

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: CHAIN_ID, port: await getFreePort() })
    chain = createTestChain(anvil.rpcUrl)
  })
  afterAll(async () => {
    for (const db of connections) await db.destroy()
    for (const database of databases) await database.drop()
    await anvil?.stop()
  })

  async function freshDatabase(): Promise<{ db: Kysely<Database>; database: TestDatabase }> {
    const { database, db } = await createMigratedDatabase(engine)
    databases.push(database)
    connections.push(db)
    return { db, database }
  }

  async function head(): Promise<number> {
    return Number(await chain.publicClient.getBlockNumber({ cacheTime: 0 }))
  }

  function chainConfig(
    indexer: Partial<ChainConfig['indexer']> = {},
    overrides: Partial<ChainConfig> = {},
  ): ChainConfig {
    return chainConfigSchema.parse({
      caipNetworkId: CAIP2,
      name: 'Anvil',
      rpcUrl: anvil.rpcUrl,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      indexer: { pollIntervalMs: 50, ...indexer },
      ...overrides,
    })
  }

  const transfersOf = (db: Kysely<Database>, hash: Hex) =>
    db
      .selectFrom('activity_transfers')
      .select(['kind', 'token', 'from_address', 'to_address', 'amount', 'token_id', 'log_index'])
      .where('tx_hash', '=', hash.toLowerCase())
      .orderBy('log_index')
      .execute()

  it('records native, ERC-20 and NFT transfers of contracts nobody configured', async () => {
    const { db } = await freshDatabase()
    const startBlock = (await head()) + 1
    const token = await chain.deploy('TestToken', ['Unlisted Dollar', 'ULD', 6])
    const tether = await chain.deploy('TetherStyleToken', ['Tether USD', 'USDT', 6])
    const nft = await chain.deploy('TestNft', ['Portico Punks', 'PUNK'])
    const native = await chain.sendEther(0, bob, parseEther('1.25'))
    const minted = await chain.write(0, { name: 'TestToken', address: token }, 'mint', [
      alice,
      parseUnits('100', 6),
    ])
    const sent = await chain.write(0, { name: 'TestToken', address: token }, 'transfer', [
      bob,
      parseUnits('12.5', 6),
    ])
    await chain.write(0, { name: 'TetherStyleToken', address: tether }, 'mint', [alice, parseUnits('10', 6)])
    const tetherSent = await chain.write(0, { name: 'TetherStyleToken', address: tether }, 'transfer', [
      carol,
      1n,
    ])
    await chain.write(0, { name: 'TestNft', address: nft }, 'mint', [alice, 7n])
    const nftSent = await chain.write(0, { name: 'TestNft', address: nft }, 'transferFrom', [alice, bob, 7n])

    const logger = createRecordingLogger()
    const indexer = createIndexer({ db, chains: [chainConfig({ startBlock })], logger })
    await indexer.syncOnce()
    await indexer.stop()

    expect(await transfersOf(db, native)).toEqual([
      {
        kind: 'native',
        token: null,
        from_address: alice,
        to_address: bob,
        amount: parseEther('1.25').toString(),
        token_id: null,
        log_index: -1,
      },
    ])
    expect(await transfersOf(db, minted)).toMatchObject([
      {
        kind: 'erc20',
        token: token.toLowerCase(),
        from_address: `0x${'0'.repeat(40)}`,
        to_address: alice,
        amount: '100000000',
      },
    ])
    expect(await transfersOf(db, sent)).toMatchObject([
      { kind: 'erc20', from_address: alice, to_address: bob, amount: '12500000', token_id: null },
    ])
    expect(await transfersOf(db, tetherSent)).toMatchObject([
      { kind: 'erc20', token: tether.toLowerCase(), from_address: alice, to_address: carol, amount: '1' },
    ])
    expect(await transfersOf(db, nftSent)).toMatchObject([
      {
        kind: 'erc721',
        token: nft.toLowerCase(),
        from_address: alice,
        to_address: bob,
        amount: '1',
        token_id: '7',
      },
    ])
    const transaction = await db
      .selectFrom('activity_transactions')
      .selectAll()
      .where('hash', '=', native.toLowerCase())
      .executeTakeFirstOrThrow()
    const receipt = await chain.publicClient.getTransactionReceipt({ hash: native })
    const block = await chain.publicClient.getBlock({ blockNumber: receipt.blockNumber })
    expect(transaction).toMatchObject({
      chain: CAIP2,
      block_number: receipt.blockNumber.toString(),
      block_hash: receipt.blockHash.toLowerCase(),
      tx_index: receipt.transactionIndex,
      from_address: alice,
      to_address: bob,
      status: 'confirmed',
    })
    expect(new Date(transaction.mined_at).getTime()).toBe(Number(block.timestamp) * 1000)

    const tokens = await db.selectFrom('activity_tokens').selectAll().orderBy('symbol').execute()
    expect(tokens).toEqual([
      {
        chain: CAIP2,
        address: nft.toLowerCase(),
        name: 'Portico Punks',
        symbol: 'PUNK',
        decimals: null,
        status: 'known',
      },
      {
        chain: CAIP2,
        address: token.toLowerCase(),
        name: 'Unlisted Dollar',
        symbol: 'ULD',
        decimals: 6,
        status: 'known',
      },
      {
        chain: CAIP2,
        address: tether.toLowerCase(),
        name: 'Tether USD',
        symbol: 'USDT',
        decimals: 6,
        status: 'known',
      },
    ])
  })

  it('records a reverted transaction as failed', async () => {
    const { db } = await freshDatabase()
    const refuser = await chain.deploy('EtherRefuser')
    const startBlock = (await head()) + 1
    // An explicit gas limit skips estimation, so the node mines the transaction and it reverts.
    const hash = await chain.sendEther(1, refuser, parseEther('0.5'), { gas: 100_000n })
    expect((await chain.publicClient.getTransactionReceipt({ hash })).status).toBe('reverted')
    const indexer = createIndexer({
      db,
      chains: [chainConfig({ startBlock })],
      logger: createRecordingLogger(),
    })
    await indexer.syncOnce()
    await indexer.stop()
    const row = await db
      .selectFrom('activity_transactions')
      .select(['status', 'from_address'])
      .where('hash', '=', hash.toLowerCase())
      .executeTakeFirst()
    expect(row).toEqual({ status: 'failed', from_address: bob })
  })

  it('changes nothing when a range is indexed again', async () => {
    const { db } = await freshDatabase()
    const startBlock = (await head()) + 1
    await chain.sendEther(2, dave, 123n)
    const token = await chain.deploy('TestToken', ['Again', 'AGN', 18])
    await chain.write(0, { name: 'TestToken', address: token }, 'mint', [carol, 5n])
    const indexer = createIndexer({
      db,
      chains: [chainConfig({ startBlock })],
      logger: createRecordingLogger(),
    })
    await indexer.syncOnce()
    const count = async () =>
      Promise.all(
        (['activity_transactions', 'activity_transfers', 'activity_tokens'] as const).map(async (table) =>
          Number((await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
        ),
      )
    const before = await count()
    expect(before[1]).toBeGreaterThanOrEqual(2)
    // As if the process had stopped after writing the rows but before moving its cursor.
    await db
      .updateTable('activity_chains')
      .set({ last_block: startBlock - 1 })
      .where('chain', '=', CAIP2)
      .execute()
    await indexer.syncOnce()
    await indexer.stop()
    expect(await count()).toEqual(before)
  })

  it('resumes from the stored cursor after a restart instead of jumping to the head', async () => {
    const { db } = await freshDatabase()
    // No startBlock: the first start begins at the head.
    const first = createIndexer({ db, chains: [chainConfig()], logger: createRecordingLogger() })
    await first.syncOnce()
    await first.stop()
    const whileDown = await chain.sendEther(3, alice, 777n)
    await rpc(anvil.rpcUrl, 'anvil_mine', ['0x3'])
    const second = createIndexer({ db, chains: [chainConfig()], logger: createRecordingLogger() })
    await second.syncOnce()
    await second.stop()
    expect(await transfersOf(db, whileDown)).toMatchObject([{ kind: 'native', amount: '777' }])
    const { last_block } = await db
      .selectFrom('activity_chains')
      .select('last_block')
      .executeTakeFirstOrThrow()
    expect(Number(last_block)).toBe(await head())
  })

  it('removes the transfers of orphaned blocks after a re-org and indexes the new chain', async () => {
    const { db } = await freshDatabase()
    const startBlock = (await head()) + 1
    const config = chainConfig({ startBlock, confirmations: 5 })
    const logger = createRecordingLogger()
    const indexer = createIndexer({ db, chains: [config], logger })
    const id = await snapshot(anvil.rpcUrl)
    const orphan = await chain.sendEther(0, carol, 1111n)
    await indexer.syncOnce()
    expect(await transfersOf(db, orphan)).toHaveLength(1)

    await revert(anvil.rpcUrl, id)
    // A different block at the same height.
    const replacement = await chain.sendEther(0, dave, 2222n)
    const orphanHeight = Number(
      (
        await db
          .selectFrom('activity_blocks')
          .select('number')
          .orderBy('number', 'desc')
          .executeTakeFirstOrThrow()
      ).number,
    )
    expect(await head()).toBe(orphanHeight)
    await indexer.syncOnce()
    await indexer.stop()

    expect(await transfersOf(db, orphan)).toEqual([])
    expect(
      await db
        .selectFrom('activity_transactions')
        .select('hash')
        .where('hash', '=', orphan.toLowerCase())
        .execute(),
    ).toEqual([])
    expect(await transfersOf(db, replacement)).toMatchObject([
      { kind: 'native', to_address: dave, amount: '2222' },
    ])
    const storedTip = await db
      .selectFrom('activity_blocks')
      .select('hash')
      .where('number', '=', String(orphanHeight))
      .executeTakeFirstOrThrow()
    const chainTip = await chain.publicClient.getBlock({ blockNumber: BigInt(orphanHeight) })
    expect(storedTip.hash).toBe(chainTip.hash.toLowerCase())
    expect(logger.lines.some((line) => line.message.startsWith('re-org'))).toBe(true)
  })

  it('walks back several orphaned blocks to the common ancestor', async () => {
    const { db } = await freshDatabase()
    const startBlock = (await head()) + 1
    const indexer = createIndexer({
      db,
      chains: [chainConfig({ startBlock, confirmations: 5 })],
      logger: createRecordingLogger(),
    })
    const kept = await chain.sendEther(0, bob, 1n)
    await indexer.syncOnce()
    const id = await snapshot(anvil.rpcUrl)
    const orphans = [
      await chain.sendEther(0, carol, 2n),
      await chain.sendEther(0, carol, 3n),
      await chain.sendEther(0, carol, 4n),
    ]
    await indexer.syncOnce()
    await revert(anvil.rpcUrl, id)
    // The new branch is as long as the old one plus one block.
    const replacements = [await chain.sendEther(0, dave, 5n)]
    await rpc(anvil.rpcUrl, 'anvil_mine', ['0x3'])
    await indexer.syncOnce()
    await indexer.stop()
    for (const orphan of orphans) expect(await transfersOf(db, orphan)).toEqual([])
    expect(await transfersOf(db, kept)).toHaveLength(1)
    expect(await transfersOf(db, replacements[0] as Hex)).toMatchObject([{ amount: '5' }])
    const stored = await db
      .selectFrom('activity_blocks')
      .select(['number', 'hash'])
      .orderBy('number')
      .execute()
    for (const block of stored) {
      const onChain = await chain.publicClient.getBlock({ blockNumber: BigInt(block.number) })
      expect(block.hash).toBe(onChain.hash.toLowerCase())
    }
  })

  it('lets a second indexer wait while the first holds the lease, and take over once it stops', async () => {
    const { db, database } = await freshDatabase()
    // A second server: its own connection on PostgreSQL, the same embedded database on PGlite.
    const otherDb = engine === 'postgres' ? database.open() : db
    if (otherDb !== db) connections.push(otherDb)
    const startBlock = (await head()) + 1
    const first = createIndexer({
      db,
      chains: [chainConfig({ startBlock })],
      logger: createRecordingLogger(),
    })
    const secondLogger = createRecordingLogger()
    const second = createIndexer({ db: otherDb, chains: [chainConfig({ startBlock })], logger: secondLogger })
    await first.syncOnce()

    const meanwhile = await chain.sendEther(4, alice, 4242n)
    await second.syncOnce()
    expect(await transfersOf(db, meanwhile)).toEqual([])
    expect(secondLogger.lines.map((line) => line.message)).toContain(
      'another indexer holds this chain; waiting for its lease',
    )

    await first.stop()
    await second.syncOnce()
    await second.stop()
    expect(await transfersOf(db, meanwhile)).toMatchObject([{ amount: '4242' }])
  })

  it('follows the chain in the background once started, and stops cleanly', async () => {
    const { db } = await freshDatabase()
    const indexer = createIndexer({
      db,
      chains: [chainConfig({ startBlock: (await head()) + 1 })],
      logger: createRecordingLogger(),
    })
    indexer.start()
    const later = await chain.sendEther(1, carol, 31n)
    await vi.waitFor(async () => expect(await transfersOf(db, later)).toHaveLength(1), {
      timeout: 10_000,
      interval: 50,
    })
    await indexer.stop()
    const { lease_owner } = await db
      .selectFrom('activity_chains')
      .select('lease_owner')
      .executeTakeFirstOrThrow()
    expect(lease_owner).toBeNull()
  })

  it('logs a node that does not answer and keeps retrying without throwing', async () => {
    const { db } = await freshDatabase()
    const logger = createRecordingLogger()
    const dead = `http://127.0.0.1:${await getFreePort()}`
    const indexer = createIndexer({ db, chains: [chainConfig({ startBlock: 0 }, { rpcUrl: dead })], logger })
    indexer.start()
    await vi.waitFor(
      () =>
        expect(
          logger.lines.filter((line) => line.message === 'indexing round failed; retrying').length,
        ).toBeGreaterThanOrEqual(2),
      { timeout: 10_000, interval: 20 },
    )
    await indexer.stop()
    const attempts = logger.lines
      .filter((line) => line.level === 'error')
      .map((line) => line.fields.retryInMs)
    expect(attempts.slice(0, 2)).toEqual([100, 200])
    await expect(
      createIndexer({ db, chains: [chainConfig({}, { rpcUrl: dead })], logger }).syncOnce(),
    ).rejects.toThrow()
  })

  it('reads receipts per transaction when the node has no eth_getBlockReceipts', async () => {
    const { db } = await freshDatabase()
    const recorder = await startRpcRecorder(anvil.rpcUrl)
    recorder.refused.add('eth_getBlockReceipts')
    try {
      const startBlock = (await head()) + 1
      const hash = await chain.sendEther(2, bob, 55n)
      const logger = createRecordingLogger()
      const indexer = createIndexer({
        db,
        chains: [chainConfig({ startBlock }, { rpcUrl: recorder.url })],
        logger,
      })
      await indexer.syncOnce()
      await indexer.stop()
      expect(await transfersOf(db, hash)).toMatchObject([{ amount: '55' }])
      const methods = recorder.requests.flatMap((request) => request.methods)
      expect(methods).toContain('eth_getTransactionReceipt')
      expect(logger.lines.map((line) => line.message)).toContain(
        'the node has no eth_getBlockReceipts; reading receipts per transaction',
      )
    } finally {
      await recorder.stop()
    }
  })

  it('records a token contract that does not describe itself as unknown, and does not ask it again', async () => {
    const { db } = await freshDatabase()
    const recorder = await startRpcRecorder(anvil.rpcUrl)
    try {
      const startBlock = (await head()) + 1
      const bare = await chain.deploy('BareTransferEmitter')
      const contract = { name: 'BareTransferEmitter' as const, address: bare }
      await chain.write(0, contract, 'emitTransfer', [bob, 9n])
      const indexer = createIndexer({
        db,
        chains: [chainConfig({ startBlock }, { rpcUrl: recorder.url })],
        logger: createRecordingLogger(),
      })
      await indexer.syncOnce()
      expect(await db.selectFrom('activity_tokens').selectAll().execute()).toEqual([
        {
          chain: CAIP2,
          address: bare.toLowerCase(),
          name: null,
          symbol: null,
          decimals: null,
          status: 'unknown',
        },
      ])
      const askedBefore = recorder.requests
        .flatMap((request) => request.methods)
        .filter((m) => m === 'eth_call').length
      expect(askedBefore).toBe(3)
      const again = await chain.write(0, contract, 'emitTransfer', [carol, 10n])
      await indexer.syncOnce()
      await indexer.stop()
      expect(await transfersOf(db, again)).toMatchObject([{ kind: 'erc20', amount: '10' }])
      const askedAfter = recorder.requests
        .flatMap((request) => request.methods)
        .filter((m) => m === 'eth_call').length
      expect(askedAfter).toBe(askedBefore)
    } finally {
      await recorder.stop()
    }
  })

  it('refuses a node that serves another chain than the configured one', async () => {
    const { db } = await freshDatabase()
    const wrong = chainConfig({}, { caipNetworkId: 'eip155:1' })
    await expect(
      createIndexer({ db, chains: [wrong], logger: createRecordingLogger() }).syncOnce(),
    ).rejects.toThrow('serves chain 31337')
  })
})
