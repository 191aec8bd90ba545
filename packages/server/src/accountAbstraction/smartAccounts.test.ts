import type { AddressInfo } from 'node:net'
import {
  type AltoInstance,
  type AnvilInstance,
  deployVerifyingPaymaster,
  ENTRY_POINT_08_ADDRESS,
  getFreePort,
  getPaymasterDeposit,
  rpc,
  SIMPLE_7702_ACCOUNT_08_ADDRESS,
  startAlto,
  startAnvil,
  toTestSimpleSmartAccount,
} from '@portico/test'
import type { Kysely } from 'kysely'
import {
  type Address,
  createPublicClient,
  type Hex,
  http,
  numberToHex,
  type PublicClient,
  parseEther,
} from 'viem'
import {
  createBundlerClient,
  createPaymasterClient,
  toSimple7702SmartAccount,
} from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { smartAccountNetworks } from '../auth/frameConfigRoute.js'
import { type ServerConfig, serverConfigSchema } from '../config.js'
import type { Database } from '../db/schema.js'
import { createApp } from '../http/createApp.js'
import { BUNDLER_UNAVAILABLE_CODE } from '../http/rpcProxy.js'
import { createLogger } from '../logger.js'
import { addProject } from '../projects/projects.js'
import { createMigratedDatabase, type TestDatabase } from '../testing/testDatabase.js'
import { SPONSORSHIP_ERRORS } from './sponsorship.js'

const CHAIN = `eip155:${foundry.id}`
/** The same chain again, with a bundler that is not running. */
const DOWN_CHAIN = 'eip155:31338'
/** The same chain once more, with no bundler configured. */
const NO_BUNDLER_CHAIN = 'eip155:31339'
const SIGNER_KEY: Hex = '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba'
/** The only contract the `dapp` project's policy pays calls to. */
const ALLOWED: Address = '0x00000000000000000000000000000000000a11ed'
const NOT_ALLOWED: Address = '0x000000000000000000000000000000000000dead'
const key = (n: number): Hex => numberToHex(n, { size: 32 })

// One chain, one bundler and one server for the whole file: alto takes seconds to start.
let anvil: AnvilInstance
let alto: AltoInstance
let database: TestDatabase
let db: Kysely<Database>
let server: { close(callback: () => void): void }
let proxyUrl: (chain?: string, projectId?: string) => string
let client: PublicClient
let paymaster: Address
let config: ServerConfig

beforeAll(async () => {
  anvil = await startAnvil({ chainId: foundry.id })
  alto = await startAlto({ rpcUrl: anvil.rpcUrl })
  paymaster = (
    await deployVerifyingPaymaster({ rpcUrl: anvil.rpcUrl, signer: privateKeyToAccount(SIGNER_KEY).address })
  ).address
  ;({ database, db } = await createMigratedDatabase('pglite'))
  await addProject(db, { id: 'dapp', name: 'Dapp Shop', origins: ['https://dapp.example'] })
  await addProject(db, { id: 'unsponsored', origins: ['https://other.example'] })
  config = serverConfigSchema.parse({
    chains: [
      {
        caipNetworkId: CHAIN,
        name: 'Anvil',
        rpcUrl: anvil.rpcUrl,
        bundlerUrl: alto.rpcUrl,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        indexer: { enabled: false },
      },
      {
        caipNetworkId: DOWN_CHAIN,
        name: 'Down',
        rpcUrl: anvil.rpcUrl,
        bundlerUrl: `http://127.0.0.1:${await getFreePort()}`,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        indexer: { enabled: false },
      },
      {
        caipNetworkId: NO_BUNDLER_CHAIN,
        name: 'No bundler',
        rpcUrl: anvil.rpcUrl,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        indexer: { enabled: false },
      },
    ],
    paymaster: {
      signerKey: SIGNER_KEY,
      contracts: { [CHAIN]: paymaster },
      projects: {
        dapp: { allowedCalls: [{ address: ALLOWED }], perUserPerDay: { operations: 2 } },
      },
    },
  })
  const app = createApp({
    config,
    db,
    logger: createLogger({ level: 'error', stream: { write: () => {} } }),
    now: () => Date.now() + serverClockAheadMs,
  })
  const { serve } = await import('@hono/node-server')
  const listening = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise((resolve) => listening.once('listening', resolve))
  server = listening
  const port = (listening.address() as AddressInfo).port
  proxyUrl = (chain = CHAIN, projectId = 'dapp') =>
    `http://127.0.0.1:${port}/v1/?chainId=${chain}&projectId=${projectId}`
  client = createPublicClient({ chain: foundry, transport: http(proxyUrl()), pollingInterval: 50 })
}, 120_000)

afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(resolve) : resolve()))
  await alto?.stop()
  await anvil?.stop()
  await db?.destroy()
  await database?.drop()
})

/** A bundler client through the server's proxy; with the site's paymaster when `sponsored`. */
const bundlerFor = (sponsored: boolean, chain = CHAIN) =>
  createBundlerClient({
    client,
    chain: foundry,
    transport: http(proxyUrl(chain), { retryCount: 0 }),
    pollingInterval: 50,
    ...(sponsored
      ? { paymaster: createPaymasterClient({ transport: http(proxyUrl(chain), { retryCount: 0 }) }) }
      : {}),
  })

const fund = (address: Address, wei: bigint) =>
  rpc(anvil.rpcUrl, 'anvil_setBalance', [address, numberToHex(wei)])

const post = async (body: unknown, chain = CHAIN, projectId = 'dapp') => {
  const response = await fetch(proxyUrl(chain, projectId), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(response.status).toBe(200)
  return response.json() as Promise<RpcAnswer & RpcAnswer[]>
}

/** One JSON-RPC answer; `post` types a batch's answer as an array of them too. */
interface RpcAnswer {
  jsonrpc: '2.0'
  id: number | string | null
  result?: unknown
  error?: { code: number; message: string; data?: unknown }
}

/** What `pm_getPaymasterData` answers. */
const sponsorshipOf = (answer: RpcAnswer) => answer.result as { paymaster: string; paymasterData: string }

/** How far the server's clock runs ahead of the chain's latest block (a chain quiet for a while). */
let serverClockAheadMs = 0

describe('the bundler through the RPC proxy', () => {
  it('serves EntryPoint v0.8 at its canonical address', async () => {
    expect(await client.getCode({ address: ENTRY_POINT_08_ADDRESS })).toMatch(/^0x.{100,}/)
    const answer = await post({ jsonrpc: '2.0', id: 7, method: 'eth_supportedEntryPoints', params: [] })
    expect(answer).toEqual({ jsonrpc: '2.0', id: 7, result: [ENTRY_POINT_08_ADDRESS] })
  })

  it('sends an unsponsored operation from a counterfactual SimpleAccount, which deploys it and pays its own gas', async () => {
    const account = await toTestSimpleSmartAccount({ client, owner: privateKeyToAccount(key(0xa1)) })
    const address = await account.getAddress()
    expect(await client.getCode({ address })).toBeUndefined()
    await fund(address, parseEther('1'))
    const bundler = bundlerFor(false)
    const hash = await bundler.sendUserOperation({
      account,
      calls: [{ to: NOT_ALLOWED, value: parseEther('0.1') }],
    })
    const receipt = await bundler.waitForUserOperationReceipt({ hash, timeout: 30_000 })
    expect(receipt.success).toBe(true)
    expect(await client.getCode({ address })).toMatch(/^0x.+/)
    const balance = await client.getBalance({ address })
    // 0.1 sent, and the gas on top: nobody else paid it.
    expect(balance).toBeLessThan(parseEther('0.9'))
    expect(receipt.paymaster).toBeUndefined()
  })

  it('answers with a clear JSON-RPC error when the bundler is down, and the other items still pass', async () => {
    const answer = await post(
      [
        { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
        { jsonrpc: '2.0', id: 2, method: 'eth_supportedEntryPoints', params: [] },
      ],
      DOWN_CHAIN,
    )
    expect(answer[0]).toEqual({ jsonrpc: '2.0', id: 1, result: numberToHex(foundry.id) })
    expect(answer[1]?.error).toMatchObject({
      code: BUNDLER_UNAVAILABLE_CODE,
      data: { code: 'BUNDLER_UNAVAILABLE', status: 502 },
    })
    expect(answer[1]?.error?.message).toContain(`The ERC-4337 bundler of ${DOWN_CHAIN} could not be reached`)
    // Through viem: the send fails with that error, and the account's nonce and balance stay as they were.
    const owner = privateKeyToAccount(key(0xa2))
    const account = await toTestSimpleSmartAccount({ client, owner })
    const address = await account.getAddress()
    await fund(address, parseEther('1'))
    const downClient = createPublicClient({ chain: foundry, transport: http(proxyUrl(DOWN_CHAIN)) })
    const bundler = createBundlerClient({
      client: downClient,
      transport: http(proxyUrl(DOWN_CHAIN), { retryCount: 0 }),
    })
    await expect(
      bundler.sendUserOperation({ account, calls: [{ to: NOT_ALLOWED, value: 1n }] }),
    ).rejects.toThrow(/bundler of eip155:31338 could not be reached/)
    expect(await client.getBalance({ address })).toBe(parseEther('1'))
    expect(await client.getCode({ address })).toBeUndefined()
  })

  it('refuses bundler methods on a chain without a bundler, naming the chain, and lists only bundler chains as smart-account enabled', async () => {
    const answer = await post(
      [
        { jsonrpc: '2.0', id: 1, method: 'eth_sendUserOperation', params: [] },
        { jsonrpc: '2.0', id: 2, method: 'eth_chainId', params: [] },
      ],
      NO_BUNDLER_CHAIN,
    )
    expect(answer[0]?.error).toEqual({
      code: -32601,
      message: `The method eth_sendUserOperation needs an ERC-4337 bundler, and this server has none for ${NO_BUNDLER_CHAIN}.`,
    })
    expect(answer[1]?.result).toBe(numberToHex(foundry.id))
    // What the frame's config reports (APP_GET_SMART_ACCOUNT_ENABLED_NETWORKS reads it).
    expect(smartAccountNetworks(config, 'dapp')).toEqual({
      smartAccountEnabledNetworks: [CHAIN, DOWN_CHAIN],
      sponsoredNetworks: [CHAIN],
    })
    expect(smartAccountNetworks(config, 'unsponsored')).toEqual({
      smartAccountEnabledNetworks: [CHAIN, DOWN_CHAIN],
      sponsoredNetworks: [],
    })
  })
})

describe("the site's paymaster", () => {
  it('pays for a sponsored operation of an EIP-7702-delegated EOA: its balance moves by the value only', async () => {
    const owner = privateKeyToAccount(key(0xb1))
    await fund(owner.address, parseEther('1'))
    const account = await toSimple7702SmartAccount({ client, owner })
    const depositBefore = await getPaymasterDeposit(anvil.rpcUrl, paymaster)
    const bundler = bundlerFor(true)
    // The first operation carries the EOA's delegation to Simple7702Account, signed by its key.
    const authorization = await owner.signAuthorization({
      address: SIMPLE_7702_ACCOUNT_08_ADDRESS,
      chainId: foundry.id,
      nonce: await client.getTransactionCount({ address: owner.address }),
    })
    const hash = await bundler.sendUserOperation({
      account,
      authorization,
      calls: [{ to: ALLOWED, value: parseEther('0.25') }],
    })
    const receipt = await bundler.waitForUserOperationReceipt({ hash, timeout: 30_000 })
    expect(receipt.success).toBe(true)
    expect(receipt.paymaster?.toLowerCase()).toBe(paymaster.toLowerCase())
    expect(await client.getBalance({ address: owner.address })).toBe(parseEther('0.75'))
    // Delegated now: the EOA's code is the EIP-7702 designator.
    expect(await client.getCode({ address: owner.address })).toMatch(/^0xef0100/)
    expect(await getPaymasterDeposit(anvil.rpcUrl, paymaster)).toBeLessThan(depositBefore)
    // Delegated already: the next operation carries no authorization, and the delegation read
    // from the chain is what the policy trusts.
    const next = await bundler.sendUserOperation({ account, calls: [{ to: ALLOWED, value: 1n }] })
    const nextReceipt = await bundler.waitForUserOperationReceipt({ hash: next, timeout: 30_000 })
    expect(nextReceipt.success).toBe(true)
    expect(nextReceipt.paymaster?.toLowerCase()).toBe(paymaster.toLowerCase())
  })

  it('sends an unsponsored operation of an EIP-7702-delegated EOA, which pays its own gas', async () => {
    const owner = privateKeyToAccount(key(0xb4))
    await fund(owner.address, parseEther('1'))
    const account = await toSimple7702SmartAccount({ client, owner })
    const authorization = await owner.signAuthorization({
      address: SIMPLE_7702_ACCOUNT_08_ADDRESS,
      chainId: foundry.id,
      nonce: await client.getTransactionCount({ address: owner.address }),
    })
    const bundler = bundlerFor(false)
    const hash = await bundler.sendUserOperation({
      account,
      authorization,
      calls: [{ to: NOT_ALLOWED, value: parseEther('0.25') }],
    })
    const receipt = await bundler.waitForUserOperationReceipt({ hash, timeout: 30_000 })
    expect(receipt.success).toBe(true)
    expect(receipt.paymaster).toBeUndefined()
    expect(await client.getCode({ address: owner.address })).toMatch(/^0xef0100/)
    // 0.25 sent and the gas on top, from the account itself.
    expect(await client.getBalance({ address: owner.address })).toBeLessThan(parseEther('0.75'))
  })

  it('sponsors an operation on a chain whose latest block is minutes old (the bundler simulates at that block)', async () => {
    serverClockAheadMs = 5 * 60_000
    try {
      const account = await toTestSimpleSmartAccount({ client, owner: privateKeyToAccount(key(0xb3)) })
      const hash = await bundlerFor(true).sendUserOperation({ account, calls: [{ to: ALLOWED, data: '0x' }] })
      const receipt = await bundlerFor(true).waitForUserOperationReceipt({ hash, timeout: 30_000 })
      expect(receipt.success).toBe(true)
    } finally {
      serverClockAheadMs = 0
    }
  })

  it('deploys a counterfactual SimpleAccount with no balance at all when the site pays', async () => {
    const account = await toTestSimpleSmartAccount({ client, owner: privateKeyToAccount(key(0xb2)) })
    const address = await account.getAddress()
    expect(await client.getBalance({ address })).toBe(0n)
    const bundler = bundlerFor(true)
    const hash = await bundler.sendUserOperation({ account, calls: [{ to: ALLOWED, data: '0x12345678' }] })
    const receipt = await bundler.waitForUserOperationReceipt({ hash, timeout: 30_000 })
    expect(receipt.success).toBe(true)
    expect(await client.getCode({ address })).toMatch(/^0x.+/)
    expect(await client.getBalance({ address })).toBe(0n)
    // Deployed now: its code (the factory's proxy of SimpleAccount) is what the policy trusts.
    const next = await bundler.sendUserOperation({ account, calls: [{ to: ALLOWED, data: '0x' }] })
    const nextReceipt = await bundler.waitForUserOperationReceipt({ hash: next, timeout: 30_000 })
    expect(nextReceipt.success).toBe(true)
    expect(nextReceipt.paymaster?.toLowerCase()).toBe(paymaster.toLowerCase())
    expect(await client.getBalance({ address })).toBe(0n)
  })

  it("refuses an account contract of the visitor's own, whose calls only look allowed, and logs why", async () => {
    // Answers 32 zero bytes to any call: its validateUserOp passes any signature, its execute runs
    // nothing the policy can see. What it would do with the site's money is up to its author.
    const custom: Address = '0x00000000000000000000000000000000000c0de5'
    await rpc(anvil.rpcUrl, 'anvil_setCode', [custom, '0x60205ff3'])
    const answer = await post({
      jsonrpc: '2.0',
      id: 1,
      method: 'pm_getPaymasterData',
      params: [
        { ...operationFrom(ALLOWED), sender: custom },
        ENTRY_POINT_08_ADDRESS,
        numberToHex(foundry.id),
        {},
      ],
    })
    expect(answer.error).toMatchObject({
      code: SPONSORSHIP_ERRORS.SPONSORSHIP_ACCOUNT_UNKNOWN.code,
      data: { code: 'SPONSORSHIP_ACCOUNT_UNKNOWN', status: 403 },
    })
    expect(answer.error?.message).toContain('is a contract the site does not know')
    const rows = await db
      .selectFrom('paymaster_audit')
      .select(['decision', 'reason'])
      .where('account', '=', custom.toLowerCase())
      .execute()
    expect(rows).toEqual([{ decision: 'refused', reason: 'SPONSORSHIP_ACCOUNT_UNKNOWN' }])
  })

  it('refuses a call to a contract the policy does not list, with a 4xx-style code, and logs why', async () => {
    const owner = privateKeyToAccount(key(0xb3))
    await fund(owner.address, parseEther('1'))
    const account = await toSimple7702SmartAccount({ client, owner })
    const bundler = bundlerFor(true)
    const error = await bundler.sendUserOperation({ account, calls: [{ to: NOT_ALLOWED, value: 1n }] }).then(
      () => undefined,
      (caught: unknown) => caught as Error,
    )
    expect(error?.message.toLowerCase()).toContain(`the site does not sponsor calls to ${NOT_ALLOWED}`)
    expect(await client.getBalance({ address: owner.address })).toBe(parseEther('1'))
    const rows = await db
      .selectFrom('paymaster_audit')
      .selectAll()
      .where('account', '=', owner.address.toLowerCase())
      .execute()
    expect(rows.map((row) => [row.decision, row.reason])).toContainEqual([
      'refused',
      'POLICY_CALL_NOT_ALLOWED',
    ])
  })

  it('refuses projects without a policy, and reports sponsored chains only where the project is sponsored', async () => {
    const answer = await post(
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'pm_getPaymasterStubData',
        params: [operationFrom(NOT_ALLOWED), ENTRY_POINT_08_ADDRESS, numberToHex(foundry.id), {}],
      },
      CHAIN,
      'unsponsored',
    )
    expect(answer.error).toMatchObject({
      code: SPONSORSHIP_ERRORS.SPONSORSHIP_OFF.code,
      data: { code: 'SPONSORSHIP_OFF', status: 403 },
    })
  })

  it('stops at the per-user daily budget, counted in the database, and logs every decision', async () => {
    const sender: Address = '0x00000000000000000000000000000000000b0d6e'
    // An EOA delegated to Simple7702Account: an account the policy trusts.
    await rpc(anvil.rpcUrl, 'anvil_setCode', [sender, `0xef0100${SIMPLE_7702_ACCOUNT_08_ADDRESS.slice(2)}`])
    const ask = () =>
      post({
        jsonrpc: '2.0',
        id: 1,
        method: 'pm_getPaymasterData',
        params: [{ ...operationFrom(ALLOWED), sender }, ENTRY_POINT_08_ADDRESS, numberToHex(foundry.id), {}],
      })
    const first = await ask()
    const second = await ask()
    const third = await ask()
    expect(sponsorshipOf(first).paymaster.toLowerCase()).toBe(paymaster.toLowerCase())
    // validUntil (6 bytes) | validAfter (6 bytes) | a 65-byte signature.
    expect(sponsorshipOf(first).paymasterData).toMatch(/^0x[0-9a-f]{154}$/)
    expect(sponsorshipOf(second).paymaster.toLowerCase()).toBe(paymaster.toLowerCase())
    expect(third.error).toMatchObject({
      code: SPONSORSHIP_ERRORS.BUDGET_EXHAUSTED.code,
      data: { code: 'BUDGET_EXHAUSTED', status: 429 },
    })
    expect(third.error?.message).toContain('daily sponsorship budget')
    const spend = await db
      .selectFrom('paymaster_spend')
      .selectAll()
      .where('account', '=', sender)
      .executeTakeFirstOrThrow()
    // The refused one was rolled back: two operations counted, not three.
    expect(spend.operations).toBe(2)
    const audit = await db
      .selectFrom('paymaster_audit')
      .select(['decision', 'reason', 'method', 'max_cost_wei'])
      .where('account', '=', sender)
      .orderBy('id')
      .execute()
    expect(audit.map((row) => [row.decision, row.reason])).toEqual([
      ['granted', 'GRANTED'],
      ['granted', 'GRANTED'],
      ['refused', 'BUDGET_EXHAUSTED'],
    ])
    expect(BigInt(audit[0]?.max_cost_wei ?? 0)).toBeGreaterThan(0n)
  })

  it('refuses malformed requests as invalid params', async () => {
    const answer = await post({
      jsonrpc: '2.0',
      id: 1,
      method: 'pm_getPaymasterData',
      params: [{ sender: 'nope' }],
    })
    expect(answer.error).toMatchObject({ code: -32602, data: { code: 'INVALID_PARAMS', status: 400 } })
  })
})

/** A v0.8 user operation in RPC form, calling `to` through SimpleAccount's execute. */
function operationFrom(to: Address) {
  // execute(to, 0, 0x)
  const callData = `0xb61d27f6${to.slice(2).toLowerCase().padStart(64, '0')}${'0'.repeat(64)}${(96).toString(16).padStart(64, '0')}${'0'.repeat(64)}`
  return {
    sender: '0x00000000000000000000000000000000000c0ffe',
    nonce: '0x0',
    callData,
    callGasLimit: '0x10000',
    verificationGasLimit: '0x10000',
    preVerificationGas: '0x10000',
    maxFeePerGas: '0x3b9aca00',
    maxPriorityFeePerGas: '0x3b9aca00',
    paymasterVerificationGasLimit: '0xea60',
    paymasterPostOpGasLimit: '0x0',
  }
}
