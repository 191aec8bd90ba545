import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { evmChainIdToCoinType } from '@portico/core/api'
import {
  ANVIL_PRIVATE_KEYS,
  type AnvilInstance,
  compileOffchainResolver,
  deployEns,
  deployOffchainResolver,
  setEnsResolver,
  startAnvil,
} from '@portico/test'
import type { Kysely } from 'kysely'
import {
  type Abi,
  type Address,
  createPublicClient,
  decodeAbiParameters,
  decodeFunctionResult,
  encodeAbiParameters,
  encodeFunctionData,
  type Hex,
  http,
  namehash,
  type PublicClient,
  toHex,
  zeroAddress,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { packetToBytes } from 'viem/ens'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverConfigSchema } from '../config.js'
import type { Database } from '../db/schema.js'
import { createApp } from '../http/createApp.js'
import { createLogger } from '../logger.js'
import { createMigratedDatabase, type TestDatabase } from '../testing/testDatabase.js'
import { registerAccountName } from './accountNameStore.js'
import { GATEWAY_REQUEST_ABI, RECORD_ABI } from './ensGateway.js'

const ANVIL_CHAIN_ID = 31_418
const SIGNER_KEY = '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba' as const
const OTHER_KEY = '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e' as const
const alice = privateKeyToAccount(ANVIL_PRIVATE_KEYS[0])
const logger = createLogger({ level: 'error', stream: { write: () => {} } })

let anvil: AnvilInstance
let database: TestDatabase
let db: Kysely<Database>
let client: PublicClient
let resolverAbi: Abi
let resolver: Address
let untrustingResolver: Address
let universalResolver: Address
let gatewayUrl: string
let staleGatewayUrl: string
const servers: { close(): void }[] = []

/** Serves an app on a free port and resolves its gateway URL template. */
async function serveGateway(now: () => number): Promise<string> {
  const config = serverConfigSchema.parse({
    names: {
      projects: { shop: { suffixes: ['myshop.eth'] } },
      gateway: { signerKey: SIGNER_KEY, ttlSeconds: 300 },
    },
  })
  const app = createApp({ config, db, logger, now })
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
  servers.push(server)
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const { port } = server.address() as AddressInfo
  return `http://127.0.0.1:${port}/gateway/names/{sender}/{data}.json`
}

beforeAll(async () => {
  anvil = await startAnvil({ chainId: ANVIL_CHAIN_ID })
  client = createPublicClient({ transport: http(anvil.rpcUrl), pollingInterval: 25 })
  ;({ database, db } = await createMigratedDatabase('pglite'))
  gatewayUrl = await serveGateway(Date.now)
  // A server whose clock is an hour behind signs answers that expired before they were given.
  staleGatewayUrl = await serveGateway(() => Date.now() - 3_600_000)
  resolverAbi = (await compileOffchainResolver()).abi
  const signer = privateKeyToAccount(SIGNER_KEY).address
  resolver = await deployOffchainResolver({ rpcUrl: anvil.rpcUrl, urls: [gatewayUrl], signers: [signer] })
  untrustingResolver = await deployOffchainResolver({
    rpcUrl: anvil.rpcUrl,
    urls: [gatewayUrl],
    signers: [privateKeyToAccount(OTHER_KEY).address],
  })
  // The site's ENS name points at the resolver: every name under it resolves through the gateway.
  universalResolver = (await deployEns({ rpcUrl: anvil.rpcUrl })).universalResolver
  await setEnsResolver({ rpcUrl: anvil.rpcUrl, name: 'myshop.eth', resolver })
  const now = new Date()
  await registerAccountName(db, {
    projectId: 'shop',
    name: 'alice.myshop.eth',
    label: 'alice',
    suffix: 'myshop.eth',
    address: alice.address,
    coinType: evmChainIdToCoinType(ANVIL_CHAIN_ID),
    attributes: { description: 'Alice at the shop' },
    signedAt: now,
    digest: 'gateway-test',
    digestExpiresAt: new Date(now.getTime() + 60_000),
    maxNamesPerAddress: 1,
    now,
  })
}, 120_000)
afterAll(async () => {
  for (const server of servers) server.close()
  await anvil?.stop()
  await db?.destroy()
  await database?.drop()
})

