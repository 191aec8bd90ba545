import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { apiErrorSchema, historyResponseSchema, type Nft, nftsResponseSchema } from '@portico/core/api'
import {
  ANVIL_ADDRESSES,
  type AnvilInstance,
  deployTestCollectibles,
  getFreePort,
  rpc,
  sendCollectiblesCalls,
  startAnvil,
  TEST_COLLECTIBLES_ABI,
  type TestCollectibles,
} from '@portico/test'
import type { Kysely } from 'kysely'
import { type Address, createPublicClient, encodeFunctionData, type Hash, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createIndexer } from '../activity/createIndexer.js'
import { type ServerConfig, serverConfigSchema } from '../config.js'
import type { Database } from '../db/schema.js'
import { createApp } from '../http/createApp.js'
import { createLogger } from '../logger.js'
import { addProject } from '../projects/projects.js'
import { createMigratedDatabase, type TestDatabase } from '../testing/testDatabase.js'

const SITE = 'https://wallet.example'
const CHAIN_ID = 31_337
const PNG = 'data:image/png;base64,iVBORw0KGgo='
const [holder, friend, stranger, airdropper] = ANVIL_ADDRESSES as unknown as [
  Address,
  Address,
  Address,
  Address,
]

/** The metadata host of the tests: it answers on loopback and counts what it was asked. */
function startMetadataServer(): Promise<{ server: Server; origin: string; requests: string[] }> {
  const requests: string[] = []
  const server = createServer((request, response) => {
    const path = request.url ?? ''
    requests.push(path)
    const json = (body: unknown) => {
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify(body))
    }
    if (path === '/meta/1.json')
      return json({ name: 'Harbour #1', description: 'A harbour', image: `${origin()}/pictures/1.png` })
    if (path === '/ipfs/bafytestcid/3.json')
      return json({ name: 'Harbour #3', image: 'ipfs://bafytestcid/3.png' })
    if (path.startsWith('/multi/')) {
      const hex = path.slice('/multi/'.length, -'.json'.length)
      return json({ name: `Badge ${BigInt(`0x${hex}`)}`, image: `${origin()}/pictures/badge.png` })
    }
    if (path === '/big.json') return json({ name: 'Big', padding: 'x'.repeat(4_000) })
    if (path === '/slow.json') return void setTimeout(() => json({ name: 'Late' }), 3_000).unref()
    if (path === '/redirect.json') {
      response.statusCode = 302
      response.setHeader('location', 'http://169.254.169.254/latest/meta-data')
      return void response.end()
    }
    response.statusCode = 404
    response.end()
  })
  const origin = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, origin: origin(), requests })),
  )
}

