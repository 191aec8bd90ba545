import type { Kysely } from 'kysely'
import {
  type Address,
  encodeFunctionData,
  hexToNumber,
  numberToHex,
  parseAbi,
  recoverMessageAddress,
  slice,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverConfigSchema } from '../config.js'
import type { Database } from '../db/schema.js'
import { createApp } from '../http/createApp.js'
import { createLogger } from '../logger.js'
import { addProject } from '../projects/projects.js'
import { createMigratedDatabase, type TestDatabase } from '../testing/testDatabase.js'
import { SIMPLE_7702_ACCOUNT_08, SIMPLE_ACCOUNT_FACTORY_08 } from './paymasterConfig.js'
import { getPaymasterHash } from './paymasterSignature.js'
import { ENTRY_POINT_08 } from './sponsorship.js'

// No chain is asked anything here: signing a sponsorship is the server's own work, and the accounts
// are new SimpleAccounts of the known factory (which the policy trusts without reading any code).
// Accounts that need their code read are in smartAccounts.test.ts and accountVerifier.test.ts.
const CHAIN_ID = 8453
const CHAIN = `eip155:${CHAIN_ID}`
const SIGNER_KEY = '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318' as const
const PAYMASTER: Address = '0x1111111111111111111111111111111111111111'
const TARGET: Address = '0x2222222222222222222222222222222222222222'
const DAY = 24 * 60 * 60_000

let database: TestDatabase
let dbA: Kysely<Database>
let dbB: Kysely<Database>
let clock = Date.UTC(2026, 10, 26, 23, 0, 0)
const logger = createLogger({ level: 'error', stream: { write: () => {} } })

const config = serverConfigSchema.parse({
  chains: [
    {
      caipNetworkId: CHAIN,
      name: 'Base',
      rpcUrl: 'http://127.0.0.1:9',
      bundlerUrl: 'http://127.0.0.1:9',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      indexer: { enabled: false },
    },
  ],
  paymaster: {
    signerKey: SIGNER_KEY,
    contracts: { [CHAIN]: PAYMASTER },
    validitySeconds: 120,
    projects: {
      shop: {
        allowedCalls: [{ address: TARGET, selectors: ['0xa9059cbb'] }],
        perUserPerDay: { operations: 1 },
      },
      capped: { perDay: { wei: '3000000000000000' } },
      paused: { enabled: false },
      perclient: { perClientPerDay: { operations: 2 } },
    },
  },
})

// Two instances on one PostgreSQL database, as behind a load balancer: the budgets are theirs together.
beforeAll(async () => {
  ;({ database, db: dbA } = await createMigratedDatabase('postgres'))
  dbB = database.open()
  for (const id of ['shop', 'capped', 'paused', 'perclient'])
    await addProject(dbA, { id, origins: ['https://shop.example'] })
}, 60_000)

afterAll(async () => {
  await dbA?.destroy()
  await dbB?.destroy()
  await database?.drop()
})

const appOn = (db: Kysely<Database>) => createApp({ config, db, logger, now: () => clock })

/** execute(TARGET, 0, transfer(…)) of a SimpleAccount, as the policy reads it. */
const TRANSFER_CALL = `0xb61d27f6${TARGET.slice(2).padStart(64, '0')}${'0'.repeat(64)}${(96).toString(16).padStart(64, '0')}${(68).toString(16).padStart(64, '0')}a9059cbb${'0'.repeat(128)}${'0'.repeat(56)}`

/** createAccount(owner, 0) of the known factory: the sender is the account it deploys. */
const FACTORY_DATA = encodeFunctionData({
  abi: parseAbi(['function createAccount(address owner, uint256 salt) returns (address)']),
  functionName: 'createAccount',
  args: ['0x00000000000000000000000000000000000000aa', 0n],
})

