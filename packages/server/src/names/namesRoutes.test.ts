import {
  apiErrorSchema,
  createAccountNameMessage,
  createAccountNameReleaseMessage,
  evmChainIdToCoinType,
} from '@portico/core/api'
import { ANVIL_PRIVATE_KEYS, type AnvilInstance, deploySmartWallet, startAnvil } from '@portico/test'
import type { Kysely } from 'kysely'
import type { Address } from 'viem'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ServerConfig, serverConfigSchema } from '../config.js'
import type { Database } from '../db/schema.js'
import { createApp } from '../http/createApp.js'
import { createLogger } from '../logger.js'
import { addProject } from '../projects/projects.js'
import { createMigratedDatabase, ENGINES, type TestDatabase } from '../testing/testDatabase.js'

const SITE = 'https://shop.example'
const ANVIL_CHAIN_ID = 31_417
const COIN_TYPE = evmChainIdToCoinType(ANVIL_CHAIN_ID)
const alice = privateKeyToAccount(ANVIL_PRIVATE_KEYS[0])
const bob = privateKeyToAccount(ANVIL_PRIVATE_KEYS[1])
const carol = privateKeyToAccount(ANVIL_PRIVATE_KEYS[2])
const dave = privateKeyToAccount(ANVIL_PRIVATE_KEYS[3])
const logger = createLogger({ level: 'error', stream: { write: () => {} } })

async function expectRefusal(response: Response, status: number, code: string): Promise<string> {
  const body = apiErrorSchema.parse(await response.json())
  expect({ status: response.status, code: body.error.code }).toEqual({ status, code })
  return body.error.message
}

let anvil: AnvilInstance
let smartWallet: Address
beforeAll(async () => {
  anvil = await startAnvil({ chainId: ANVIL_CHAIN_ID })
  // An ERC-1271 account whose owner is carol: only the chain can tell that carol's signature is its.
  smartWallet = await deploySmartWallet({ rpcUrl: anvil.rpcUrl, owner: carol.address })
}, 120_000)
afterAll(async () => {
  await anvil?.stop()
})

