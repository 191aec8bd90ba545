import { createHash, createPrivateKey, createPublicKey, sign } from 'node:crypto'
import type { CaipNetworkId, SiwxMessageData } from '@portico/core'
import { apiErrorSchema, siwxNonceResponseSchema, siwxSessionResponseSchema } from '@portico/core/api'
import { createSiwxMessage } from '@portico/siwx'
import { ANVIL_PRIVATE_KEYS } from '@portico/test'
import type { Kysely } from 'kysely'
import { hexToBytes } from 'viem'
import { privateKeyToAccount, sign as signHash } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverConfigSchema } from '../config.js'
import type { Database } from '../db/schema.js'
import { createApp } from '../http/createApp.js'
import { createLogger } from '../logger.js'
import { addProject } from '../projects/projects.js'
import { createMigratedDatabase, ENGINES, type TestDatabase } from '../testing/testDatabase.js'

const SITE = 'https://shop.example'
const BITCOIN_MAINNET = 'bip122:000000000019d6689c085ae165831e93' as CaipNetworkId
const SOLANA_MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' as CaipNetworkId
const POLKADOT_MAINNET = 'polkadot:91b171bb158e2d3848fa23a9f1c25182' as CaipNetworkId

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** Bitcoin's base58 (also Solana's): leading zero bytes become '1's. */
function base58(bytes: Uint8Array): string {
  let value = 0n
  for (const byte of bytes) value = value * 256n + BigInt(byte)
  let text = ''
  while (value > 0n) {
    text = BASE58[Number(value % 58n)] + text
    value /= 58n
  }
  for (const byte of bytes) {
    if (byte !== 0) break
    text = `1${text}`
  }
  return text
}

const sha256 = (bytes: Uint8Array) => new Uint8Array(createHash('sha256').update(bytes).digest())
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts))

/** An ed25519 key from a fixed seed, so the test's account is the same on every run. */
function ed25519Key(seedByte: number) {
  const seed = Buffer.alloc(32, seedByte)
  // PKCS#8 wrapping of a raw ed25519 seed (RFC 8410).
  const privateKey = createPrivateKey({
    key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]),
    format: 'der',
    type: 'pkcs8',
  })
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' })
  const publicKey = new Uint8Array(Buffer.from(jwk.x as string, 'base64url'))
  return {
    publicKey,
    sign: (message: string) => new Uint8Array(sign(null, Buffer.from(message), privateKey)),
  }
}

/** A Polkadot address (SS58, prefix 0) of a 32-byte public key. */
function ss58(publicKey: Uint8Array): string {
  const payload = concat(Uint8Array.of(0), publicKey)
  const checksum = createHash('blake2b512')
    .update(concat(new TextEncoder().encode('SS58PRE'), payload))
    .digest()
    .subarray(0, 2)
  return base58(concat(payload, checksum))
}

/** A legacy Bitcoin signed message (BIP-137) by a compressed P2PKH key, and that key's mainnet address. */
function bitcoinKey(privateKey: `0x${string}`) {
  const uncompressed = hexToBytes(privateKeyToAccount(privateKey).publicKey)
  const x = uncompressed.slice(1, 33)
  const yIsOdd = (uncompressed[64] ?? 0) & 1
  const compressed = concat(Uint8Array.of(yIsOdd ? 3 : 2), x)
  const hash160 = new Uint8Array(createHash('ripemd160').update(sha256(compressed)).digest())
  const payload = concat(Uint8Array.of(0x00), hash160)
  const address = base58(concat(payload, sha256(sha256(payload)).slice(0, 4)))
  const signMessage = async (message: string) => {
    const text = new TextEncoder().encode(message)
    if (text.length >= 0xfd) throw new Error('the test writes one-byte lengths only')
    const magic = new TextEncoder().encode('Bitcoin Signed Message:\n')
    const hash = sha256(sha256(concat(Uint8Array.of(magic.length), magic, Uint8Array.of(text.length), text)))
    const { r, s, yParity } = await signHash({
      hash: `0x${Buffer.from(hash).toString('hex')}`,
      privateKey,
    })
    // 31 + recovery id: a compressed key's P2PKH signature.
    const signature = concat(
      Uint8Array.of(31 + (yParity ?? 0)),
      hexToBytes(r, { size: 32 }),
      hexToBytes(s, { size: 32 }),
    )
    return Buffer.from(signature).toString('base64')
  }
  return { address, signMessage }
}

