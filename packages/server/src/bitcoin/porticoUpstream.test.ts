import { apiErrorSchema } from '@portico/core/api'
import {
  type BitcoinTestNode,
  bitcoinTestKey,
  signP2wpkhTransaction,
  startBitcoinTestNode,
} from '@portico/test/bitcoin'
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverConfigSchema } from '../config.js'
import type { Database } from '../db/schema.js'
import { createApp } from '../http/createApp.js'
import { createLogger } from '../logger.js'
import { addProject } from '../projects/projects.js'
import { type RunningServer, startServer } from '../startServer.js'
import { createMigratedDatabase, type TestDatabase } from '../testing/testDatabase.js'
import type { EsploraAddress, EsploraTx, EsploraUtxo } from './esplora.js'

// The server's Esplora upstream mode against a real Esplora-compatible API rather than fakes: another
// Portico server's `/v1/bitcoin/<caip2>` routes, backed by bcoin regtest. The site's server (B) passes
// through, checks and caches what the upstream server (A) answers.
const SITE = 'https://dapp.example'
const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'

describe('an Esplora upstream that is another Portico server on bcoin', () => {
  let node: BitcoinTestNode
  let upstream: RunningServer
  let database: TestDatabase
  let db: Kysely<Database>
  let app: ReturnType<typeof createApp>
  const logger = createLogger({ level: 'error', stream: { write: () => {} } })

  beforeAll(async () => {
    node = await startBitcoinTestNode()
    upstream = await startServer(
      serverConfigSchema.parse({
        port: 0,
        dataDir: 'memory://',
        indexer: 'off',
        log: { level: 'error' },
        bitcoin: {
          chains: [{ caipNetworkId: REGTEST, name: 'Regtest', upstream: { kind: 'bcoin', url: node.url } }],
        },
      }),
    )
    // Server to server: no Origin header, so the project only names whose limits apply.
    await addProject(upstream.db, { id: 'relay', origins: ['https://unused.example'] })
    ;({ database, db } = await createMigratedDatabase('pglite'))
    await addProject(db, { id: 'dapp', origins: [SITE] })
    const config = serverConfigSchema.parse({
      bitcoin: {
        cacheMs: 0,
        chains: [
          {
            caipNetworkId: REGTEST,
            name: 'Regtest through another Portico server',
            upstream: { kind: 'esplora', url: `${upstream.url}/v1/bitcoin/${REGTEST}?projectId=relay` },
          },
        ],
      },
    })
    app = createApp({ config, db, logger, now: () => Date.now() })
  }, 120_000)
  afterAll(async () => {
    await upstream?.close()
    await node?.stop()
    await db?.destroy()
    await database?.drop()
  })

  const get = (path: string) =>
    app.request(`/v1/bitcoin/${REGTEST}${path}?projectId=dapp`, { headers: { origin: SITE } })
  const getJson = async <T>(path: string): Promise<T> => {
    const response = await get(path)
    expect(response.status, await response.clone().text()).toBe(200)
    return (await response.json()) as T
  }
  const post = (hex: string) =>
    app.request(`/v1/bitcoin/${REGTEST}/tx?projectId=dapp`, {
      method: 'POST',
      headers: { origin: SITE, 'content-type': 'text/plain' },
      body: hex,
    })

  it('serves balances, UTXOs and history, broadcasts a spend and sees it confirmed', async () => {
    const key = bitcoinTestKey(40)
    const to = bitcoinTestKey(41)
    const funding = await node.fund(key.p2wpkh, 100_000n)
    await node.fund(key.p2wpkh, 20_000n, { mine: false })
    const address = await getJson<EsploraAddress>(`/address/${key.p2wpkh}`)
    expect(address.chain_stats.funded_txo_sum - address.chain_stats.spent_txo_sum).toBe(100_000)
    expect(address.mempool_stats.funded_txo_sum).toBe(20_000)

    const utxos = await getJson<EsploraUtxo[]>(`/address/${key.p2wpkh}/utxo`)
    const coin = utxos.find((utxo) => utxo.txid === funding)
    expect(coin).toMatchObject({ value: 100_000, status: { confirmed: true } })

    const spend = signP2wpkhTransaction({
      key,
      inputs: [{ txid: funding, vout: coin!.vout, value: 100_000n }],
      outputs: [{ address: to.p2wpkh, value: 99_000n }],
    })
    const broadcast = await post(spend)
    expect(broadcast.status).toBe(200)
    const txid = (await broadcast.text()).trim()
    expect(txid).toMatch(/^[0-9a-f]{64}$/)

    const history = await getJson<EsploraTx[]>(`/address/${key.p2wpkh}/txs`)
    expect(history.filter((tx) => !tx.status.confirmed).map((tx) => tx.txid)).toContain(txid)
    expect(history.filter((tx) => tx.status.confirmed).map((tx) => tx.txid)).toEqual([funding])
    await node.mine(1)
    expect(await getJson(`/tx/${txid}/status`)).toMatchObject({ confirmed: true })
    const received = await getJson<EsploraAddress>(`/address/${to.p2wpkh}`)
    expect(received.chain_stats.funded_txo_sum).toBe(99_000)
  }, 60_000)

  it('passes on the node’s reason for a double spend, not the upstream server’s whole answer', async () => {
    const key = bitcoinTestKey(42)
    const funding = await node.fund(key.p2wpkh, 50_000n)
    const input = { txid: funding, vout: 0, value: 50_000n }
    const [coin] = await getJson<EsploraUtxo[]>(`/address/${key.p2wpkh}/utxo`)
    input.vout = coin!.vout
    const first = signP2wpkhTransaction({
      key,
      inputs: [input],
      outputs: [{ address: key.p2wpkh, value: 49_000n }],
    })
    expect((await post(first)).status).toBe(200)
    const second = signP2wpkhTransaction({
      key,
      inputs: [input],
      outputs: [{ address: key.p2wpkh, value: 48_000n }],
    })
    const refused = await post(second)
    expect(refused.status).toBe(400)
    expect(apiErrorSchema.parse(await refused.json()).error).toMatchObject({
      code: 'TX_REJECTED',
      message: 'The node refused the transaction: txn-mempool-conflict.',
    })
  }, 60_000)

  it('refuses what the site’s server checks itself: other networks’ addresses and unknown transactions', async () => {
    const mainnet = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
    const wrong = await get(`/address/${mainnet}`)
    expect(wrong.status).toBe(400)
    expect(apiErrorSchema.parse(await wrong.json()).error.code).toBe('INVALID_ADDRESS')
    const unknown = await get(`/tx/${'ab'.repeat(32)}`)
    expect(unknown.status).toBe(404)
  })
})