const dns = (name: string) => toHex(packetToBytes(name))
const addrCall = (name: string) =>
  encodeFunctionData({ abi: RECORD_ABI, functionName: 'addr', args: [namehash(name)] })

/** Asks the resolver through viem, which follows the OffchainLookup to the gateway (CCIP-Read). */
async function resolveThrough(address: Address, name: string, call: Hex): Promise<Hex> {
  return (await client.readContract({
    address,
    abi: resolverAbi,
    functionName: 'resolve',
    args: [dns(name), call],
  })) as Hex
}

/** The gateway's raw answer for a resolve call on `sender`, as a CCIP-Read client fetches it. */
async function fetchAnswer(url: string, sender: Address, callData: Hex): Promise<Hex> {
  const response = await fetch(url.replace('{sender}', sender.toLowerCase()).replace('{data}', callData))
  expect(response.status).toBe(200)
  return ((await response.json()) as { data: Hex }).data
}

describe('the ENS gateway and the OffchainResolver', () => {
  it("resolves a registered name with viem's getEnsAddress and getEnsText, through the universal resolver, the resolver and the gateway", async () => {
    expect(
      await client.getEnsAddress({ name: 'alice.myshop.eth', universalResolverAddress: universalResolver }),
    ).toBe(alice.address)
    expect(
      await client.getEnsText({
        name: 'alice.myshop.eth',
        key: 'description',
        universalResolverAddress: universalResolver,
      }),
    ).toBe('Alice at the shop')
    expect(
      await client.getEnsAddress({ name: 'nobody.myshop.eth', universalResolverAddress: universalResolver }),
    ).toBeNull()
  })

  it("resolves a registered name's address, coin-type address and text records through the resolver and the gateway", async () => {
    const address = decodeFunctionResult({
      abi: RECORD_ABI,
      functionName: 'addr',
      args: [namehash('alice.myshop.eth')],
      data: await resolveThrough(resolver, 'alice.myshop.eth', addrCall('alice.myshop.eth')),
    })
    expect(address).toBe(alice.address)
    const coinType = BigInt(evmChainIdToCoinType(ANVIL_CHAIN_ID))
    const coinCall = encodeFunctionData({
      abi: RECORD_ABI,
      functionName: 'addr',
      args: [namehash('alice.myshop.eth'), coinType],
    })
    const coinAddress = decodeFunctionResult({
      abi: RECORD_ABI,
      functionName: 'addr',
      args: [namehash('alice.myshop.eth'), coinType],
      data: await resolveThrough(resolver, 'alice.myshop.eth', coinCall),
    })
    expect(coinAddress).toBe(alice.address.toLowerCase())
    const textCall = encodeFunctionData({
      abi: RECORD_ABI,
      functionName: 'text',
      args: [namehash('alice.myshop.eth'), 'description'],
    })
    const text = decodeFunctionResult({
      abi: RECORD_ABI,
      functionName: 'text',
      data: await resolveThrough(resolver, 'alice.myshop.eth', textCall),
    })
    expect(text).toBe('Alice at the shop')
  })

  it('resolves an unregistered name, and the suffix itself, to nothing', async () => {
    for (const name of ['nobody.myshop.eth', 'myshop.eth', 'deep.alice.myshop.eth']) {
      const address = decodeFunctionResult({
        abi: RECORD_ABI,
        functionName: 'addr',
        args: [namehash(name)],
        data: await resolveThrough(resolver, name, addrCall(name)),
      })
      expect(address).toBe(zeroAddress)
    }
  })

  it('refuses a tampered answer, an answer for another request, an expired answer and one from an untrusted signer', async () => {
    const callData = encodeFunctionData({
      abi: GATEWAY_REQUEST_ABI,
      functionName: 'lookup',
      args: [dns('alice.myshop.eth'), addrCall('alice.myshop.eth'), resolver],
    })
    const answer = await fetchAnswer(gatewayUrl, resolver, callData)
    const [result, expires, signature] = decodeAbiParameters(
      [{ type: 'bytes' }, { type: 'uint64' }, { type: 'bytes' }],
      answer,
    )
    const withProof = (response: Hex, extraData: Hex = callData, address = resolver) =>
      client.readContract({
        address,
        abi: resolverAbi,
        functionName: 'resolveWithProof',
        args: [response, extraData],
      })
    expect(await withProof(answer)).toBe(result)

    const thief = encodeAbiParameters([{ type: 'address' }], [privateKeyToAccount(OTHER_KEY).address])
    const tampered = encodeAbiParameters(
      [{ type: 'bytes' }, { type: 'uint64' }, { type: 'bytes' }],
      [thief, expires, signature],
    )
    await expect(withProof(tampered)).rejects.toThrow(/UntrustedSigner/)
    const longer = encodeAbiParameters(
      [{ type: 'bytes' }, { type: 'uint64' }, { type: 'bytes' }],
      [result, expires + 86_400n, signature],
    )
    await expect(withProof(longer)).rejects.toThrow(/UntrustedSigner/)
    const otherRequest = encodeFunctionData({
      abi: GATEWAY_REQUEST_ABI,
      functionName: 'lookup',
      args: [dns('bob1.myshop.eth'), addrCall('bob1.myshop.eth'), resolver],
    })
    await expect(withProof(answer, otherRequest)).rejects.toThrow(/UntrustedSigner/)
    // Signed for this resolver only: another resolver does not take it, whoever it trusts.
    await expect(withProof(answer, callData, untrustingResolver)).rejects.toThrow(/UntrustedSigner/)
    await expect(
      resolveThrough(untrustingResolver, 'alice.myshop.eth', addrCall('alice.myshop.eth')),
    ).rejects.toThrow(/UntrustedSigner/)

    const stale = await fetchAnswer(staleGatewayUrl, resolver, callData)
    await expect(withProof(stale)).rejects.toThrow(/ExpiredAnswer/)
  })

  it('refuses call data that is not an ENSIP-10 resolve call, with a 400 and a code', async () => {
    const base = gatewayUrl.replace('{sender}', resolver.toLowerCase())
    for (const data of ['0x1234', 'zz', addrCall('alice.myshop.eth')]) {
      const response = await fetch(base.replace('{data}', data))
      expect(response.status).toBe(400)
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('BAD_REQUEST')
    }
    const wrongNode = encodeFunctionData({
      abi: GATEWAY_REQUEST_ABI,
      functionName: 'lookup',
      args: [dns('alice.myshop.eth'), addrCall('bob1.myshop.eth'), resolver],
    })
    expect((await fetch(base.replace('{data}', wrongNode))).status).toBe(400)
  })

  it('answers malformed posts, names that are not UTF-8 DNS names and oversized bodies with a 4xx and a code', async () => {
    const post = (body: string) =>
      fetch(gatewayUrl.replace('/{sender}/{data}.json', ''), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
    const lookupOf = (name: Hex) =>
      encodeFunctionData({
        abi: GATEWAY_REQUEST_ABI,
        functionName: 'lookup',
        args: [name, addrCall('alice.myshop.eth'), resolver],
      })
    const cases: [string, number, string][] = [
      ['{', 400, 'BAD_REQUEST'],
      [JSON.stringify({ sender: 'nobody', data: '0x' }), 400, 'BAD_REQUEST'],
      [JSON.stringify({ sender: resolver, data: '0x\u0000' }), 400, 'BAD_REQUEST'],
      // A label of bytes that are no UTF-8, and a length byte past the end.
      [JSON.stringify({ sender: resolver, data: lookupOf('0x05616c69ff00') }), 400, 'BAD_REQUEST'],
      [JSON.stringify({ sender: resolver, data: lookupOf('0x3f616c69636500') }), 400, 'BAD_REQUEST'],
      [JSON.stringify({ sender: resolver, data: `0x${'ab'.repeat(5_000)}` }), 413, 'PAYLOAD_TOO_LARGE'],
    ]
    for (const [body, status, code] of cases) {
      const response = await post(body)
      expect({ status: response.status, body: body.slice(0, 40) }).toEqual({
        status,
        body: body.slice(0, 40),
      })
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(code)
    }
  })
})
