import type { CaipNetworkId, SiwxMessageData } from '@portico/core'
import { apiErrorSchema, siwxNonceResponseSchema, siwxSessionResponseSchema } from '@portico/core/api'
import { createSiwxMessage } from '@portico/siwx'
import {
  createTestPolkadotExtension,
  type Injected,
  POLKADOT_TEST_ACCOUNTS,
  POLKADOT_TEST_CHAIN_ID,
} from '@portico/test/polkadot/wallet'
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverConfigSchema } from '../config.js'
import type { Database } from '../db/schema.js'
import { createApp } from '../http/createApp.js'
import { createLogger } from '../logger.js'
import { addProject } from '../projects/projects.js'
import { createMigratedDatabase, ENGINES, type TestDatabase } from '../testing/testDatabase.js'

const SITE = 'https://shop.example'
const CHAIN = POLKADOT_TEST_CHAIN_ID as CaipNetworkId
const [alice, bob] = POLKADOT_TEST_ACCOUNTS as [
  (typeof POLKADOT_TEST_ACCOUNTS)[0],
  (typeof POLKADOT_TEST_ACCOUNTS)[0],
]
const hexOf = (text: string) => `0x${Buffer.from(text, 'utf8').toString('hex')}`

describe('the server configuration of SS58 prefixes', () => {
  it('takes a prefix per polkadot: chain and refuses other ids and impossible prefixes', () => {
    expect(serverConfigSchema.parse({ siwx: { ss58Prefixes: { [CHAIN]: 2 } } }).siwx.ss58Prefixes).toEqual({
      [CHAIN]: 2,
    })
    expect(serverConfigSchema.parse({}).siwx.ss58Prefixes).toEqual({})
    expect(() => serverConfigSchema.parse({ siwx: { ss58Prefixes: { 'eip155:1': 2 } } })).toThrow()
    expect(() => serverConfigSchema.parse({ siwx: { ss58Prefixes: { [CHAIN]: 16_384 } } })).toThrow()
    expect(() => serverConfigSchema.parse({ siwx: { ss58Prefixes: { [CHAIN]: -1 } } })).toThrow()
  })
})

describe.each(ENGINES)('sign-in with the Polkadot test extension on the test chain, on %s', (engine) => {
  let database: TestDatabase
  let db: Kysely<Database>
  let app: ReturnType<typeof createApp>
  let injected: Injected
  let generic: Injected
  const time = Date.parse('2031-06-01T00:00:00.000Z')

  beforeAll(async () => {
    ;({ database, db } = await createMigratedDatabase(engine))
    await addProject(db, { id: 'shop', origins: [SITE] })
    const logger = createLogger({ level: 'error', stream: { write: () => {} } })
    const config = serverConfigSchema.parse({ siwx: { ss58Prefixes: { [CHAIN]: 2 } } })
    app = createApp({ config, db, logger, now: () => time })
    // One extension handing out the chain's prefix, one the generic 42 that extensions default to.
    injected = await (await createTestPolkadotExtension({ ss58Prefix: 2 })).provider.enable('Shop')
    generic = await (await createTestPolkadotExtension()).provider.enable('Shop')
  })
  afterAll(async () => {
    await db?.destroy()
    await database?.drop()
  })

  const post = (path: string, body: unknown) =>
    app.request(`${path}?projectId=shop`, {
      method: 'POST',
      headers: { origin: SITE, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })

  /** Asks the server for a nonce, signs the message for `accountAddress` with `signer`'s signRaw, and posts it. */
  const signIn = async (accountAddress: string, signer: Injected, signAs: string = accountAddress) => {
    const { nonce } = siwxNonceResponseSchema.parse(
      await (await post('/v1/siwx/nonce', { chainId: CHAIN })).json(),
    )
    const data: SiwxMessageData = {
      domain: 'shop.example',
      accountAddress,
      uri: `${SITE}/login`,
      version: '1',
      chainId: CHAIN,
      nonce,
      issuedAt: new Date(time).toISOString(),
    }
    const message = createSiwxMessage(data)
    const { signature } = await signer.signer.signRaw({
      address: signAs,
      data: hexOf(message),
      type: 'bytes',
    })
    return { signature, response: await post('/v1/siwx/sessions', { message, signature }) }
  }

  it("accepts signRaw's signature for an address in the chain's prefix 2, and reads the session back", async () => {
    const { response, signature } = await signIn(alice.address, injected)
    expect(response.status).toBe(201)
    const created = siwxSessionResponseSchema.parse(await response.json())
    expect(created.account).toBe(`${CHAIN}:${alice.address}`)
    expect(created.session.cacao?.s).toEqual({ t: 'polkadot:sr25519', s: signature })
    const read = await app.request('/v1/siwx/session?projectId=shop', {
      headers: { origin: SITE, authorization: `Bearer ${created.token}` },
    })
    expect(read.status).toBe(200)
  })

  it('refuses the same key under the generic prefix 42 on this chain with 401 SIWX_INVALID_SIGNATURE', async () => {
    const [aliceGeneric] = await generic.accounts.get()
    expect(aliceGeneric?.address).not.toBe(alice.address)
    const { response } = await signIn(aliceGeneric?.address as string, generic)
    expect(response.status).toBe(401)
    expect(apiErrorSchema.parse(await response.json()).error.code).toBe('SIWX_INVALID_SIGNATURE')
  })

  it("refuses a message for Alice signed with Bob's key with 401 SIWX_INVALID_SIGNATURE", async () => {
    const { response } = await signIn(alice.address, injected, bob.address)
    expect(response.status).toBe(401)
    expect(apiErrorSchema.parse(await response.json()).error.code).toBe('SIWX_INVALID_SIGNATURE')
  })
})
