import { createServer, type Server, type Socket } from 'node:net'
import {
  type AnvilInstance,
  deployAccountAbstraction,
  ENTRY_POINT_08_ADDRESS,
  rpc,
  SIMPLE_ACCOUNT_FACTORY_08_ABI,
  startAnvil,
} from '@portico/test'
import {
  type Address,
  concat,
  createPublicClient,
  encodeFunctionData,
  type Hex,
  http,
  keccak256,
  numberToHex,
  type PublicClient,
  pad,
  parseAbi,
} from 'viem'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ChainConfig, serverConfigSchema } from '../config.js'
import { createAccountVerifier } from './accountVerifier.js'
import {
  SIMPLE_7702_ACCOUNT_08,
  SIMPLE_ACCOUNT_08,
  SIMPLE_ACCOUNT_08_PROXY_CODE_HASH,
  SIMPLE_ACCOUNT_FACTORY_08,
} from './paymasterConfig.js'

const CHAIN = `eip155:${foundry.id}`
const IMPLEMENTATION_SLOT: Hex = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc'
/** Answers 32 zero bytes to any call: an "account" whose validateUserOp passes anything and whose execute does what it likes. */
const ANY_CALL_ACCOUNT_CODE: Hex = '0x60205ff3'
const OTHER_IMPLEMENTATION: Address = '0x00000000000000000000000000000000000e71de'

// One chain for the whole file, with ERC-4337 v0.8 where public chains have it.
let anvil: AnvilInstance
let client: PublicClient
let chain: ChainConfig
/** A SimpleAccount deployed by the canonical factory, as the EntryPoint deploys one. */
let simpleAccount: Address
/** A TCP server that accepts and never answers: a node that hangs. */
let silent: Server
let silentUrl: string
const silentSockets = new Set<Socket>()

const at = (n: number): Address => numberToHex(n, { size: 20 })
const setCode = (address: Address, code: Hex) => rpc(anvil.rpcUrl, 'anvil_setCode', [address, code])
const delegation = (to: Address): Hex => concat(['0xef0100', to])

beforeAll(async () => {
  anvil = await startAnvil({ chainId: foundry.id })
  await deployAccountAbstraction({ rpcUrl: anvil.rpcUrl })
  client = createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl), pollingInterval: 25 })
  // The factory creates accounts for the EntryPoint's sender creator only.
  const senderCreator = await client.readContract({
    address: ENTRY_POINT_08_ADDRESS,
    abi: parseAbi(['function senderCreator() view returns (address)']),
    functionName: 'senderCreator',
  })
  await rpc(anvil.rpcUrl, 'anvil_impersonateAccount', [senderCreator])
  await rpc(anvil.rpcUrl, 'anvil_setBalance', [senderCreator, numberToHex(10n ** 18n)])
  const args = ['0x00000000000000000000000000000000000000aa', 0n] as const
  simpleAccount = await client.readContract({
    address: SIMPLE_ACCOUNT_FACTORY_08,
    abi: SIMPLE_ACCOUNT_FACTORY_08_ABI,
    functionName: 'getAddress',
    args,
  })
  const hash = await rpc<Hex>(anvil.rpcUrl, 'eth_sendTransaction', [
    {
      from: senderCreator,
      to: SIMPLE_ACCOUNT_FACTORY_08,
      data: encodeFunctionData({ abi: SIMPLE_ACCOUNT_FACTORY_08_ABI, functionName: 'createAccount', args }),
    },
  ])
  expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
  chain = chainAt(anvil.rpcUrl)
  silent = createServer((socket) => {
    silentSockets.add(socket)
  })
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  const address = silent.address()
  silentUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
}, 60_000)

afterAll(async () => {
  for (const socket of silentSockets) socket.destroy()
  await new Promise<void>((resolve) => (silent ? silent.close(() => resolve()) : resolve()))
  await anvil?.stop()
})

function chainAt(rpcUrl: string): ChainConfig {
  const [parsed] = serverConfigSchema.parse({
    chains: [
      {
        caipNetworkId: CHAIN,
        name: 'Anvil',
        rpcUrl,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        indexer: { enabled: false },
      },
    ],
  }).chains
  return parsed as ChainConfig
}