describe.each(ENGINES)('sign-in with other namespaces on %s', (engine) => {
  let database: TestDatabase
  let db: Kysely<Database>
  let app: ReturnType<typeof createApp>
  const time = Date.parse('2031-06-01T00:00:00.000Z')

  beforeAll(async () => {
    ;({ database, db } = await createMigratedDatabase(engine))
    await addProject(db, { id: 'shop', origins: [SITE] })
    const logger = createLogger({ level: 'error', stream: { write: () => {} } })
    app = createApp({ config: serverConfigSchema.parse({}), db, logger, now: () => time })
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

  /** Signs in through the server with `signMessage`, then reads the session back with its token. */
  const signInWith = async (
    chainId: CaipNetworkId,
    accountAddress: string,
    signMessage: (message: string) => Promise<string>,
  ) => {
    const { nonce } = siwxNonceResponseSchema.parse(await (await post('/v1/siwx/nonce', { chainId })).json())
    const data: SiwxMessageData = {
      domain: 'shop.example',
      accountAddress,
      uri: `${SITE}/login`,
      version: '1',
      chainId,
      nonce,
      issuedAt: new Date(time).toISOString(),
    }
    const message = createSiwxMessage(data)
    const signature = await signMessage(message)
    return { message, signature, response: await post('/v1/siwx/sessions', { message, signature }) }
  }

  const readSession = (token: string) =>
    app.request('/v1/siwx/session?projectId=shop', {
      headers: { origin: SITE, authorization: `Bearer ${token}` },
    })

  it('signs in a Solana account with its ed25519 signature and reads the session back', async () => {
    const key = ed25519Key(7)
    const address = base58(key.publicKey)
    const { response, signature } = await signInWith(SOLANA_MAINNET, address, async (message) =>
      base58(key.sign(message)),
    )
    expect(response.status).toBe(201)
    const created = siwxSessionResponseSchema.parse(await response.json())
    expect(created.account).toBe(`${SOLANA_MAINNET}:${address}`)
    expect(created.session.cacao?.s).toEqual({ t: 'solana:ed25519', s: signature })
    const read = await readSession(created.token as string)
    expect(read.status).toBe(200)
    expect(siwxSessionResponseSchema.parse(await read.json()).account).toBe(created.account)
  })

  it('refuses a Solana sign-in signed by another key with 401 SIWX_INVALID_SIGNATURE', async () => {
    const owner = ed25519Key(7)
    const other = ed25519Key(8)
    const { response } = await signInWith(SOLANA_MAINNET, base58(owner.publicKey), async (message) =>
      base58(other.sign(message)),
    )
    expect(response.status).toBe(401)
    expect(apiErrorSchema.parse(await response.json()).error.code).toBe('SIWX_INVALID_SIGNATURE')
  })

  it('signs in a Bitcoin P2PKH address with a legacy signed message and reads the session back', async () => {
    const key = bitcoinKey(ANVIL_PRIVATE_KEYS[2])
    expect(key.address).toMatch(/^1/)
    const { response } = await signInWith(BITCOIN_MAINNET, key.address, key.signMessage)
    expect(response.status).toBe(201)
    const created = siwxSessionResponseSchema.parse(await response.json())
    expect(created.account).toBe(`${BITCOIN_MAINNET}:${key.address}`)
    expect(created.session.cacao?.s.t).toBe('bip137')
    expect((await readSession(created.token as string)).status).toBe(200)
  })

  it('refuses a Bitcoin sign-in signed by another key with 401 SIWX_INVALID_SIGNATURE', async () => {
    const owner = bitcoinKey(ANVIL_PRIVATE_KEYS[2])
    const other = bitcoinKey(ANVIL_PRIVATE_KEYS[3])
    const { response } = await signInWith(BITCOIN_MAINNET, owner.address, other.signMessage)
    expect(response.status).toBe(401)
    expect(apiErrorSchema.parse(await response.json()).error.code).toBe('SIWX_INVALID_SIGNATURE')
  })

  it('signs in a Polkadot ed25519 account with a signature of the <Bytes>-wrapped message, as extensions sign', async () => {
    const key = ed25519Key(9)
    const address = ss58(key.publicKey)
    const { response } = await signInWith(
      POLKADOT_MAINNET,
      address,
      async (message) => `0x${Buffer.from(key.sign(`<Bytes>${message}</Bytes>`)).toString('hex')}`,
    )
    expect(response.status).toBe(201)
    const created = siwxSessionResponseSchema.parse(await response.json())
    expect(created.account).toBe(`${POLKADOT_MAINNET}:${address}`)
    expect(created.session.cacao?.s.t).toBe('polkadot:ed25519')
    expect((await readSession(created.token as string)).status).toBe(200)
  })

  it('refuses a Polkadot sign-in signed by another key with 401 SIWX_INVALID_SIGNATURE', async () => {
    const owner = ed25519Key(9)
    const other = ed25519Key(10)
    const { response } = await signInWith(
      POLKADOT_MAINNET,
      ss58(owner.publicKey),
      async (message) => `0x${Buffer.from(other.sign(`<Bytes>${message}</Bytes>`)).toString('hex')}`,
    )
    expect(response.status).toBe(401)
    expect(apiErrorSchema.parse(await response.json()).error.code).toBe('SIWX_INVALID_SIGNATURE')
  })
})
