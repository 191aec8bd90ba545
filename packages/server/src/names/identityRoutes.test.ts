import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { apiErrorSchema, createAccountNameMessage, evmChainIdToCoinType } from '@portico/core/api'
import {
  ANVIL_PRIVATE_KEYS,
  type AnvilInstance,
  deployEns,
  registerEnsName,
  setEnsPrimaryName,
  setEnsText,
  startAnvil,
  TEST_ENS,
} from '@portico/test'
import type { Kysely } from 'kysely'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { serverConfigSchema } from '../config.js'
import type { Database } from '../db/schema.js'
import { createApp } from '../http/createApp.js'
import { createLogger } from '../logger.js'
import { addProject } from '../projects/projects.js'
import { createMigratedDatabase, ENGINES, type TestDatabase } from '../testing/testDatabase.js'

const SITE = 'https://shop.example'
const CHAIN_ID = 31_437
const CHAIN = `eip155:${CHAIN_ID}`
// A second chain on the same node whose resolver is turned off in the config.
const NO_NAMES_CHAIN = 'eip155:31438'
const alice = privateKeyToAccount(ANVIL_PRIVATE_KEYS[0])
const bob = privateKeyToAccount(ANVIL_PRIVATE_KEYS[1])
const dave = privateKeyToAccount(ANVIL_PRIVATE_KEYS[3])
const erin = privateKeyToAccount(ANVIL_PRIVATE_KEYS[4])
const AVATAR = 'https://images.example/alice.png'
const logger = createLogger({ level: 'error', stream: { write: () => {} } })

async function expectRefusal(response: Response, status: number, code: string): Promise<string> {
  const body = apiErrorSchema.parse(await response.json())
  expect({ status: response.status, code: body.error.code }).toEqual({ status, code })
  return body.error.message
}

/** The chain's RPC node behind a switch: `down` answers every call with a 503, as a failing node. */
let node: { url: string; down: boolean; calls: number; server: Server }
let anvil: AnvilInstance
beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID })
  await deployEns({ rpcUrl: anvil.rpcUrl })
  await registerEnsName({
    rpcUrl: anvil.rpcUrl,
    name: 'alice.eth',
    address: alice.address,
    texts: { avatar: AVATAR },
  })
  await setEnsPrimaryName({ rpcUrl: anvil.rpcUrl, address: alice.address, name: 'alice.eth' })
  // Bob claims alice.eth as his primary name: it does not resolve to him.
  await setEnsPrimaryName({ rpcUrl: anvil.rpcUrl, address: bob.address, name: 'alice.eth' })
  const state = { down: false, calls: 0 }
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', async () => {
      state.calls++
      if (state.down) {
        response.writeHead(503).end('down')
        return
      }
      const upstream = await fetch(anvil.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: Buffer.concat(chunks),
      })
      response.writeHead(upstream.status, { 'content-type': 'application/json' })
      response.end(await upstream.text())
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  node = Object.assign(state, { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server })
}, 120_000)
afterAll(async () => {
  await new Promise((resolve) => node?.server.close(resolve))
  await anvil?.stop()
})