describe('the NFTs route on anvil', () => {
  let anvil: AnvilInstance
  let database: TestDatabase
  let db: Kysely<Database>
  let metadata: Awaited<ReturnType<typeof startMetadataServer>>
  let config: ServerConfig
  let app: ReturnType<typeof createApp>
  let collectibles: TestCollectibles
  const logger = createLogger({ level: 'error', stream: { write: () => {} } })

  const send = async (from: Address, to: Address, data: `0x${string}`) => {
    const hash = await rpc<Hash>(anvil.rpcUrl, 'eth_sendTransaction', [{ from, to, data }])
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 25 })
    expect(receipt.status).toBe('success')
    return hash
  }
  const mint = (tokenId: bigint, uri: string, to: Address = holder) => ({
    to: collectibles.uriNft,
    data: encodeFunctionData({
      abi: TEST_COLLECTIBLES_ABI.uriNft,
      functionName: 'mint',
      args: [to, tokenId, uri],
    }),
  })

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: CHAIN_ID })
    ;({ database, db } = await createMigratedDatabase('pglite'))
    await addProject(db, { id: 'wallet', origins: [SITE] })
    metadata = await startMetadataServer()
    collectibles = await deployTestCollectibles({
      rpcUrl: anvil.rpcUrl,
      multiTokenUri: `${metadata.origin}/multi/{id}.json`,
    })
    const dataUri = `data:application/json;base64,${Buffer.from(JSON.stringify({ name: 'Harbour #2', image: PNG })).toString('base64')}`
    await sendCollectiblesCalls(anvil.rpcUrl, [
      mint(1n, `${metadata.origin}/meta/1.json`),
      mint(2n, dataUri),
      mint(3n, 'ipfs://bafytestcid/3.json'),
      mint(4n, `${metadata.origin}/big.json`),
      mint(5n, `${metadata.origin}/slow.json`),
      mint(6n, `${metadata.origin}/meta/1.json`),
      mint(10n, `https://localhost:${new URL(metadata.origin).port}/meta/1.json`, stranger),
      mint(11n, `${metadata.origin}/redirect.json`, stranger),
      {
        to: collectibles.multiToken,
        data: encodeFunctionData({
          abi: TEST_COLLECTIBLES_ABI.multiToken,
          functionName: 'mint',
          args: [holder, 7n, 5n],
        }),
      },
      {
        to: collectibles.multiToken,
        data: encodeFunctionData({
          abi: TEST_COLLECTIBLES_ABI.multiToken,
          functionName: 'mintBatch',
          args: [holder, [8n, 9n], [2n, 3n]],
        }),
      },
      {
        to: collectibles.spamNft,
        data: encodeFunctionData({
          abi: TEST_COLLECTIBLES_ABI.uriNft,
          functionName: 'airdrop',
          args: [holder, 1n, `${metadata.origin}/meta/1.json`],
        }),
      },
    ])
    // The holder gives #6 and two of badge 7 to a friend; an unknown sender airdrops #20 on the holder.
    await send(
      holder,
      collectibles.uriNft,
      encodeFunctionData({
        abi: TEST_COLLECTIBLES_ABI.uriNft,
        functionName: 'transferFrom',
        args: [holder, friend, 6n],
      }),
    )
    await send(
      holder,
      collectibles.multiToken,
      encodeFunctionData({
        abi: TEST_COLLECTIBLES_ABI.multiToken,
        functionName: 'safeTransferFrom',
        args: [holder, friend, 7n, 2n, '0x'],
      }),
    )
    await send(
      airdropper,
      collectibles.uriNft,
      encodeFunctionData({
        abi: TEST_COLLECTIBLES_ABI.uriNft,
        functionName: 'airdrop',
        args: [holder, 20n, `${metadata.origin}/meta/1.json`],
      }),
    )
    config = serverConfigSchema.parse({
      chains: [
        {
          caipNetworkId: `eip155:${CHAIN_ID}`,
          name: 'Anvil',
          rpcUrl: anvil.rpcUrl,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          spamTokens: [collectibles.spamNft],
          indexer: { enabled: true, startBlock: 0 },
        },
      ],
      nfts: {
        ipfsGateway: metadata.origin,
        metadataTimeoutMs: 300,
        metadataMaxBytes: 1_024,
        allowPrivateAddresses: true,
        spamSenders: [airdropper],
        pageSize: 4,
      },
    })
    await createIndexer({ db, chains: config.chains, logger }).syncOnce()
    app = createApp({ config, db, logger })
  })
  afterAll(async () => {
    await anvil?.stop()
    await db?.destroy()
    await database?.drop()
    metadata?.server.close()
  })

  const get = (target: ReturnType<typeof createApp>, path: string) =>
    target.request(path, { headers: { origin: SITE } })

  const allNfts = async (target: ReturnType<typeof createApp>, address: Address) => {
    const items: Nft[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const response = await get(
        target,
        `/v1/account/${address}/nfts?projectId=wallet&chainId=eip155:${CHAIN_ID}${cursor ? `&cursor=${cursor}` : ''}`,
      )
      expect(response.status).toBe(200)
      const page = nftsResponseSchema.parse(await response.json())
      items.push(...page.data)
      cursor = page.next
      pages++
    } while (cursor && pages < 10)
    return { items, pages }
  }

  it('lists ERC-721 and ERC-1155 holdings page by page, with https, data: and ipfs metadata, and flags spam', async () => {
    const { items, pages } = await allNfts(app, holder)
    expect(pages).toBe(3)
    const byKey = new Map(items.map((nft) => [`${nft.contract.toLowerCase()}/${nft.tokenId}`, nft]))
    const uri = (id: number) => byKey.get(`${collectibles.uriNft.toLowerCase()}/${id}`)
    const multi = (id: number) => byKey.get(`${collectibles.multiToken.toLowerCase()}/${id}`)
    expect(uri(1)).toMatchObject({
      standard: 'erc721',
      amount: '1',
      name: 'Harbour #1',
      collection: 'Portico Test Collectibles',
      description: 'A harbour',
      imageUrl: `${metadata.origin}/pictures/1.png`,
      isSpam: false,
    })
    expect(uri(2)).toMatchObject({ name: 'Harbour #2', imageUrl: PNG, isSpam: false })
    expect(uri(3)).toMatchObject({
      name: 'Harbour #3',
      imageUrl: `${metadata.origin}/ipfs/bafytestcid/3.png`,
      isSpam: false,
    })
    // Given away: no longer held.
    expect(uri(6)).toBeUndefined()
    // ERC-1155: a single mint less the two given away, and a batch.
    expect(multi(7)).toMatchObject({ standard: 'erc1155', amount: '3', name: 'Badge 7', isSpam: false })
    expect(multi(8)).toMatchObject({ amount: '2', name: 'Badge 8' })
    expect(multi(9)).toMatchObject({ amount: '3', name: 'Badge 9' })
    // The configured spam collection, and an airdrop from a configured spam sender.
    expect(byKey.get(`${collectibles.spamNft.toLowerCase()}/1`)?.isSpam).toBe(true)
    expect(uri(20)?.isSpam).toBe(true)
    expect(items).toHaveLength(10)
  })

  it('refuses an oversized metadata answer (flagged as spam, cached) and gives up on a slow one (not cached)', async () => {
    const { items } = await allNfts(app, holder)
    const big = items.find(
      (nft) => nft.contract.toLowerCase() === collectibles.uriNft.toLowerCase() && nft.tokenId === '4',
    )
    const slow = items.find(
      (nft) => nft.contract.toLowerCase() === collectibles.uriNft.toLowerCase() && nft.tokenId === '5',
    )
    expect(big).toMatchObject({ isSpam: true })
    expect(big?.name).toBeUndefined()
    expect(slow).toMatchObject({ isSpam: false })
    expect(slow?.name).toBeUndefined()
    // Two listings: the big answer was read once (cached as failed), the slow one asked each time.
    expect(metadata.requests.filter((path) => path === '/big.json')).toHaveLength(1)
    expect(metadata.requests.filter((path) => path === '/slow.json')).toHaveLength(2)
  })

  it('never fetches a private-address tokenURI or follows a redirect to one on a public server', async () => {
    const strict = createApp({
      config: { ...config, nfts: { ...config.nfts, allowPrivateAddresses: false } },
      db,
      logger,
    })
    const before = metadata.requests.length
    const { items } = await allNfts(strict, stranger)
    expect(items.map((nft) => [nft.tokenId, nft.isSpam, nft.name])).toEqual([
      ['10', true, undefined],
      ['11', true, undefined],
    ])
    // https://localhost resolves to loopback: refused before connecting. The http URI is refused for its scheme.
    expect(metadata.requests.length).toBe(before)
  })

  it('gives NFT transfers of the history their name and picture (nft_info)', async () => {
    const response = await get(
      app,
      `/v1/account/${friend}/history?projectId=wallet&chainId=eip155:${CHAIN_ID}`,
    )
    const body = historyResponseSchema.parse(await response.json())
    const transfers = body.data.flatMap((transaction) => transaction.transfers)
    expect(transfers).toContainEqual(
      expect.objectContaining({
        direction: 'in',
        quantity: { numeric: '2' },
        nft_info: expect.objectContaining({
          name: 'Badge 7',
          token_id: '7',
          picture: `${metadata.origin}/pictures/badge.png`,
          flags: { is_spam: false },
        }),
      }),
    )
    expect(transfers).toContainEqual(
      expect.objectContaining({
        nft_info: expect.objectContaining({ name: 'Harbour #1', token_id: '6', flags: { is_spam: false } }),
      }),
    )
  })

  it('still answers the history when the chain’s node is down: the NFTs lose their pictures, not the page', async () => {
    const down = createApp({
      config: {
        ...config,
        chains: [
          {
            ...config.chains[0],
            rpcUrl: `http://127.0.0.1:${await getFreePort()}`,
          } as (typeof config.chains)[0],
        ],
        nfts: { ...config.nfts, metadataCacheMs: 0 },
      },
      db,
      logger,
    })
    const response = await get(
      down,
      `/v1/account/${friend}/history?projectId=wallet&chainId=eip155:${CHAIN_ID}`,
    )
    expect(response.status).toBe(200)
    const transfers = historyResponseSchema
      .parse(await response.json())
      .data.flatMap((item) => item.transfers)
    expect(transfers.length).toBeGreaterThan(0)
    expect(transfers.every((transfer) => transfer.nft_info?.picture === undefined)).toBe(true)
  })

  it('refuses a bad cursor, a bad address and a non-EVM chain with a 4xx and a code', async () => {
    for (const [path, code] of [
      [`/v1/account/${holder}/nfts?projectId=wallet&chainId=eip155:${CHAIN_ID}&cursor=forged`, 'BAD_REQUEST'],
      [`/v1/account/0x12/nfts?projectId=wallet&chainId=eip155:${CHAIN_ID}`, 'BAD_REQUEST'],
      [
        `/v1/account/${holder}/nfts?projectId=wallet&chainId=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`,
        'UNSUPPORTED_CHAIN',
      ],
      [`/v1/account/${holder}/nfts?projectId=wallet&chainId=eip155:1`, 'UNSUPPORTED_CHAIN'],
    ] as const) {
      const response = await get(app, path)
      expect(response.status, path).toBe(400)
      expect(apiErrorSchema.parse(await response.json()).error.code, path).toBe(code)
    }
    const foreign = await app.request(
      `/v1/account/${holder}/nfts?projectId=wallet&chainId=eip155:${CHAIN_ID}`,
      { headers: { origin: 'https://evil.example' } },
    )
    expect(apiErrorSchema.parse(await foreign.json()).error.code).toBe('ORIGIN_NOT_ALLOWED')
  })
})