const operation = (sender: string, callData = TRANSFER_CALL) => ({
  sender,
  nonce: '0x0',
  factory: SIMPLE_ACCOUNT_FACTORY_08 as string | undefined,
  factoryData: FACTORY_DATA as string | undefined,
  callData,
  callGasLimit: '0x186a0',
  verificationGasLimit: '0x186a0',
  preVerificationGas: '0xc350',
  maxFeePerGas: '0x3b9aca00',
  maxPriorityFeePerGas: '0x3b9aca00',
  paymasterVerificationGasLimit: '0xea60',
  paymasterPostOpGasLimit: '0x0',
})

async function ask(app: ReturnType<typeof createApp>, projectId: string, op: ReturnType<typeof operation>) {
  const response = await app.request(`/v1/?chainId=${CHAIN}&projectId=${projectId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'pm_getPaymasterData',
      params: [op, ENTRY_POINT_08, numberToHex(CHAIN_ID), {}],
    }),
  })
  expect(response.status).toBe(200)
  return (await response.json()) as {
    result?: { paymaster: Address; paymasterData: `0x${string}` }
    error?: { code: number; message: string; data: { code: string; status: number } }
  }
}

describe('sponsorship', () => {
  it('signs what the contract hashes, valid for validitySeconds from now', async () => {
    const sender = '0x00000000000000000000000000000000000000a1'
    const answer = await ask(appOn(dbA), 'shop', operation(sender))
    const data = answer.result?.paymasterData ?? '0x'
    const validUntil = hexToNumber(slice(data, 0, 6))
    const validAfter = hexToNumber(slice(data, 6, 12))
    expect(validUntil).toBe(Math.floor(clock / 1000) + 120)
    expect(validAfter).toBeLessThanOrEqual(Math.floor(clock / 1000))
    const hash = getPaymasterHash({
      operation: {
        sender,
        nonce: 0n,
        factory: SIMPLE_ACCOUNT_FACTORY_08,
        factoryData: FACTORY_DATA,
        callData: TRANSFER_CALL as `0x${string}`,
        callGasLimit: 100_000n,
        verificationGasLimit: 100_000n,
        preVerificationGas: 50_000n,
        maxFeePerGas: 1_000_000_000n,
        maxPriorityFeePerGas: 1_000_000_000n,
        paymasterVerificationGasLimit: 60_000n,
        paymasterPostOpGasLimit: 0n,
      },
      chainId: CHAIN_ID,
      paymaster: PAYMASTER,
      validUntil,
      validAfter,
    })
    const signer = await recoverMessageAddress({ message: { raw: hash }, signature: slice(data, 12) })
    expect(signer).toBe(privateKeyToAccount(SIGNER_KEY).address)
  })

  it('shares the per-account budget between instances, and starts it again the next UTC day', async () => {
    const sender = '0x00000000000000000000000000000000000000b2'
    expect((await ask(appOn(dbA), 'shop', operation(sender))).result).toBeDefined()
    const refused = await ask(appOn(dbB), 'shop', operation(sender))
    expect(refused.error).toMatchObject({ code: -32044, data: { code: 'BUDGET_EXHAUSTED', status: 429 } })
    clock += DAY
    expect((await ask(appOn(dbB), 'shop', operation(sender))).result).toBeDefined()
  })

  it("caps the project's daily wei across accounts at the operations' maximum cost", async () => {
    // Each operation may cost (100000 + 100000 + 50000 + 60000) gas × 1 gwei = 0.00031 ETH.
    const results = []
    for (let index = 0; index < 11; index++) {
      const sender = `0x${(0xc00 + index).toString(16).padStart(40, '0')}`
      results.push(await ask(appOn(index % 2 ? dbA : dbB), 'capped', operation(sender)))
    }
    expect(results.slice(0, 9).every((answer) => answer.result)).toBe(true)
    expect(results[9]?.error?.data.code).toBe('BUDGET_EXHAUSTED')
    expect(results[9]?.error?.message).toContain(`project "capped"'s daily sponsorship budget`)
  })

  it('refuses a function the policy does not list, and a project whose sponsorship is off', async () => {
    const sender = '0x00000000000000000000000000000000000000d4'
    // execute(TARGET, 0, approve(…)): the right contract, another function.
    const approve = TRANSFER_CALL.replace('a9059cbb', '095ea7b3')
    const wrongFunction = await ask(appOn(dbA), 'shop', operation(sender, approve))
    expect(wrongFunction.error).toMatchObject({
      code: -32042,
      data: { code: 'POLICY_CALL_NOT_ALLOWED', status: 403 },
    })
    expect(wrongFunction.error?.message).toContain('does not sponsor the function 0x095ea7b3')
    const off = await ask(appOn(dbA), 'paused', operation(sender))
    expect(off.error).toMatchObject({ code: -32041, data: { code: 'SPONSORSHIP_OFF', status: 403 } })
    const unreadable = await ask(appOn(dbA), 'shop', operation(sender, '0xdeadbeef'))
    expect(unreadable.error?.data.code).toBe('POLICY_CALLS_UNREADABLE')
    const audit = await dbA
      .selectFrom('paymaster_audit')
      .select(['project_id', 'decision', 'reason'])
      .where('account', '=', sender)
      .orderBy('id')
      .execute()
    expect(audit).toEqual([
      { project_id: 'shop', decision: 'refused', reason: 'POLICY_CALL_NOT_ALLOWED' },
      { project_id: 'paused', decision: 'refused', reason: 'SPONSORSHIP_OFF' },
      { project_id: 'shop', decision: 'refused', reason: 'POLICY_CALLS_UNREADABLE' },
    ])
  })

  it('refuses another EntryPoint or another chain id as invalid params', async () => {
    const app = appOn(dbA)
    const call = async (params: unknown[]) => {
      const response = await app.request(`/v1/?chainId=${CHAIN}&projectId=shop`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'pm_getPaymasterStubData', params }),
      })
      return (await response.json()) as { error?: { code: number; message: string } }
    }
    const op = operation('0x00000000000000000000000000000000000000e5')
    expect((await call([op, PAYMASTER, numberToHex(CHAIN_ID), {}])).error?.message).toContain(
      'EntryPoint v0.8',
    )
    expect((await call([op, ENTRY_POINT_08, '0x1', {}])).error?.message).toContain(
      'not the chain of this endpoint',
    )
  })

  it('answers params holding a NUL or a lone surrogate with invalid params, audited, never a 500', async () => {
    const app = appOn(dbA)
    const call = async (params: unknown[]) => {
      const response = await app.request(`/v1/?chainId=${CHAIN}&projectId=shop`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'pm_getPaymasterData', params }),
      })
      expect(response.status).toBe(200)
      return (await response.json()) as { error?: { code: number; data: { code: string } } }
    }
    const op = operation('0x00000000000000000000000000000000000000e6')
    for (const params of [
      [{ ...op, sender: '0x\u0000' }, ENTRY_POINT_08, numberToHex(CHAIN_ID), {}],
      [op, '0x\u0000', numberToHex(CHAIN_ID), {}],
      [op, ENTRY_POINT_08, '\ud800', {}],
    ]) {
      expect((await call(params)).error).toMatchObject({ code: -32602, data: { code: 'INVALID_PARAMS' } })
    }
    const audit = await dbA
      .selectFrom('paymaster_audit')
      .select(['account', 'reason'])
      .where('reason', '=', 'INVALID_PARAMS')
      .where('message', 'like', '%holds a NUL%')
      .execute()
    expect(audit).toHaveLength(3)
  })

  it('refuses gas fields past 128 bits as invalid params, before any budget is spent', async () => {
    const sender = '0x00000000000000000000000000000000000000e7'
    const huge = `0x1${'0'.repeat(32)}`
    for (const field of ['callGasLimit', 'verificationGasLimit', 'maxFeePerGas', 'paymasterPostOpGasLimit']) {
      const answer = await ask(appOn(dbA), 'shop', { ...operation(sender), [field]: huge })
      expect(answer.error).toMatchObject({ code: -32602, data: { code: 'INVALID_PARAMS' } })
      expect(answer.error?.message).toContain(field)
    }
    // The one operation the account may have today is still there.
    expect((await ask(appOn(dbA), 'shop', operation(sender))).result).toBeDefined()
  })

  it('grants one operation of a one-operation budget when many ask at once on two instances', async () => {
    const sender = '0x00000000000000000000000000000000000000e8'
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => ask(appOn(index % 2 ? dbA : dbB), 'shop', operation(sender))),
    )
    expect(answers.filter((answer) => answer.result)).toHaveLength(1)
    expect(answers.filter((answer) => answer.error?.data.code === 'BUDGET_EXHAUSTED')).toHaveLength(7)
  })

  it('caps what one client gets signed a day, whatever new accounts it names', async () => {
    const behindProxy = createApp({
      config: { ...config, trustProxy: true },
      db: dbA,
      logger,
      now: () => clock,
    })
    const askAs = async (client: string, sender: string) => {
      const response = await behindProxy.request(`/v1/?chainId=${CHAIN}&projectId=perclient`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'pm_getPaymasterData',
          params: [operation(sender), ENTRY_POINT_08, numberToHex(CHAIN_ID), {}],
        }),
      })
      return (await response.json()) as {
        result?: unknown
        error?: { message: string; data: { code: string } }
      }
    }
    const senders = [0xf1, 0xf2, 0xf3, 0xf4].map((n) => `0x${n.toString(16).padStart(40, '0')}`)
    expect((await askAs('203.0.113.7', senders[0] as string)).result).toBeDefined()
    expect((await askAs('203.0.113.7', senders[1] as string)).result).toBeDefined()
    const third = await askAs('203.0.113.7', senders[2] as string)
    expect(third.error?.data.code).toBe('BUDGET_EXHAUSTED')
    expect(third.error?.message).toContain("203.0.113.7's daily sponsorship budget")
    // Another client has its own.
    expect((await askAs('198.51.100.9', senders[3] as string)).result).toBeDefined()
  })

  it('checks the final call data on its own, whatever the stub was granted for, and every call of a batch', async () => {
    const sender = '0x00000000000000000000000000000000000000e9'
    const app = appOn(dbA)
    const rpc = async (method: string, op: ReturnType<typeof operation>) => {
      const response = await app.request(`/v1/?chainId=${CHAIN}&projectId=shop`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method,
          params: [op, ENTRY_POINT_08, numberToHex(CHAIN_ID), {}],
        }),
      })
      return (await response.json()) as { result?: unknown; error?: { data: { code: string } } }
    }
    expect((await rpc('pm_getPaymasterStubData', operation(sender))).result).toBeDefined()
    // executeBatch([transfer on TARGET, a call to another contract]): one allowed call does not carry the other.
    const other = '0x3333333333333333333333333333333333333333'
    const batch = encodeFunctionData({
      abi: parseAbi([
        'struct Call { address target; uint256 value; bytes data; }',
        'function executeBatch(Call[] calls)',
      ]),
      functionName: 'executeBatch',
      args: [
        [
          { target: TARGET, value: 0n, data: `0xa9059cbb${'0'.repeat(128)}` },
          { target: other, value: 0n, data: `0xa9059cbb${'0'.repeat(128)}` },
        ],
      ],
    })
    const final = await rpc('pm_getPaymasterData', operation(sender, batch))
    expect(final.error?.data.code).toBe('POLICY_CALL_NOT_ALLOWED')
  })

  it('records in the audit only a nonce an operation can have, not any text sent as one', async () => {
    const sender = '0x00000000000000000000000000000000000000ea'
    const answer = await ask(appOn(dbA), 'shop', { ...operation(sender), nonce: `0x${'f'.repeat(20_000)}` })
    expect(answer.error?.data.code).toBe('INVALID_PARAMS')
    const rows = await dbA
      .selectFrom('paymaster_audit')
      .select('nonce')
      .where('account', '=', sender)
      .execute()
    expect(rows).toEqual([{ nonce: null }])
  })

  it('refuses an account the policy cannot trust to run its calls as decoded, and audits why; a policy without allowedCalls does not ask', async () => {
    const sender = '0x00000000000000000000000000000000000000fa'
    const app = appOn(dbA)
    // A factory the site does not know: it could deploy any code at the sender.
    const otherFactory = await ask(app, 'shop', {
      ...operation(sender),
      factory: '0x4444444444444444444444444444444444444444',
    })
    expect(otherFactory.error).toMatchObject({
      code: -32045,
      data: { code: 'SPONSORSHIP_ACCOUNT_UNKNOWN', status: 403 },
    })
    expect(otherFactory.error?.message).toContain(
      'factory 0x4444444444444444444444444444444444444444 is not one the site knows',
    )
    // The known factory, but not its createAccount.
    const otherCall = await ask(app, 'shop', { ...operation(sender), factoryData: '0xdeadbeef' })
    expect(otherCall.error?.data.code).toBe('SPONSORSHIP_ACCOUNT_UNKNOWN')
    // An EIP-7702 authorization to an implementation the site does not know.
    const otherDelegation = await ask(app, 'shop', {
      ...operation(sender),
      factory: '0x7702',
      factoryData: undefined,
      eip7702Auth: { address: '0x5555555555555555555555555555555555555555', chainId: '0x2105', nonce: '0x0' },
    } as ReturnType<typeof operation>)
    expect(otherDelegation.error?.data.code).toBe('SPONSORSHIP_ACCOUNT_UNKNOWN')
    expect(otherDelegation.error?.message).toContain(
      'delegates to 0x5555555555555555555555555555555555555555',
    )
    // A deployed account's code must be read, and this chain's node is down: a clear refusal.
    const unchecked = await ask(app, 'shop', {
      ...operation(sender),
      factory: undefined,
      factoryData: undefined,
    })
    expect(unchecked.error).toMatchObject({
      code: -32046,
      data: { code: 'SPONSORSHIP_ACCOUNT_UNCHECKED', status: 503 },
    })
    expect(unchecked.error?.message).toContain(
      "could not be read from eip155:8453's node (it could not be reached)",
    )
    // The same for an authorization to the known implementation: the EOA's current code decides.
    const authorized = await ask(app, 'shop', {
      ...operation(sender),
      factory: '0x7702',
      factoryData: undefined,
      eip7702Auth: { address: SIMPLE_7702_ACCOUNT_08 },
    } as ReturnType<typeof operation>)
    expect(authorized.error?.data.code).toBe('SPONSORSHIP_ACCOUNT_UNCHECKED')
    const audit = await dbA
      .selectFrom('paymaster_audit')
      .select(['decision', 'reason'])
      .where('account', '=', sender)
      .orderBy('id')
      .execute()
    expect(audit.map((row) => row.reason)).toEqual([
      'SPONSORSHIP_ACCOUNT_UNKNOWN',
      'SPONSORSHIP_ACCOUNT_UNKNOWN',
      'SPONSORSHIP_ACCOUNT_UNKNOWN',
      'SPONSORSHIP_ACCOUNT_UNCHECKED',
      'SPONSORSHIP_ACCOUNT_UNCHECKED',
    ])
    // No allowedCalls: any account, nothing read from the (down) node.
    const anyAccount = await ask(app, 'perclient', {
      ...operation(sender),
      factory: undefined,
      factoryData: undefined,
    })
    expect(anyAccount.result).toBeDefined()
  })
})
