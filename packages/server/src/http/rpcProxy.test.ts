import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { apiErrorSchema } from '@portico/core/api'
import { type AnvilInstance, getFreePort, startAnvil } from '@portico/test'
import { type SolanaTestValidator, startSolanaTestValidator } from '@portico/test/solana'
import type { Kysely } from 'kysely'
import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverConfigSchema } from '../config.js'
import type { Database } from '../db/schema.js'
import { createLogger } from '../logger.js'
import { addProject } from '../projects/projects.js'
import { createMigratedDatabase, type TestDatabase } from '../testing/testDatabase.js'
import { createApp } from './createApp.js'
import { DEFAULT_ALLOWED_METHODS, DEFAULT_SOLANA_ALLOWED_METHODS } from './rpcProxy.js'

const SITE = 'https://dapp.example'
const CHAIN_ID = 31_337

/** An HTTP server that answers every request with `respond`, for upstreams that misbehave. */
async function startFakeUpstream(
  respond: (body: string, reply: (status: number, text: string) => void) => void,
): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () =>
      respond(body, (status, text) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(text),
      ),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }
}

describe('the RPC proxy', () => {
  let anvil: AnvilInstance
  let database: TestDatabase
  let db: Kysely<Database>
  let silent: Awaited<ReturnType<typeof startFakeUpstream>>
  let garbage: Awaited<ReturnType<typeof startFakeUpstream>>
  let deadUrl: string
  let app: ReturnType<typeof createApp>
  const logger = createLogger({ level: 'error', stream: { write: () => {} } })

  const chain = (caipNetworkId: string, rpcUrl: string) => ({
    caipNetworkId,
    name: caipNetworkId,
    rpcUrl,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    indexer: { enabled: false },
  })

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: CHAIN_ID })
    ;({ database, db } = await createMigratedDatabase('pglite'))
    await addProject(db, { id: 'dapp', origins: [SITE] })
    // Accepts the request and never answers: the proxy's timeout has to end it.
    silent = await startFakeUpstream(() => {})
    garbage = await startFakeUpstream((_body, reply) => reply(200, '<html>bad gateway</html>'))
    deadUrl = `http://127.0.0.1:${await getFreePort()}`
    const config = serverConfigSchema.parse({
      chains: [
        chain(`eip155:${CHAIN_ID}`, anvil.rpcUrl),
        chain('eip155:901', deadUrl),
        chain('eip155:902', silent.url),
        chain('eip155:903', garbage.url),
      ],
      rpc: { maxBodyBytes: 2_048, maxBatch: 5, timeoutMs: 300 },
    })
    app = createApp({ config, db, logger })
  })
  afterAll(async () => {
    silent.server.closeAllConnections()
    await new Promise((resolve) => silent.server.close(resolve))
    await new Promise((resolve) => garbage.server.close(resolve))
    await anvil.stop()
    await db.destroy()
    await database.drop()
  })

  const call = (body: unknown, chainId: string = `eip155:${CHAIN_ID}`) =>
    app.request(`/v1/?chainId=${chainId}&projectId=dapp`, {
      method: 'POST',
      headers: { origin: SITE, 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })

  it('forwards a single request to the chain and keeps its id', async () => {
    const response = await call({ jsonrpc: '2.0', id: 'abc', method: 'eth_chainId', params: [] })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe(SITE)
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 'abc', result: `0x${CHAIN_ID.toString(16)}` })
  })

  it('serves viem through the proxy, with a bare decimal chain id', async () => {
    const server = await import('@hono/node-server').then(({ serve }) =>
      serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }),
    )
    await new Promise((resolve) => server.once('listening', resolve))
    try {
      const port = (server.address() as AddressInfo).port
      const client = createPublicClient({
        transport: http(`http://127.0.0.1:${port}/v1/?chainId=${CHAIN_ID}&projectId=dapp`),
      })
      expect(await client.getChainId()).toBe(CHAIN_ID)
      expect(
        await client.getBalance({ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }),
      ).toBeGreaterThan(0n)
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('answers a batch in order, refusing the signing and node-control methods without forwarding them', async () => {
    const response = await call([
      { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' },
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'eth_sendTransaction',
        params: [
          {
            from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
            to: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
          },
        ],
      },
      {
        jsonrpc: '2.0',
        id: 3,
        method: 'anvil_setBalance',
        params: ['0x0000000000000000000000000000000000000001', '0x1'],
      },
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
    ])
    const body = (await response.json()) as {
      id: number
      result?: string
      error?: { code: number; message: string }
    }[]
    expect(body.map((item) => item.id)).toEqual([1, 2, 3, 1])
    expect(body[0]?.result).toMatch(/^0x/)
    expect(body[1]?.error?.code).toBe(-32601)
    expect(body[1]?.error?.message).toContain('eth_sendTransaction')
    expect(body[2]?.error?.code).toBe(-32601)
    expect(body[3]?.result).toBe(`0x${CHAIN_ID.toString(16)}`)
    // Nothing reached the node: the account that anvil_setBalance named is still empty.
    const balance = await call({
      jsonrpc: '2.0',
      id: 9,
      method: 'eth_getBalance',
      params: ['0x0000000000000000000000000000000000000001', 'latest'],
    })
    expect(((await balance.json()) as { result: string }).result).toBe('0x0')
  })

  it('passes the node’s own JSON-RPC errors through under the client’s id', async () => {
    const response = await call({
      jsonrpc: '2.0',
      id: 7,
      method: 'eth_sendRawTransaction',
      params: ['0x1234'],
    })
    const body = (await response.json()) as { id: number; error?: { code: number } }
    expect(body.id).toBe(7)
    expect(typeof body.error?.code).toBe('number')
  })

  it('answers bad JSON with -32700 and a request that is not JSON-RPC with -32600', async () => {
    expect(await (await call('{"jsonrpc":')).json()).toMatchObject({ id: null, error: { code: -32700 } })
    expect(await (await call({ id: 4, method: 'eth_chainId' })).json()).toMatchObject({
      id: 4,
      error: { code: -32600 },
    })
    expect(await (await call([])).json()).toMatchObject({ id: null, error: { code: -32600 } })
    expect(await (await call([42])).json()).toEqual([
      { jsonrpc: '2.0', id: null, error: expect.objectContaining({ code: -32600 }) },
    ])
  })

  it('refuses a batch larger than maxBatch with a JSON-RPC error', async () => {
    const batch = Array.from({ length: 6 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'eth_chainId' }))
    const body = (await (await call(batch)).json()) as { error: { code: number; message: string } }
    expect(body.error.code).toBe(-32600)
    expect(body.error.message).toContain('at most 5')
  })

  it('refuses a body over maxBodyBytes with 413, also when it arrives without a Content-Length', async () => {
    const big = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_call',
      params: [{ data: `0x${'00'.repeat(2_000)}` }, 'latest'],
    })
    const declared = await call(big)
    expect(declared.status).toBe(413)
    expect(apiErrorSchema.parse(await declared.json()).error.code).toBe('PAYLOAD_TOO_LARGE')

    const encoder = new TextEncoder()
    let pulls = 0
    // An endless body: the proxy has to stop reading it rather than wait for its end.
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls += 1
        controller.enqueue(encoder.encode(' '.repeat(512)))
      },
    })
    const streamed = await app.request(`/v1/?chainId=eip155:${CHAIN_ID}&projectId=dapp`, {
      method: 'POST',
      body: endless,
      // @ts-expect-error Node's fetch needs duplex for a streamed body
      duplex: 'half',
    })
    expect(streamed.status).toBe(413)
    expect(pulls).toBeLessThan(20)
  })

  it('counts each item of a batch against the rate limit', async () => {
    const limited = createApp({
      config: serverConfigSchema.parse({
        chains: [chain(`eip155:${CHAIN_ID}`, anvil.rpcUrl)],
        rpc: { maxBatch: 5 },
        rateLimit: { perIp: 6, perProject: 1_000 },
      }),
      db,
      logger,
    })
    const send = (body: unknown) =>
      limited.request(`/v1/?chainId=eip155:${CHAIN_ID}&projectId=dapp`, {
        method: 'POST',
        headers: { origin: SITE, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const batch = Array.from({ length: 5 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'eth_chainId' }))
    expect((await send(batch)).status).toBe(200)
    expect((await send({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' })).status).toBe(200)
    const refused = await send({ jsonrpc: '2.0', id: 2, method: 'eth_chainId' })
    expect(refused.status).toBe(429)
    const body = apiErrorSchema.parse(await refused.json())
    expect(body.error.code).toBe('RATE_LIMITED')
    expect(body.error.message).toContain('at most 6 a minute')
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('refuses eth_getLogs over more than maxLogsBlockSpan blocks without asking the node, and serves narrower ones', async () => {
    const bounded = createApp({
      config: serverConfigSchema.parse({
        chains: [chain(`eip155:${CHAIN_ID}`, anvil.rpcUrl), chain('eip155:901', deadUrl)],
        rpc: { maxLogsBlockSpan: 100 },
        rateLimit: { perIp: 10_000 },
      }),
      db,
      logger,
    })
    const send = (body: unknown, chainId = `eip155:${CHAIN_ID}`) =>
      Promise.resolve(
        bounded.request(`/v1/?chainId=${chainId}&projectId=dapp`, {
          method: 'POST',
          headers: { origin: SITE, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      ).then(async (response) => ({ status: response.status, body: (await response.json()) as unknown }))
    const getLogs = (id: number, filter: Record<string, unknown>) => ({
      jsonrpc: '2.0',
      id,
      method: 'eth_getLogs',
      params: [filter],
    })
    // A node that is down: a refused range is answered without it.
    const fullRange = await send(
      Array.from({ length: 3 }, (_, id) => getLogs(id, { fromBlock: '0x0', toBlock: '0xffffff' })),
      'eip155:901',
    )
    expect(fullRange.status).toBe(200)
    for (const item of fullRange.body as Array<{ error: { code: number; message: string } }>) {
      expect(item.error.code).toBe(-32602)
      expect(item.error.message).toContain('at most 100 blocks')
      expect(item.error.message).toContain('covers 16777216')
    }
    const notABlock = await send(getLogs(1, { fromBlock: 'yesterday', toBlock: '0x1' }), 'eip155:901')
    expect(notABlock.body).toMatchObject({ error: { code: -32602 } })

    await fetch(anvil.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_mine', params: ['0x96'] }),
    })
    const head = Number(
      (
        (await (await call({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' })).json()) as {
          result: string
        }
      ).result,
    )
    expect(head).toBeGreaterThanOrEqual(150)
    const [wide, narrow, tags, byHash] = (
      await send([
        getLogs(1, { fromBlock: 'earliest', toBlock: 'latest' }),
        getLogs(2, { fromBlock: `0x${(head - 99).toString(16)}`, toBlock: 'latest' }),
        getLogs(3, {}),
        getLogs(4, { blockHash: `0x${'00'.repeat(32)}` }),
      ])
    ).body as Array<{ result?: unknown; error?: { code: number; message: string } }>
    expect(wide?.error?.message).toContain('at most 100 blocks')
    expect(narrow?.result).toEqual([])
    expect(tags?.result).toEqual([])
    expect(byHash?.error?.message ?? '').not.toContain('at most 100 blocks')
  })

  it('refuses a chain the server does not serve with 400 UNSUPPORTED_CHAIN', async () => {
    const response = await call({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, 'eip155:5')
    expect(response.status).toBe(400)
    const body = apiErrorSchema.parse(await response.json())
    expect(body.error.code).toBe('UNSUPPORTED_CHAIN')
    expect(body.error.message).toContain(`eip155:${CHAIN_ID}`)
  })

  it('answers 502 UPSTREAM_ERROR when the node is down, too slow or answers garbage', async () => {
    const request = { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' }
    for (const [chainId, reason] of [
      ['eip155:901', 'could not be reached'],
      ['eip155:902', 'did not answer within 300 ms'],
      ['eip155:903', 'not JSON'],
    ] as const) {
      const response = await call(request, chainId)
      expect(response.status).toBe(502)
      const body = apiErrorSchema.parse(await response.json())
      expect(body.error.code).toBe('UPSTREAM_ERROR')
      expect(body.error.message).toContain(reason)
    }
  })

  it('sends the bundler its ERC-4337 methods only: no debug_bundler_*, no transactions, no paymaster methods of its own', async () => {
    const received: string[] = []
    const bundler = await startFakeUpstream((body, reply) => {
      const request = JSON.parse(body) as { id: number; method: string }
      received.push(request.method)
      reply(200, JSON.stringify({ jsonrpc: '2.0', id: request.id, result: ['0x4337'] }))
    })
    try {
      const withBundler = createApp({
        config: serverConfigSchema.parse({
          chains: [{ ...chain(`eip155:${CHAIN_ID}`, anvil.rpcUrl), bundlerUrl: bundler.url }],
        }),
        db,
        logger,
      })
      const response = await withBundler.request(`/v1/?chainId=${CHAIN_ID}&projectId=dapp`, {
        method: 'POST',
        headers: { origin: SITE, 'content-type': 'application/json' },
        body: JSON.stringify(
          [
            'debug_bundler_dumpMempool',
            'debug_bundler_clearState',
            'debug_bundler_sendBundleNow',
            'pm_sponsorUserOperation',
            'eth_sendRawTransaction',
            'eth_supportedEntryPoints',
          ].map((method, id) => ({
            jsonrpc: '2.0',
            id,
            method,
            params: method === 'eth_sendRawTransaction' ? ['0x02'] : [],
          })),
        ),
      })
      const body = (await response.json()) as { id: number; result?: unknown; error?: { code: number } }[]
      expect(body.slice(0, 4).map((item) => item.error?.code)).toEqual([-32601, -32601, -32601, -32601])
      // The raw transaction went to the node, which refused the garbage; the bundler never saw it.
      expect(body[4]?.error).toBeDefined()
      expect(body[4]?.result).toBeUndefined()
      expect(body[5]?.result).toEqual(['0x4337'])
      expect(received).toEqual(['eth_supportedEntryPoints'])
    } finally {
      await new Promise((resolve) => bundler.server.close(resolve))
    }
  })
})

describe('the RPC proxy on a Solana chain', () => {
  let validator: SolanaTestValidator
  let database: TestDatabase
  let db: Kysely<Database>
  let app: ReturnType<typeof createApp>
  let restricted: ReturnType<typeof createApp>
  const logger = createLogger({ level: 'error', stream: { write: () => {} } })
  const SOLANA = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'

  beforeAll(async () => {
    validator = await startSolanaTestValidator()
    ;({ database, db } = await createMigratedDatabase('pglite'))
    await addProject(db, { id: 'dapp', origins: [SITE] })
    const chains = [
      {
        caipNetworkId: SOLANA,
        name: 'Solana Localnet',
        rpcUrl: validator.url,
        nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      },
    ]
    app = createApp({ config: serverConfigSchema.parse({ chains }), db, logger })
    restricted = createApp({
      config: serverConfigSchema.parse({ chains, rpc: { allowedMethods: ['getSlot'] } }),
      db,
      logger,
    })
  })
  afterAll(async () => {
    await validator.close()
    await db.destroy()
    await database.drop()
  })

  const call = (target: ReturnType<typeof createApp>, body: unknown) =>
    target.request(`/v1/?chainId=${SOLANA}&projectId=dapp`, {
      method: 'POST',
      headers: { origin: SITE, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })

  it('forwards every read and send method a Solana wallet adapter uses, and nothing of EVM', async () => {
    const address = '11111111111111111111111111111111'
    const batch = DEFAULT_SOLANA_ALLOWED_METHODS.map((method, id) => ({
      jsonrpc: '2.0',
      id,
      method,
      params: [],
    }))
    const answers = (await (await call(app, batch)).json()) as { id: number; error?: { code: number } }[]
    // The node answers each (bad params included); none is the proxy's -32601 refusal.
    expect(answers).toHaveLength(DEFAULT_SOLANA_ALLOWED_METHODS.length)
    for (const answer of answers) expect(answer.error?.code).not.toBe(-32601)

    const balance = await call(app, { jsonrpc: '2.0', id: 7, method: 'getBalance', params: [address] })
    expect(await balance.json()).toMatchObject({
      jsonrpc: '2.0',
      id: 7,
      result: { value: expect.any(Number) },
    })

    const refused = await call(app, [
      { jsonrpc: '2.0', id: 1, method: 'eth_call', params: [] },
      { jsonrpc: '2.0', id: 2, method: 'requestAirdrop', params: [address, 1_000_000_000] },
    ])
    expect(await refused.json()).toEqual([
      {
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32601, message: 'The method eth_call is not available through this RPC proxy.' },
      },
      {
        jsonrpc: '2.0',
        id: 2,
        error: {
          code: -32601,
          message: 'The method requestAirdrop is not available through this RPC proxy.',
        },
      },
    ])
  })

  it('lists the methods the Solana adapter needs', () => {
    expect([...DEFAULT_SOLANA_ALLOWED_METHODS].sort()).toEqual(
      [
        'getBalance',
        'getLatestBlockhash',
        'getFeeForMessage',
        'getAccountInfo',
        'getMultipleAccounts',
        'getTokenAccountsByOwner',
        'getTokenAccountBalance',
        'getSignatureStatuses',
        'getMinimumBalanceForRentExemption',
        'getSlot',
        'getBlockHeight',
        'getEpochInfo',
        'getVersion',
        'getGenesisHash',
        'sendTransaction',
        'simulateTransaction',
        'isBlockhashValid',
        'getSignaturesForAddress',
        'getTransaction',
      ].sort(),
    )
    // Solana methods do not open on EVM chains.
    expect(DEFAULT_ALLOWED_METHODS).not.toContain('getBalance')
  })

  it('lets the config’s allow-list replace the Solana defaults too', async () => {
    const slot = await call(restricted, { jsonrpc: '2.0', id: 1, method: 'getSlot', params: [] })
    expect(await slot.json()).toMatchObject({ id: 1, result: expect.any(Number) })
    const balance = await call(restricted, {
      jsonrpc: '2.0',
      id: 2,
      method: 'getBalance',
      params: ['11111111111111111111111111111111'],
    })
    expect(await balance.json()).toMatchObject({ id: 2, error: { code: -32601 } })
  })
})