describe.each(ENGINES)('the identity route on %s', (engine) => {
  let database: TestDatabase
  let db: Kysely<Database>
  let time = Date.parse('2031-01-01T00:00:00.000Z')
  let app: ReturnType<typeof createApp>

  beforeAll(async () => {
    ;({ database, db } = await createMigratedDatabase(engine))
    await addProject(db, { id: 'shop', origins: [SITE] })
    await addProject(db, { id: 'plain', origins: [SITE] })
    const chain = (caipNetworkId: string) => ({
      caipNetworkId,
      name: 'Anvil',
      rpcUrl: node.url,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      indexer: { enabled: false },
    })
    const config = serverConfigSchema.parse({
      chains: [chain(CHAIN), chain(NO_NAMES_CHAIN)],
      names: {
        projects: { shop: { suffixes: ['myshop.eth'] } },
        identity: { universalResolvers: { [CHAIN]: TEST_ENS.universalResolver, [NO_NAMES_CHAIN]: null } },
      },
    })
    app = createApp({ config, db, logger, now: () => time })
  }, 120_000)
  afterEach(async () => {
    // Each engine's run starts from the same chain.
    node.down = false
    await setEnsText({ rpcUrl: anvil.rpcUrl, name: 'alice.eth', key: 'avatar', value: AVATAR })
    await setEnsPrimaryName({ rpcUrl: anvil.rpcUrl, address: dave.address, name: '' })
  })
  afterAll(async () => {
    await db?.destroy()
    await database?.drop()
  })

  const identity = (address: string, { chainId = CHAIN, project = 'shop', origin = SITE } = {}) =>
    app.request(`/v1/identity/${address}?projectId=${project}&chainId=${encodeURIComponent(chainId)}`, {
      headers: { origin },
    })
  const answer = async (address: string, options?: Parameters<typeof identity>[1]) => {
    const response = await identity(address, options)
    expect(response.status).toBe(200)
    return response.json()
  }

  it('answers the primary name checked forward and its avatar record, and no name that resolves elsewhere', async () => {
    expect(await answer(alice.address)).toEqual({ name: 'alice.eth', avatar: AVATAR })
    // Any case of the address, and the chain as a bare id.
    expect(await answer(alice.address.toLowerCase(), { chainId: String(CHAIN_ID) })).toEqual({
      name: 'alice.eth',
      avatar: AVATAR,
    })
    expect(await answer(bob.address)).toEqual({ name: null, avatar: null })
  })

  it('keeps an answer 5 minutes (SPEC §9), with the node down or the record changed, then reads the chain again', async () => {
    // A read of its own, 5 minutes after the first test's.
    time += 5 * 60_000 + 1
    const calls = node.calls
    expect(await answer(alice.address)).toEqual({ name: 'alice.eth', avatar: AVATAR })
    expect(node.calls).toBeGreaterThan(calls)
    const newAvatar = 'https://images.example/alice-2.png'
    await setEnsText({ rpcUrl: anvil.rpcUrl, name: 'alice.eth', key: 'avatar', value: newAvatar })
    node.down = true
    const cachedCalls = node.calls
    time += 5 * 60_000 - 1
    expect(await answer(alice.address)).toEqual({ name: 'alice.eth', avatar: AVATAR })
    expect(node.calls).toBe(cachedCalls)
    // Past 5 minutes, with the node down: refused, and the failure is not kept.
    time += 1
    const message = await expectRefusal(await identity(alice.address), 502, 'UPSTREAM_ERROR')
    expect(message).toContain(CHAIN)
    // The node's URL (which may carry a provider's key) is not told.
    expect(message).not.toContain(node.url)
    node.down = false
    expect(await answer(alice.address)).toEqual({ name: 'alice.eth', avatar: newAvatar })
  })

  it('keeps "no primary name" one minute only, as SPEC §9 gives no figure for it', async () => {
    expect(await answer(dave.address)).toEqual({ name: null, avatar: null })
    await registerEnsName({ rpcUrl: anvil.rpcUrl, name: 'dave.eth', address: dave.address })
    await setEnsPrimaryName({ rpcUrl: anvil.rpcUrl, address: dave.address, name: 'dave.eth' })
    time += 30_000
    expect(await answer(dave.address)).toEqual({ name: null, avatar: null })
    time += 30_001
    expect(await answer(dave.address)).toEqual({ name: 'dave.eth', avatar: null })
  })

  it("answers the name an account registered on the site's server when it has no primary name, in that project only", async () => {
    expect(await answer(erin.address)).toEqual({ name: null, avatar: null })
    const message = createAccountNameMessage({
      name: 'erin.myshop.eth',
      attributes: { avatar: 'https://images.example/erin.png' },
      timestamp: Math.floor(time / 1000),
    })
    const registered = await app.request('/v1/names/register?projectId=shop', {
      method: 'POST',
      headers: { origin: SITE, 'content-type': 'application/json' },
      body: JSON.stringify({
        coinType: evmChainIdToCoinType(CHAIN_ID),
        address: erin.address,
        message,
        signature: await erin.signMessage({ message }),
      }),
    })
    expect(registered.status).toBe(201)
    // At once, though "no primary name" is cached: the registration is read each time.
    expect(await answer(erin.address)).toEqual({
      name: 'erin.myshop.eth',
      avatar: 'https://images.example/erin.png',
    })
    expect(await answer(erin.address, { project: 'plain' })).toEqual({ name: null, avatar: null })
    // A primary ENS name comes first.
    expect((await answer(alice.address)).name).toBe('alice.eth')
  })

  it('refuses a bad address, another namespace, an unknown chain or one without names, and foreign pages', async () => {
    await expectRefusal(await identity('0x1234'), 400, 'INVALID_ADDRESS')
    await expectRefusal(await identity(`${alice.address}00`), 400, 'INVALID_ADDRESS')
    await expectRefusal(await identity('alice.eth'), 400, 'INVALID_ADDRESS')
    await expectRefusal(await identity(encodeURIComponent('0x<script>')), 400, 'INVALID_ADDRESS')
    await expectRefusal(
      await identity(alice.address, { chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }),
      400,
      'UNSUPPORTED_CHAIN',
    )
    await expectRefusal(await identity(alice.address, { chainId: 'eip155:999' }), 400, 'UNSUPPORTED_CHAIN')
    expect(
      await expectRefusal(
        await identity(alice.address, { chainId: NO_NAMES_CHAIN }),
        400,
        'UNSUPPORTED_CHAIN',
      ),
    ).toContain('names.identity.universalResolvers')
    await expectRefusal(await identity(alice.address, { chainId: '' }), 400, 'BAD_REQUEST')
    await expectRefusal(
      await identity(alice.address, { origin: 'https://evil.example' }),
      403,
      'ORIGIN_NOT_ALLOWED',
    )
    await expectRefusal(await identity(alice.address, { project: 'nobody' }), 403, 'INVALID_PROJECT_ID')
  })
})
