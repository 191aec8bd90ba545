import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { apiErrorSchema, historyResponseSchema } from '@portico/core/api'
import { getFreePort } from '@portico/test'
import {
  type BitcoinTestNode,
  bitcoinTestKey,
  mineBitcoinBlocks,
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
import { createMigratedDatabase, type TestDatabase } from '../testing/testDatabase.js'
import type { EsploraAddress, EsploraStatus, EsploraTx, EsploraUtxo } from './esplora.js'

const SITE = 'https://dapp.example'
const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const TESTNET4 = 'bip122:00000000da84f2bafbbc53dee25a72ae'
const SIGNET = 'bip122:00000008819873e925422c1ff0f99f7c'
const MAINNET = 'bip122:000000000019d6689c085ae165831e93'

/** An HTTP upstream that answers with `respond`, or never when it returns nothing. */
async function startFakeUpstream(respond: (path: string) => [number, string] | undefined) {
  const server = createServer((request, response) => {
    const answer = respond(request.url ?? '')
    if (answer) response.writeHead(answer[0], { 'content-type': 'application/json' }).end(answer[1])
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }
}

describe('the Bitcoin (Esplora-compatible) routes on a bcoin node', () => {
  let node: BitcoinTestNode
  let database: TestDatabase
  let db: Kysely<Database>
  let app: ReturnType<typeof createApp>
  let silent: Awaited<ReturnType<typeof startFakeUpstream>>
  let garbage: Awaited<ReturnType<typeof startFakeUpstream>>
  const logger = createLogger({ level: 'error', stream: { write: () => {} } })
  // The caches' clock: moved forward instead of waiting.
  let skewMs = 0

  beforeAll(async () => {
    node = await startBitcoinTestNode()
    ;({ database, db } = await createMigratedDatabase('pglite'))
    await addProject(db, { id: 'dapp', origins: [SITE] })
    silent = await startFakeUpstream(() => undefined)
    garbage = await startFakeUpstream((path) =>
      path.startsWith('/address/') ? [200, '{"chain_stats":"lots"}'] : [200, '<html>'],
    )
    const config = serverConfigSchema.parse({
      prices: { [`${REGTEST}/native`]: 50_000 },
      bitcoin: {
        timeoutMs: 1_500,
        chains: [
          { caipNetworkId: REGTEST, name: 'Bitcoin regtest', upstream: { kind: 'bcoin', url: node.url } },
          {
            caipNetworkId: TESTNET4,
            name: 'Bitcoin testnet4',
            upstream: { kind: 'esplora', url: `http://127.0.0.1:${await getFreePort()}` },
          },
          { caipNetworkId: SIGNET, name: 'Bitcoin signet', upstream: { kind: 'esplora', url: silent.url } },
          { caipNetworkId: MAINNET, name: 'Bitcoin', upstream: { kind: 'esplora', url: garbage.url } },
        ],
      },
    })
    app = createApp({ config, db, logger, now: () => Date.now() + skewMs })
  })
  afterAll(async () => {
    silent?.server.closeAllConnections()
    await new Promise((resolve) => silent?.server.close(resolve))
    await new Promise((resolve) => garbage?.server.close(resolve))
    await node?.stop()
    await db?.destroy()
    await database?.drop()
  })

  const get = (path: string, chain = REGTEST, headers: Record<string, string> = { origin: SITE }) =>
    app.request(`/v1/bitcoin/${chain}${path}?projectId=dapp`, { headers })
  const getJson = async <T>(path: string, chain = REGTEST): Promise<T> => {
    const response = await get(path, chain)
    expect(response.status, await response.clone().text()).toBe(200)
    return (await response.json()) as T
  }
  const post = (hex: string, chain = REGTEST) =>
    app.request(`/v1/bitcoin/${chain}/tx?projectId=dapp`, {
      method: 'POST',
      headers: { origin: SITE, 'content-type': 'text/plain' },
      body: hex,
    })
  const expectRefusal = async (response: Response, status: number, code: string) => {
    expect(response.status).toBe(status)
    const body = apiErrorSchema.parse(await response.json())
    expect(body.error.code).toBe(code)
    return body.error.message
  }

  it('reports confirmed and unconfirmed funds of an address in Esplora shape', async () => {
    const key = bitcoinTestKey(20)
    await node.fund(key.p2wpkh, 100_000n)
    await node.fund(key.p2wpkh, 30_000n, { mine: false })
    const body = await getJson<EsploraAddress>(`/address/${key.p2wpkh}`)
    expect(body).toEqual({
      address: key.p2wpkh,
      chain_stats: {
        funded_txo_count: 1,
        funded_txo_sum: 100_000,
        spent_txo_count: 0,
        spent_txo_sum: 0,
        tx_count: 1,
      },
      mempool_stats: {
        funded_txo_count: 1,
        funded_txo_sum: 30_000,
        spent_txo_count: 0,
        spent_txo_sum: 0,
        tx_count: 1,
      },
    })
  })

  it('serves the portfolio balance of a bip122 address, pending funds included, as tBTC without a price on regtest', async () => {
    const key = bitcoinTestKey(25)
    await node.fund(key.p2wpkh, 100_000n)
    await node.fund(key.p2wpkh, 30_000n, { mine: false })
    const response = await app.request(
      `/v1/account/${key.p2wpkh}/balance?projectId=dapp&chainId=${REGTEST}`,
      {
        headers: { origin: SITE },
      },
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      balances: [
        {
          name: 'Test Bitcoin',
          symbol: 'tBTC',
          chainId: REGTEST,
          value: 0,
          price: 0,
          quantity: { decimals: '8', numeric: '0.0013' },
        },
      ],
    })
    const mainnet = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
    const refused = await app.request(`/v1/account/${mainnet}/balance?projectId=dapp&chainId=${REGTEST}`, {
      headers: { origin: SITE },
    })
    await expectRefusal(refused, 400, 'INVALID_ADDRESS')
  })

  it('lists UTXOs, broadcasts a spend, shows it pending in the history, and confirms it', async () => {
    const key = bitcoinTestKey(21)
    const to = bitcoinTestKey(22)
    const funding = await node.fund(key.p2wpkh, 200_000n)
    const utxos = await getJson<EsploraUtxo[]>(`/address/${key.p2wpkh}/utxo`)
    expect(utxos).toHaveLength(1)
    const [coin] = utxos as [EsploraUtxo]
    expect(coin).toMatchObject({ txid: funding, value: 200_000, status: { confirmed: true } })
    expect(coin.status.block_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(coin.status.block_time).toBeGreaterThan(1_600_000_000)
    // Read once before the broadcast, so the cached answer must be dropped by it.
    await getJson<EsploraAddress>(`/address/${key.p2wpkh}`)

    const hex = signP2wpkhTransaction({
      key,
      inputs: [{ txid: funding, vout: coin.vout, value: 200_000n }],
      outputs: [
        { address: to.p2wpkh, value: 120_000n },
        { address: key.p2wpkh, value: 79_000n },
      ],
    })
    const response = await post(hex)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
    const txid = await response.text()
    expect(txid).toMatch(/^[0-9a-f]{64}$/)

    const after = await getJson<EsploraAddress>(`/address/${key.p2wpkh}`)
    expect(after.chain_stats).toMatchObject({ funded_txo_sum: 200_000, spent_txo_sum: 0, tx_count: 1 })
    expect(after.mempool_stats).toMatchObject({ funded_txo_sum: 79_000, spent_txo_sum: 200_000, tx_count: 1 })
    const change = await getJson<EsploraUtxo[]>(`/address/${key.p2wpkh}/utxo`)
    expect(change).toEqual([{ txid, vout: 1, value: 79_000, status: { confirmed: false } }])

    const history = await getJson<EsploraTx[]>(`/address/${key.p2wpkh}/txs`)
    expect(history.map((tx) => [tx.txid, tx.status.confirmed])).toEqual([
      [txid, false],
      [funding, true],
    ])
    const pending = history[0] as EsploraTx
    expect(pending).toMatchObject({ version: 2, locktime: 0, fee: 1_000 })
    expect(pending.weight).toBeLessThan(pending.size * 4)
    expect(pending.vin).toEqual([
      {
        txid: funding,
        vout: coin.vout,
        prevout: expect.objectContaining({
          scriptpubkey_address: key.p2wpkh,
          scriptpubkey_type: 'v0_p2wpkh',
          value: 200_000,
        }),
        scriptsig: '',
        scriptsig_asm: '',
        witness: [expect.stringMatching(/^30/), key.publicKeyHex],
        is_coinbase: false,
        sequence: 0xfffffffd,
      },
    ])
    expect(pending.vout[0]).toEqual({
      scriptpubkey: expect.stringMatching(/^0014/),
      scriptpubkey_asm: expect.stringMatching(/^OP_0 OP_PUSHBYTES_20 [0-9a-f]{40}$/),
      scriptpubkey_type: 'v0_p2wpkh',
      scriptpubkey_address: to.p2wpkh,
      value: 120_000,
    })
    expect(await getJson<EsploraTx>(`/tx/${txid}`)).toEqual(pending)
    expect(await getJson<EsploraStatus>(`/tx/${txid}/status`)).toEqual({ confirmed: false })

    const [blockHash] = await mineBitcoinBlocks(node.url, 1)
    // The status was read 'unconfirmed' a moment ago: the cache keeps such answers for 2 s only.
    expect(await getJson<EsploraStatus>(`/tx/${txid}/status`)).toEqual({ confirmed: false })
    skewMs += 2_001
    expect(await getJson<EsploraStatus>(`/tx/${txid}/status`)).toEqual({
      confirmed: true,
      block_height: Number(await (await get('/blocks/tip/height')).text()),
      block_hash: blockHash,
      block_time: expect.any(Number),
    })
  })

  it('serves the activity of a bip122 address: the pending send first, then what it received', async () => {
    const key = bitcoinTestKey(26)
    const to = bitcoinTestKey(27)
    const funding = await node.fund(key.p2wpkh, 300_000n)
    const [coin] = await getJson<EsploraUtxo[]>(`/address/${key.p2wpkh}/utxo`)
    const hex = signP2wpkhTransaction({
      key,
      inputs: [{ txid: funding, vout: coin?.vout ?? 0, value: 300_000n }],
      outputs: [
        { address: to.p2wpkh, value: 100_000n },
        { address: key.p2wpkh, value: 199_000n },
      ],
    })
    const sent = await (await post(hex)).text()
    const response = await app.request(
      `/v1/account/${key.p2wpkh}/history?projectId=dapp&chainId=${REGTEST}`,
      {
        headers: { origin: SITE },
      },
    )
    expect(response.status).toBe(200)
    const body = historyResponseSchema.parse(await response.json())
    expect(body.next).toBeNull()
    expect(body.data.map((tx) => [tx.id, tx.metadata.status, tx.metadata.operationType])).toEqual([
      [sent, 'pending', 'send'],
      [funding, 'confirmed', 'receive'],
    ])
    expect(body.data[0]?.metadata).toMatchObject({ sentFrom: key.p2wpkh, sentTo: to.p2wpkh, chain: REGTEST })
    // The send's net effect: 100,000 sats paid and 1,000 of fee.
    expect(body.data[0]?.transfers).toEqual([
      {
        direction: 'out',
        quantity: { numeric: '0.00101' },
        // Regtest's coins, named as its network definition names them, have no price (the price
        // source's 50,000 for the chain notwithstanding).
        fungible_info: { name: 'Test Bitcoin', symbol: 'tBTC' },
      },
    ])
    expect(body.data[1]?.transfers[0]).toMatchObject({ direction: 'in', quantity: { numeric: '0.003' } })
    const badCursor = await app.request(
      `/v1/account/${key.p2wpkh}/history?projectId=dapp&chainId=${REGTEST}&cursor=nope`,
      { headers: { origin: SITE } },
    )
    await expectRefusal(badCursor, 400, 'BAD_REQUEST')
  })

  it('refuses a double spend and a bad signature with the node reason', async () => {
    const key = bitcoinTestKey(23)
    const funding = await node.fund(key.p2wpkh, 50_000n)
    const [coin] = await getJson<EsploraUtxo[]>(`/address/${key.p2wpkh}/utxo`)
    const input = { txid: funding, vout: coin?.vout ?? 0, value: 50_000n }
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
    expect(await refused.json()).toEqual({
      error: {
        code: 'TX_REJECTED',
        message: 'The node refused the transaction: txn-mempool-conflict (-26).',
        reason: 'txn-mempool-conflict',
      },
    })

    const other = await node.fund(key.p2shP2wpkh, 10_000n)
    const forged = signP2wpkhTransaction({
      key,
      inputs: [{ txid: other, vout: 0, value: 10_000n }],
      outputs: [{ address: key.p2wpkh, value: 9_000n }],
    })
    const badSignature = await post(forged)
    expect(await expectRefusal(badSignature, 400, 'TX_REJECTED')).toMatch(/script-verify-flag|missingorspent/)
  })

  it('answers fee estimates as Esplora does with none: an empty object', async () => {
    expect(await getJson(`/fee-estimates`)).toEqual({})
  })

  it('serves the tip height as text, like Esplora', async () => {
    const response = await get('/blocks/tip/height')
    expect(response.status).toBe(200)
    expect(Number(await response.text())).toBeGreaterThanOrEqual(432)
  })

  it('finds nested segwit outputs, and says that bcoin cannot look taproot addresses up', async () => {
    const key = bitcoinTestKey(24)
    const funding = await node.fund(key.p2tr, 5_000n)
    await node.fund(key.p2shP2wpkh, 7_000n)
    const nested = await getJson<EsploraAddress>(`/address/${key.p2shP2wpkh}`)
    expect(nested.chain_stats.funded_txo_sum).toBe(7_000)
    const tx = await getJson<EsploraTx>(`/tx/${funding}`)
    expect(tx.vout.find((o) => o.value === 5_000)).toMatchObject({
      scriptpubkey_type: 'v1_p2tr',
      scriptpubkey_address: key.p2tr,
      scriptpubkey_asm: expect.stringMatching(/^OP_PUSHNUM_1 OP_PUSHBYTES_32 [0-9a-f]{64}$/),
    })
    expect(await expectRefusal(await get(`/address/${key.p2tr}`), 400, 'INVALID_ADDRESS')).toMatch(/taproot/)
  })

  it('refuses addresses of other networks and text that is no address, by name', async () => {
    const mainnet = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
    expect(await expectRefusal(await get(`/address/${mainnet}`), 400, 'INVALID_ADDRESS')).toMatch(
      /mainnet address; this chain is regtest/,
    )
    const testnet = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'
    expect(await expectRefusal(await get(`/address/${testnet}/utxo`), 400, 'INVALID_ADDRESS')).toMatch(
      /testnet/,
    )
    expect(
      await expectRefusal(
        await get(`/address/1BoatSLRHtKNngkdXEeobR76b53LETtpyT/txs`),
        400,
        'INVALID_ADDRESS',
      ),
    ).toMatch(/mainnet/)
    for (const bad of [
      'hello',
      'bcrt1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq',
      `${'a'.repeat(200)}`,
      '%00',
    ]) {
      await expectRefusal(await get(`/address/${bad}`), 400, 'INVALID_ADDRESS')
    }
    // A regtest address asked on testnet4 is refused before the (down) upstream is asked.
    await expectRefusal(await get(`/address/${bitcoinTestKey(0).p2wpkh}`, TESTNET4), 400, 'INVALID_ADDRESS')
  })

  it('refuses bad transaction ids, unknown ones, bodies that are no transaction, and unknown chains', async () => {
    await expectRefusal(await get('/tx/xyz'), 400, 'BAD_REQUEST')
    await expectRefusal(await get(`/tx/${'ab'.repeat(33)}/status`), 400, 'BAD_REQUEST')
    await expectRefusal(await get(`/tx/${'ab'.repeat(32)}`), 404, 'NOT_FOUND')
    await expectRefusal(await get(`/tx/${'ab'.repeat(32)}/status`), 404, 'NOT_FOUND')
    await expectRefusal(await post('not hex'), 400, 'BAD_REQUEST')
    await expectRefusal(await post('0100000000'), 400, 'BAD_REQUEST')
    await expectRefusal(await post(''), 400, 'BAD_REQUEST')
    await expectRefusal(await post('00'.repeat(500_000)), 413, 'PAYLOAD_TOO_LARGE')
    await expectRefusal(
      await get('/fee-estimates', 'bip122:ffffffffffffffffffffffffffffffff'),
      400,
      'UNSUPPORTED_CHAIN',
    )
    await expectRefusal(await get('/fee-estimates', 'eip155:1'), 400, 'UNSUPPORTED_CHAIN')
    await expectRefusal(await get('/mempool'), 404, 'NOT_FOUND')
  })

  it('applies the project and origin rules of every /v1 route', async () => {
    const noProject = await app.request(`/v1/bitcoin/${REGTEST}/fee-estimates`, { headers: { origin: SITE } })
    await expectRefusal(noProject, 400, 'PROJECT_ID_MISSING')
    const unknown = await app.request(`/v1/bitcoin/${REGTEST}/fee-estimates?projectId=nope`, {
      headers: { origin: SITE },
    })
    await expectRefusal(unknown, 403, 'INVALID_PROJECT_ID')
    const stranger = await get('/fee-estimates', REGTEST, { origin: 'https://evil.example' })
    await expectRefusal(stranger, 403, 'ORIGIN_NOT_ALLOWED')
    const allowed = await get('/fee-estimates')
    expect(allowed.headers.get('access-control-allow-origin')).toBe(SITE)
  })

  it('answers 502 when the upstream is down or answers nonsense, 504 when it does not answer in time', async () => {
    const address = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'
    expect(await expectRefusal(await get(`/address/${address}`, TESTNET4), 502, 'UPSTREAM_ERROR')).toMatch(
      /could not be reached/,
    )
    expect(await expectRefusal(await get('/blocks/tip/height', SIGNET), 504, 'UPSTREAM_TIMEOUT')).toMatch(
      /within 1500 ms/,
    )
    const mainnet = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
    expect(await expectRefusal(await get(`/address/${mainnet}`, MAINNET), 502, 'UPSTREAM_ERROR')).toMatch(
      /unexpected shape/,
    )
    await expectRefusal(await get('/fee-estimates', MAINNET), 502, 'UPSTREAM_ERROR')
  })
})