describe.each(ENGINES)('account-name routes on %s', (engine) => {
  let database: TestDatabase
  let db: Kysely<Database>
  // 2031-01-01: far from the machine's clock, so nothing passes by accident of real time.
  let time = Date.parse('2031-01-01T00:00:00.000Z')
  const now = () => time
  const seconds = () => Math.floor(time / 1000)
  let app: ReturnType<typeof createApp>

  const configWith = (names: unknown): ServerConfig =>
    serverConfigSchema.parse({
      chains: [
        {
          caipNetworkId: `eip155:${ANVIL_CHAIN_ID}`,
          name: 'Anvil',
          rpcUrl: anvil.rpcUrl,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          indexer: { enabled: false },
        },
      ],
      names,
    })

  beforeAll(async () => {
    ;({ database, db } = await createMigratedDatabase(engine))
    await addProject(db, { id: 'shop', origins: [SITE] })
    await addProject(db, { id: 'club', origins: [SITE] })
    await addProject(db, { id: 'plain', origins: [SITE] })
    const config = configWith({
      projects: {
        shop: { suffixes: ['myshop.eth', 'shop.example'] },
        club: { suffixes: ['club.eth'], maxNamesPerAddress: 2 },
        // A suffix under shop's: its name is not shop's to register.
        team: { suffixes: ['team.myshop.eth'] },
      },
      // The limits have a test of their own below.
      rateLimit: { perIpPerHour: 1_000, perAddressPerHour: 100 },
    })
    app = createApp({ config, db, logger, now })
  }, 120_000)
  afterAll(async () => {
    await db?.destroy()
    await database?.drop()
  })

  const request = (
    method: string,
    path: string,
    {
      origin = SITE,
      project = 'shop',
      body,
      on = app,
    }: { origin?: string; project?: string; body?: unknown; on?: typeof app } = {},
  ) =>
    on.request(`${path}?projectId=${project}`, {
      method,
      headers: { origin, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    })

  const signedRegistration = async (
    name: string,
    {
      signer = alice,
      address = signer.address,
      timestamp = seconds(),
      coinType = COIN_TYPE,
      attributes = {},
    }: {
      signer?: PrivateKeyAccount
      address?: Address
      timestamp?: number
      coinType?: number
      attributes?: Record<string, string>
    } = {},
  ) => {
    const message = createAccountNameMessage({ name, attributes, timestamp })
    return { coinType, address, message, signature: await signer.signMessage({ message }) }
  }

  const register = async (
    name: string,
    options: Parameters<typeof signedRegistration>[1] & { project?: string } = {},
  ) =>
    request('POST', '/v1/names/register', {
      body: await signedRegistration(name, options),
      ...(options.project ? { project: options.project } : {}),
    })

  const release = async (
    name: string,
    { signer = alice, address = signer.address }: { signer?: PrivateKeyAccount; address?: Address } = {},
  ) => {
    const message = createAccountNameReleaseMessage({ name, timestamp: seconds() })
    return request('POST', '/v1/names/release', {
      body: { coinType: COIN_TYPE, address, message, signature: await signer.signMessage({ message }) },
    })
  }

  it('names the suffixes of the project, and refuses names for a project without any', async () => {
    const response = await request('GET', '/v1/names/suffixes')
    expect(await response.json()).toEqual({ suffixes: ['myshop.eth', 'shop.example'], maxNamesPerAddress: 1 })
    await expectRefusal(
      await request('GET', '/v1/names/suffixes', { project: 'plain' }),
      404,
      'NAMES_NOT_CONFIGURED',
    )
    await expectRefusal(await register('alice.myshop.eth', { project: 'plain' }), 404, 'NAMES_NOT_CONFIGURED')
  })

  it('refuses a name of fewer than 4 characters, with other characters than letters, digits or hyphens, or under another suffix', async () => {
    expect(
      await expectRefusal(await request('GET', '/v1/names/available/abc.myshop.eth'), 400, 'NAME_INVALID'),
    ).toMatch(/at least 4 characters/)
    expect(
      await expectRefusal(await request('GET', '/v1/names/available/al_ce'), 400, 'NAME_INVALID'),
    ).toMatch(/only letters, digits and hyphens/)
    await expectRefusal(await request('GET', '/v1/names/available/alice.other.eth'), 400, 'NAME_INVALID')
    await expectRefusal(await request('GET', `/v1/names/available/${'a'.repeat(64)}`), 400, 'NAME_INVALID')
    await expectRefusal(await register('abc.myshop.eth'), 400, 'NAME_INVALID')
    await expectRefusal(await register('a.lice.myshop.eth'), 400, 'NAME_INVALID')
    await expectRefusal(await register('al ce.myshop.eth'), 400, 'NAME_INVALID')
  })

  it('registers a free name signed by a plain account, which lookup then finds, in lower case', async () => {
    const available = await request('GET', '/v1/names/available/Alice')
    expect(await available.json()).toEqual({ name: 'alice.myshop.eth', available: true, suggestions: [] })
    const response = await register('Alice.myshop.eth', { attributes: { description: 'Alice at the shop' } })
    expect(response.status).toBe(201)
    const registered = await response.json()
    expect(registered).toEqual({
      name: 'alice.myshop.eth',
      address: alice.address,
      coinType: COIN_TYPE,
      attributes: { description: 'Alice at the shop' },
      registeredAt: new Date(time).toISOString(),
    })
    expect(await (await request('GET', '/v1/names/lookup/alice.myshop.eth')).json()).toEqual(registered)
    await expectRefusal(await request('GET', '/v1/names/lookup/nobody.myshop.eth'), 404, 'NAME_NOT_FOUND')
    // Lookup answers for the project's own names only.
    await expectRefusal(
      await request('GET', '/v1/names/lookup/alice.myshop.eth', { project: 'club' }),
      400,
      'NAME_INVALID',
    )
  })

  it('refuses a taken name and suggests free ones like it', async () => {
    await expectRefusal(await register('alice.myshop.eth', { signer: bob }), 409, 'NAME_TAKEN')
    expect((await register('alice1.myshop.eth', { signer: bob })).status).toBe(201)
    const available = await (await request('GET', '/v1/names/available/alice.myshop.eth')).json()
    expect(available).toEqual({
      name: 'alice.myshop.eth',
      available: false,
      // alice1 is bob's now.
      suggestions: [
        { name: 'alice2.myshop.eth' },
        { name: 'alice3.myshop.eth' },
        { name: 'alice7.myshop.eth' },
        { name: 'alice42.myshop.eth' },
      ],
    })
    const suggestions = await (await request('GET', '/v1/names/suggestions/alice.shop.example')).json()
    expect(suggestions.suggestions[0]).toEqual({ name: 'alice1.shop.example' })
  })

  it('refuses a message signed longer ago than the window allows, or dated in the future', async () => {
    expect(
      await expectRefusal(
        await register('stale.myshop.eth', { signer: dave, timestamp: seconds() - 601 }),
        401,
        'NAME_MESSAGE_EXPIRED',
      ),
    ).toMatch(/601 s old/)
    await expectRefusal(
      await register('future.myshop.eth', { signer: dave, timestamp: seconds() + 120 }),
      401,
      'NAME_MESSAGE_EXPIRED',
    )
    // Inside the window, both ways.
    expect((await register('stale.myshop.eth', { signer: dave, timestamp: seconds() - 590 })).status).toBe(
      201,
    )
  })

  it("refuses a signature that is not the address's, so nobody registers a name for another's address", async () => {
    await expectRefusal(
      await register('bobs-gift.myshop.eth', { signer: bob, address: dave.address }),
      401,
      'NAME_SIGNATURE_INVALID',
    )
    const body = await signedRegistration('tampered.myshop.eth', { signer: dave })
    await expectRefusal(
      await request('POST', '/v1/names/register', {
        body: { ...body, message: body.message.replace('tampered', 'tempered') },
      }),
      401,
      'NAME_SIGNATURE_INVALID',
    )
    await expectRefusal(
      await request('POST', '/v1/names/register', { body: { ...body, signature: 'not hex' } }),
      401,
      'NAME_SIGNATURE_INVALID',
    )
    await expectRefusal(await request('GET', '/v1/names/lookup/bobs-gift.myshop.eth'), 404, 'NAME_NOT_FOUND')
  })

  it('refuses a replayed registration and malformed requests, each with its code', async () => {
    const body = await signedRegistration('replay.club.eth', { signer: dave })
    expect((await request('POST', '/v1/names/register', { project: 'club', body })).status).toBe(201)
    await expectRefusal(
      await request('POST', '/v1/names/register', { project: 'club', body }),
      401,
      'NAME_MESSAGE_USED',
    )
    await expectRefusal(await request('POST', '/v1/names/register', { body: '{' }), 400, 'BAD_REQUEST')
    await expectRefusal(
      await request('POST', '/v1/names/register', { body: { ...body, coinType: 0 } }),
      400,
      'BAD_REQUEST',
    )
    await expectRefusal(
      await request('POST', '/v1/names/register', { body: { ...body, address: '0x12' } }),
      400,
      'INVALID_ADDRESS',
    )
    const notJson = 'register alice'
    await expectRefusal(
      await request('POST', '/v1/names/register', {
        body: { ...body, message: notJson, signature: await dave.signMessage({ message: notJson }) },
      }),
      400,
      'NAME_MESSAGE_INVALID',
    )
    const extra = JSON.stringify({
      name: 'extra.myshop.eth',
      attributes: {},
      timestamp: seconds(),
      admin: true,
    })
    await expectRefusal(
      await request('POST', '/v1/names/register', {
        body: { ...body, message: extra, signature: await dave.signMessage({ message: extra }) },
      }),
      400,
      'NAME_MESSAGE_INVALID',
    )
  })

  it('allows one name per address unless the project allows more', async () => {
    expect(await expectRefusal(await register('alice-again.myshop.eth'), 409, 'NAME_LIMIT')).toMatch(
      /release it/,
    )
    expect((await register('alice.club.eth', { project: 'club' })).status).toBe(201)
    time += 1_000
    expect((await register('alice-two.club.eth', { project: 'club' })).status).toBe(201)
    await expectRefusal(await register('alice-three.club.eth', { project: 'club' }), 409, 'NAME_LIMIT')
  })

  it('registers a name for a smart-contract account (ERC-1271) its owner signed for', async () => {
    const response = await register('carols-wallet.myshop.eth', { signer: carol, address: smartWallet })
    expect(response.status).toBe(201)
    expect((await response.json()).address).toBe(smartWallet)
    // On a chain the server has no RPC for, the account's signature cannot be checked.
    await expectRefusal(
      await register('carols-other.club.eth', {
        signer: carol,
        address: smartWallet,
        coinType: 60,
        project: 'club',
      }),
      401,
      'NAME_SIGNATURE_INVALID',
    )
  })

  it("finds an address's names (reverse lookup) in the project only", async () => {
    const shop = await (await request('GET', `/v1/names/reverse/${alice.address.toLowerCase()}`)).json()
    expect(shop.names.map((entry: { name: string }) => entry.name)).toEqual(['alice.myshop.eth'])
    const club = await (
      await request('GET', `/v1/names/reverse/${alice.address}`, { project: 'club' })
    ).json()
    expect(club.names.map((entry: { name: string }) => entry.name)).toEqual([
      'alice.club.eth',
      'alice-two.club.eth',
    ])
    expect(await (await request('GET', `/v1/names/reverse/${carol.address}`)).json()).toEqual({ names: [] })
    await expectRefusal(await request('GET', '/v1/names/reverse/0x1234'), 400, 'INVALID_ADDRESS')
  })

  it("releases a name its address signed for, never another address's", async () => {
    await expectRefusal(await release('alice.myshop.eth', { signer: bob }), 403, 'NAME_NOT_OWNED')
    // Bob signing in alice's name is no better.
    await expectRefusal(
      await release('alice.myshop.eth', { signer: bob, address: alice.address }),
      401,
      'NAME_SIGNATURE_INVALID',
    )
    const response = await release('alice.myshop.eth')
    expect(await response.json()).toEqual({ name: 'alice.myshop.eth', released: true })
    await expectRefusal(await request('GET', '/v1/names/lookup/alice.myshop.eth'), 404, 'NAME_NOT_FOUND')
    await expectRefusal(await release('alice.myshop.eth'), 404, 'NAME_NOT_FOUND')
    // Free again, and alice may register another now.
    time += 1_000
    expect((await register('alice-again.myshop.eth')).status).toBe(201)
  })

  it('answers only the pages of allowed origins', async () => {
    await expectRefusal(
      await request('GET', '/v1/names/available/alice', { origin: 'https://squatter.example' }),
      403,
      'ORIGIN_NOT_ALLOWED',
    )
  })

  it('limits registrations per address and per client each hour', async () => {
    const strict = createApp({
      config: configWith({
        projects: { shop: { suffixes: ['myshop.eth'], maxNamesPerAddress: 100 } },
        rateLimit: { perAddressPerHour: 2, perIpPerHour: 4 },
      }),
      db,
      logger,
      now,
    })
    const signer = privateKeyToAccount(generatePrivateKey())
    const other = privateKeyToAccount(generatePrivateKey())
    const on = strict
    const post = async (name: string, from = signer) =>
      request('POST', '/v1/names/register', { on, body: await signedRegistration(name, { signer: from }) })
    expect((await post('limit-one.myshop.eth')).status).toBe(201)
    expect((await post('limit-two.myshop.eth')).status).toBe(201)
    const refused = await post('limit-three.myshop.eth')
    expect(await expectRefusal(refused, 429, 'RATE_LIMITED')).toMatch(/at most 2 an hour/)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60)
    // Another address from the same client: its own count, until the client's is spent too.
    expect((await post('limit-four.myshop.eth', other)).status).toBe(201)
    await expectRefusal(await post('limit-five.myshop.eth', other), 429, 'RATE_LIMITED')
    time += 3_600_000
    expect((await post('limit-five.myshop.eth', other)).status).toBe(201)
  })
  it('refuses a replayed release whose signature is only re-encoded, once the name is registered again', async () => {
    const signer = privateKeyToAccount(generatePrivateKey())
    expect((await register('malleable.myshop.eth', { signer })).status).toBe(201)
    const message = createAccountNameReleaseMessage({ name: 'malleable.myshop.eth', timestamp: seconds() })
    const signature = await signer.signMessage({ message })
    const body = { coinType: COIN_TYPE, address: signer.address, message, signature }
    expect((await request('POST', '/v1/names/release', { body })).status).toBe(200)
    time += 1_000
    expect((await register('malleable.myshop.eth', { signer })).status).toBe(201)
    // The same signature with v as 0/1 instead of 27/28 verifies just as well.
    const v = Number.parseInt(signature.slice(130), 16)
    const reencoded = `${signature.slice(0, 130)}${(v - 27).toString(16).padStart(2, '0')}`
    await expectRefusal(
      await request('POST', '/v1/names/release', { body: { ...body, signature: reencoded } }),
      401,
      'NAME_MESSAGE_USED',
    )
    expect((await request('GET', '/v1/names/lookup/malleable.myshop.eth')).status).toBe(200)
  })

  it('refuses punycode and other labels ENS normalisation refuses (hyphens 3rd and 4th), and suggests none', async () => {
    for (const label of ['xn--pple-43d', 'ab--cd']) {
      await expectRefusal(await request('GET', `/v1/names/available/${label}`), 400, 'NAME_INVALID')
      await expectRefusal(await register(`${label}.myshop.eth`), 400, 'NAME_INVALID')
    }
    // A hyphen elsewhere is a name like any other.
    const fine = (await (await request('GET', '/v1/names/available/a--bcd')).json()) as { available: boolean }
    expect(fine.available).toBe(true)
    const signer = privateKeyToAccount(generatePrivateKey())
    expect((await register('--ab.myshop.eth', { signer })).status).toBe(201)
    const taken = (await (await request('GET', '/v1/names/available/--ab')).json()) as {
      suggestions: { name: string }[]
    }
    expect(taken.suggestions.length).toBeGreaterThan(0)
    expect(taken.suggestions.map((suggestion) => suggestion.name)).not.toContain('my--ab.myshop.eth')
  })

  it('reads a label in lower case, and refuses zero-width and look-alike letters', async () => {
    const signer = privateKeyToAccount(generatePrivateKey())
    expect((await register('CaseName.myshop.eth', { signer })).status).toBe(201)
    const other = privateKeyToAccount(generatePrivateKey())
    await expectRefusal(await register('casename.myshop.eth', { signer: other }), 409, 'NAME_TAKEN')
    for (const label of ['case\u200bname', 'c\u0430sename', 'casenam\u00e9', 'ca\u017fename']) {
      await expectRefusal(
        await request('GET', `/v1/names/available/${encodeURIComponent(label)}`),
        400,
        'NAME_INVALID',
      )
      await expectRefusal(await register(`${label}.myshop.eth`, { signer: other }), 400, 'NAME_INVALID')
    }
  })

  it("refuses another project's suffix under this project's as a name", async () => {
    await expectRefusal(await request('GET', '/v1/names/available/team.myshop.eth'), 400, 'NAME_INVALID')
    const signer = privateKeyToAccount(generatePrivateKey())
    await expectRefusal(await register('team.myshop.eth', { signer }), 400, 'NAME_INVALID')
  })

  it('registers a name once when two addresses ask for it at once', async () => {
    const signers = [privateKeyToAccount(generatePrivateKey()), privateKeyToAccount(generatePrivateKey())]
    const answers = await Promise.all(signers.map((signer) => register('raced.myshop.eth', { signer })))
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409])
  })
})