const verifierWith = (
  paymaster: Record<string, unknown> = {},
  options: { now?: () => number; fetch?: typeof fetch } = {},
) =>
  createAccountVerifier({
    config: serverConfigSchema.parse({ paymaster }).paymaster,
    now: options.now ?? Date.now,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })

describe('the accounts a policy with allowedCalls trusts', () => {
  it('knows the canonical SimpleAccount: its factory deploys the proxy code and implementation the defaults name', async () => {
    expect(keccak256((await client.getCode({ address: simpleAccount })) ?? '0x')).toBe(
      SIMPLE_ACCOUNT_08_PROXY_CODE_HASH,
    )
    const slot = await client.getStorageAt({ address: simpleAccount, slot: IMPLEMENTATION_SLOT })
    expect(slot).toBe(pad(SIMPLE_ACCOUNT_08.toLowerCase() as Hex, { size: 32 }))
    expect(await verifierWith().check(chain, { sender: simpleAccount })).toEqual({ ok: true })
  })

  it('trusts an EOA delegated to Simple7702Account, and one authorizing it while it has no code', async () => {
    const delegated = at(0x7701)
    await setCode(delegated, delegation(SIMPLE_7702_ACCOUNT_08))
    const verifier = verifierWith()
    expect(await verifier.check(chain, { sender: delegated })).toEqual({ ok: true })
    expect(await verifier.check(chain, { sender: delegated, factory: '0x7702' })).toEqual({ ok: true })
    expect(
      await verifier.check(chain, {
        sender: at(0x7702),
        factory: '0x7702',
        authorizationAddress: SIMPLE_7702_ACCOUNT_08,
      }),
    ).toEqual({ ok: true })
  })

  it('refuses an account contract of its own, even one answering every call', async () => {
    const custom = at(0xc0de)
    await setCode(custom, ANY_CALL_ACCOUNT_CODE)
    const verdict = await verifierWith().check(chain, { sender: custom })
    expect(verdict).toMatchObject({ ok: false, reason: 'SPONSORSHIP_ACCOUNT_UNKNOWN' })
    expect(verdict.ok || verdict.message).toContain('is a contract the site does not know')
  })

  it('refuses a delegation to another implementation, and an authorization away from one', async () => {
    const elsewhere = at(0x7703)
    await setCode(elsewhere, delegation(OTHER_IMPLEMENTATION))
    const verifier = verifierWith()
    expect(await verifier.check(chain, { sender: elsewhere })).toMatchObject({
      ok: false,
      reason: 'SPONSORSHIP_ACCOUNT_UNKNOWN',
      message: expect.stringMatching(/delegated to 0x0{35}e71de/i),
    })
    // An authorization to the known implementation does not cover the code the EOA runs should it not apply.
    expect(
      await verifier.check(chain, {
        sender: elsewhere,
        factory: '0x7702',
        authorizationAddress: SIMPLE_7702_ACCOUNT_08,
      }),
    ).toMatchObject({ ok: false, reason: 'SPONSORSHIP_ACCOUNT_UNKNOWN' })
    expect(
      await verifier.check(chain, {
        sender: at(0x7704),
        factory: '0x7702',
        authorizationAddress: OTHER_IMPLEMENTATION,
      }),
    ).toMatchObject({ ok: false, reason: 'SPONSORSHIP_ACCOUNT_UNKNOWN' })
  })

  it("refuses the SimpleAccount proxy's code pointing at another implementation, and an EOA with nothing to run", async () => {
    const upgraded = at(0x1967)
    await setCode(upgraded, (await client.getCode({ address: simpleAccount })) ?? '0x')
    await rpc(anvil.rpcUrl, 'anvil_setStorageAt', [upgraded, IMPLEMENTATION_SLOT, pad(OTHER_IMPLEMENTATION)])
    const verifier = verifierWith()
    expect(await verifier.check(chain, { sender: upgraded })).toMatchObject({
      ok: false,
      reason: 'SPONSORSHIP_ACCOUNT_UNKNOWN',
      message: expect.stringMatching(/is a proxy of 0x0{35}e71de/i),
    })
    expect(await verifier.check(chain, { sender: at(0xe0a) })).toMatchObject({
      ok: false,
      reason: 'SPONSORSHIP_ACCOUNT_UNKNOWN',
      message: expect.stringContaining('has no code'),
    })
  })

  it("trusts what the chain's knownAccounts list instead of the defaults", async () => {
    const elsewhere = at(0x7705)
    await setCode(elsewhere, delegation(OTHER_IMPLEMENTATION))
    const verifier = verifierWith({
      knownAccounts: { [CHAIN]: { simple7702: [OTHER_IMPLEMENTATION], simpleAccountFactories: [] } },
    })
    expect(await verifier.check(chain, { sender: elsewhere })).toEqual({ ok: true })
    // Replaced, not added to: the canonical ones are no longer trusted on this chain.
    expect(await verifier.check(chain, { sender: simpleAccount })).toMatchObject({ ok: false })
    const data = encodeFunctionData({
      abi: SIMPLE_ACCOUNT_FACTORY_08_ABI,
      functionName: 'createAccount',
      args: [at(1), 0n],
    })
    expect(
      await verifier.check(chain, {
        sender: at(0xf00),
        factory: SIMPLE_ACCOUNT_FACTORY_08,
        factoryData: data,
      }),
    ).toMatchObject({ ok: false, reason: 'SPONSORSHIP_ACCOUNT_UNKNOWN' })
    expect(
      await verifierWith().check(chain, {
        sender: at(0xf00),
        factory: SIMPLE_ACCOUNT_FACTORY_08,
        factoryData: data,
      }),
    ).toEqual({ ok: true })
  })

  it('asks the node once for a burst, again once the cache time has passed, and each time for an account without code', async () => {
    const asked: string[] = []
    const counting: typeof fetch = async (input, init) => {
      asked.push(JSON.parse(String(init?.body)).method)
      return fetch(input, init)
    }
    let clock = Date.UTC(2026, 10, 27)
    const verifier = verifierWith(
      { accountCheck: { cacheSeconds: 30 } },
      { now: () => clock, fetch: counting },
    )
    const delegated = at(0x7706)
    await setCode(delegated, delegation(SIMPLE_7702_ACCOUNT_08))
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => verifier.check(chain, { sender: delegated })),
    )
    expect(burst.every((verdict) => verdict.ok)).toBe(true)
    expect(asked).toEqual(['eth_getCode'])
    // A proxy costs a second read (its implementation slot), once too.
    await verifier.check(chain, { sender: simpleAccount })
    await verifier.check(chain, { sender: simpleAccount })
    expect(asked).toEqual(['eth_getCode', 'eth_getCode', 'eth_getStorageAt'])
    // Re-delegated elsewhere: seen once the cached code has expired.
    await setCode(delegated, delegation(OTHER_IMPLEMENTATION))
    expect((await verifier.check(chain, { sender: delegated })).ok).toBe(true)
    clock += 30_000
    expect((await verifier.check(chain, { sender: delegated })).ok).toBe(false)
    expect(asked).toHaveLength(4)
    // An EOA without code is read again each time: its authorization may have delegated it since.
    const fresh = at(0x7707)
    const authorizing = {
      sender: fresh,
      factory: '0x7702',
      authorizationAddress: SIMPLE_7702_ACCOUNT_08,
    } as const
    expect((await verifier.check(chain, authorizing)).ok).toBe(true)
    await setCode(fresh, delegation(SIMPLE_7702_ACCOUNT_08))
    expect(await verifier.check(chain, { sender: fresh })).toEqual({ ok: true })
    expect(asked).toHaveLength(6)
  })

  it('refuses with its own reason, never hangs, when the node is down or does not answer', async () => {
    const down = await verifierWith().check(chainAt('http://127.0.0.1:9'), { sender: at(0xd0) })
    expect(down).toMatchObject({
      ok: false,
      reason: 'SPONSORSHIP_ACCOUNT_UNCHECKED',
      message: expect.stringContaining('(it could not be reached)'),
    })
    const hanging = await verifierWith({ accountCheck: { timeoutMs: 200 } }).check(chainAt(silentUrl), {
      sender: at(0xd1),
    })
    expect(hanging).toMatchObject({
      ok: false,
      reason: 'SPONSORSHIP_ACCOUNT_UNCHECKED',
      message: expect.stringContaining('did not answer within 200 ms'),
    })
  })
})
