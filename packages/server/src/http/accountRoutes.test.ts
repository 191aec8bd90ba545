import { apiErrorSchema, balanceResponseSchema, historyResponseSchema } from '@portico/core/api'
import {
  ANVIL_ADDRESSES,
  ANVIL_PRIVATE_KEYS,
  type AnvilInstance,
  getFreePort,
  startAnvil,
} from '@portico/test'
import { type SolanaTestValidator, startSolanaTestValidator } from '@portico/test/solana'
import type { Kysely } from 'kysely'
import { createWalletClient, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createIndexer } from '../activity/createIndexer.js'
import { generateTestSolanaKey, sendTestSol } from '../activity/solanaTransactions.testkit.js'
import { type ServerConfig, serverConfigSchema } from '../config.js'
import type { Database } from '../db/schema.js'
import { createLogger } from '../logger.js'
import { addProject } from '../projects/projects.js'
import { createMigratedDatabase, type TestDatabase } from '../testing/testDatabase.js'
import { createApp } from './createApp.js'

const SITE = 'https://wallet.example'
const CHAIN_ID = 31_337

describe('the account routes', () => {
  let anvil: AnvilInstance
  let database: TestDatabase
  let db: Kysely<Database>
  let app: ReturnType<typeof createApp>
  let config: ServerConfig
  const logger = createLogger({ level: 'error', stream: { write: () => {} } })
  const account = ANVIL_ADDRESSES[0] as `0x${string}`

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: CHAIN_ID })
    ;({ database, db } = await createMigratedDatabase('pglite'))
    await addProject(db, { id: 'wallet', origins: [SITE] })
    const nativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 }
    config = serverConfigSchema.parse({
      chains: [
        {
          caipNetworkId: `eip155:${CHAIN_ID}`,
          name: 'Anvil',
          rpcUrl: anvil.rpcUrl,
          nativeCurrency,
          indexer: { enabled: true, startBlock: 0 },
        },
        {
          caipNetworkId: 'eip155:901',
          name: 'Down',
          rpcUrl: `http://127.0.0.1:${await getFreePort()}`,
          nativeCurrency,
          indexer: { enabled: false },
        },
      ],
      prices: { [`eip155:${CHAIN_ID}/native`]: 2_000 },
    })
    app = createApp({ config, db, logger })
  })
  afterAll(async () => {
    await anvil.stop()
    await db.destroy()
    await database.drop()
  })

  const get = (path: string) => app.request(path, { headers: { origin: SITE } })

  it('answers the balance of an address on a served chain in the shared schema', async () => {
    const response = await get(`/v1/account/${account}/balance?projectId=wallet&chainId=eip155:${CHAIN_ID}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe(SITE)
    const body = balanceResponseSchema.parse(await response.json())
    const native = body.balances.find((balance) => balance.address === undefined)
    expect(native).toMatchObject({
      symbol: 'ETH',
      chainId: `eip155:${CHAIN_ID}`,
      price: 2_000,
      quantity: { decimals: '18', numeric: '10000' },
    })
    expect(native?.value).toBe(20_000_000)
  })

  it('answers 502 UPSTREAM_ERROR when the chain’s node is down', async () => {
    const response = await get(`/v1/account/${account}/balance?projectId=wallet&chainId=eip155:901`)
    expect(response.status).toBe(502)
    expect(apiErrorSchema.parse(await response.json()).error.code).toBe('UPSTREAM_ERROR')
  })

  it('refuses a chain it does not serve with UNSUPPORTED_CHAIN, on both routes, whatever its namespace', async () => {
    const polkadot = '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5'
    const bitcoin = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
    for (const [address, chainId] of [
      [account, 'eip155:137'],
      [polkadot, 'polkadot:91b171bb158e2d3848fa23a9f1c25182'],
      [bitcoin, 'bip122:000000000019d6689c085ae165831e93'],
    ]) {
      for (const route of ['balance', 'history']) {
        const response = await get(`/v1/account/${address}/${route}?projectId=wallet&chainId=${chainId}`)
        expect(response.status, `${route} on ${chainId}`).toBe(400)
        const { error } = apiErrorSchema.parse(await response.json())
        expect(error.code).toBe('UNSUPPORTED_CHAIN')
        expect(error.message).toContain(chainId)
      }
    }
    // A bad address on a chain of a served namespace is still a bad request.
    const bad = await get(`/v1/account/${bitcoin}/balance?projectId=wallet&chainId=eip155:${CHAIN_ID}`)
    expect(apiErrorSchema.parse(await bad.json()).error.code).toBe('BAD_REQUEST')
  })

  it('answers the history the indexer recorded in the shared schema, and refuses a bad cursor', async () => {
    const recipient = ANVIL_ADDRESSES[1] as `0x${string}`
    const wallet = createWalletClient({
      account: privateKeyToAccount(ANVIL_PRIVATE_KEYS[0] as `0x${string}`),
      transport: http(anvil.rpcUrl),
    })
    const hash = await wallet.sendTransaction({ to: recipient, value: parseEther('1.5'), chain: null })
    await createIndexer({ db, chains: config.chains.slice(0, 1), logger }).syncOnce()

    const response = await get(`/v1/account/${recipient}/history?projectId=wallet&chainId=${CHAIN_ID}`)
    expect(response.status).toBe(200)
    const body = historyResponseSchema.parse(await response.json())
    expect(body.data).toHaveLength(1)
    expect(body.data[0]?.metadata).toMatchObject({
      hash,
      operationType: 'receive',
      chain: `eip155:${CHAIN_ID}`,
    })
    expect(body.data[0]?.transfers[0]).toMatchObject({ direction: 'in', quantity: { numeric: '1.5' } })

    const bad = await get(
      `/v1/account/${recipient}/history?projectId=wallet&chainId=eip155:${CHAIN_ID}&cursor=not-a-cursor`,
    )
    expect(bad.status).toBe(400)
    expect(apiErrorSchema.parse(await bad.json()).error.code).toBe('BAD_REQUEST')
  })
})

describe('the account routes on a Solana chain', () => {
  let validator: SolanaTestValidator
  let database: TestDatabase
  let db: Kysely<Database>
  let app: ReturnType<typeof createApp>
  const logger = createLogger({ level: 'error', stream: { write: () => {} } })
  const SOLANA = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
  const sender = generateTestSolanaKey()
  const receiver = generateTestSolanaKey()

  beforeAll(async () => {
    validator = await startSolanaTestValidator()
    ;({ database, db } = await createMigratedDatabase('pglite'))
    await addProject(db, { id: 'wallet', origins: [SITE] })
    const nativeCurrency = { name: 'Solana', symbol: 'SOL', decimals: 9 }
    const config = serverConfigSchema.parse({
      chains: [
        { caipNetworkId: SOLANA, name: 'Solana Localnet', rpcUrl: validator.url, nativeCurrency },
        {
          caipNetworkId: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
          name: 'Down',
          rpcUrl: `http://127.0.0.1:${await getFreePort()}`,
          nativeCurrency,
        },
      ],
      prices: { [`${SOLANA}/native`]: 100 },
    })
    app = createApp({ config, db, logger })
  })
  afterAll(async () => {
    await validator.close()
    await db.destroy()
    await database.drop()
  })

  const get = (path: string) => app.request(path, { headers: { origin: SITE } })

  it('answers the SOL balance of a base58 address in the shared schema', async () => {
    await validator.airdrop(sender.address, 2_000_000_000n)
    const response = await get(`/v1/account/${sender.address}/balance?projectId=wallet&chainId=${SOLANA}`)
    expect(response.status).toBe(200)
    const { balances } = balanceResponseSchema.parse(await response.json())
    expect(balances).toEqual([
      {
        name: 'Solana',
        symbol: 'SOL',
        chainId: SOLANA,
        value: 200,
        price: 100,
        quantity: { decimals: '9', numeric: '2' },
      },
    ])
  })

  it('refuses an address that is not base58 of 32 bytes with 400, on a Solana chain id', async () => {
    for (const address of [ANVIL_ADDRESSES[0], 'abc', `${sender.address}0OIl`]) {
      const response = await get(`/v1/account/${address}/balance?projectId=wallet&chainId=${SOLANA}`)
      expect(response.status).toBe(400)
      const { error } = apiErrorSchema.parse(await response.json())
      expect(error).toEqual({
        code: 'BAD_REQUEST',
        message: `"${address}" is not a Solana address (base58 of a 32-byte public key).`,
      })
    }
  })

  it('answers 502 UPSTREAM_ERROR naming the chain when its node is down', async () => {
    for (const route of ['balance', 'history']) {
      const response = await get(
        `/v1/account/${sender.address}/${route}?projectId=wallet&chainId=solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z`,
      )
      expect(response.status).toBe(502)
      const { error } = apiErrorSchema.parse(await response.json())
      expect(error.code).toBe('UPSTREAM_ERROR')
      expect(error.message).toContain('The RPC node of solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z failed')
    }
  })

  it('answers the history read from the node in the shared schema, pages it, and refuses a bad cursor', async () => {
    const first = await sendTestSol(validator.url, {
      from: sender,
      to: receiver.address,
      lamports: 250_000_000n,
    })
    const second = await sendTestSol(validator.url, {
      from: sender,
      to: receiver.address,
      lamports: 1_000_000n,
    })
    const response = await get(`/v1/account/${receiver.address}/history?projectId=wallet&chainId=${SOLANA}`)
    expect(response.status).toBe(200)
    const body = historyResponseSchema.parse(await response.json())
    expect(body.next).toBeNull()
    expect(body.data.map((transaction) => transaction.metadata.hash)).toEqual([second, first])
    expect(body.data[1]).toMatchObject({
      metadata: {
        operationType: 'receive',
        sentFrom: sender.address,
        sentTo: receiver.address,
        chain: SOLANA,
      },
      transfers: [{ direction: 'in', quantity: { numeric: '0.25' }, price: 100, value: 25 }],
    })

    const bad = await get(
      `/v1/account/${receiver.address}/history?projectId=wallet&chainId=${SOLANA}&cursor=not-a-signature`,
    )
    expect(bad.status).toBe(400)
    expect(apiErrorSchema.parse(await bad.json()).error.code).toBe('BAD_REQUEST')

    const older = await get(
      `/v1/account/${receiver.address}/history?projectId=wallet&chainId=${SOLANA}&cursor=${second}`,
    )
    const olderBody = historyResponseSchema.parse(await older.json())
    expect(olderBody.data.map((transaction) => transaction.metadata.hash)).toEqual([first])
  })
})
