// @vitest-environment node
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createSiwxMessage } from '@portico/siwx'
import { eip155Verifier } from '@portico/siwx/eip155'
import {
  type AltoInstance,
  type AnvilInstance,
  deployAccountAbstraction,
  deployVerifyingPaymaster,
  rpc,
  SIMPLE_7702_ACCOUNT_08_ADDRESS,
  startAlto,
  startAnvil,
} from '@portico/test'
import { createPublicClient, type Hex, http, numberToHex, parseEther, stringToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { summarizeApproval } from './approvalView.js'
import { type AuthTestServer, startAuthTestServer } from './authTestServer.testkit.js'
import { startTestPorticoServer, type TestPorticoServer } from './porticoServer.testkit.js'
import type { SmartAccountOptions } from './smartAccount.js'
import { makeTestBrowser, makeTestFrame, frameRequest as request } from './testFrame.testkit.js'

// One chain with EntryPoint v0.8 and one bundler for the whole file: alto takes seconds to start.
const CHAIN_ID = 31337
// A second chain the site offers no smart account on.
const PLAIN_CHAIN_ID = 1
const RECIPIENT = '0x000000000000000000000000000000000000bEEF'
const OTHER = '0x000000000000000000000000000000000000cAFE'

let server: AuthTestServer
let anvil: AnvilInstance
let alto: AltoInstance
let publicClient: ReturnType<typeof createPublicClient>
// The site's Portico server: the bundler behind its RPC proxy and its verifying paymaster, which
// pays for the `shop` project's calls to RECIPIENT only.
let portico: TestPorticoServer
const SPONSOR_KEY: Hex = '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba'
const proxyUrl = () => `${portico.url}/v1/?chainId=eip155:${CHAIN_ID}&projectId=shop`

beforeAll(async () => {
  server = await startAuthTestServer({ cooldownMs: 0 })
  anvil = await startAnvil({ chainId: CHAIN_ID })
  await deployAccountAbstraction(anvil)
  alto = await startAlto({ rpcUrl: anvil.rpcUrl })
  publicClient = createPublicClient({ transport: http(anvil.rpcUrl) })
  const paymaster = await deployVerifyingPaymaster({
    rpcUrl: anvil.rpcUrl,
    signer: privateKeyToAccount(SPONSOR_KEY).address,
  })
  portico = await startTestPorticoServer(
    {
      chains: [
        {
          caipNetworkId: `eip155:${CHAIN_ID}`,
          name: 'Anvil',
          rpcUrl: anvil.rpcUrl,
          bundlerUrl: alto.rpcUrl,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          indexer: { enabled: false },
        },
      ],
      paymaster: {
        signerKey: SPONSOR_KEY,
        contracts: { [`eip155:${CHAIN_ID}`]: paymaster.address },
        projects: { shop: { allowedCalls: [{ address: RECIPIENT }] } },
      },
    },
    { id: 'shop', name: 'Shop', origins: ['https://shop.example'] },
  )
}, 180_000)
afterAll(async () => {
  await portico?.close()
  await alto?.stop()
  await anvil?.stop()
  await server?.close()
})

/** A bundler endpoint that forwards to `target` while `up`, and drops every connection while not. */
async function startSwitchableProxy(target: string) {
  const proxy = {
    up: true,
    url: '',
    close: () => new Promise<void>((resolve) => httpServer.close(() => resolve())),
  }
  const httpServer = createServer(async (req, res) => {
    if (!proxy.up) {
      req.socket.destroy()
      return
    }
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const answer = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.concat(chunks),
    })
    res.writeHead(answer.status, { 'content-type': 'application/json' })
    res.end(await answer.text())
  })
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve))
  proxy.url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}/`
  return proxy
}

/** One frame page whose site offers the smart account on CHAIN_ID through `bundlerUrl`. */
function makeFrame(browser = makeTestBrowser(), smart: Partial<SmartAccountOptions> = {}) {
  return makeTestFrame({
    server,
    browser,
    chainId: CHAIN_ID,
    rpcUrl: () => anvil.rpcUrl,
    smartAccount: {
      enabledChainIds: async () => [CHAIN_ID],
      bundlerUrl: () => alto.rpcUrl,
      pollingIntervalMs: 100,
      ...smart,
    },
  })
}
type Frame = ReturnType<typeof makeFrame>

async function logIn(frame: Frame, email: string) {
  await frame.handlers.handle(request('APP_CONNECT_EMAIL', { email }))
  const otp = server.lastCode(email, 'otp')
  const done = await frame.handlers.handle(request('APP_CONNECT_OTP', { otp }))
  expect(done?.type).toBe('FRAME_CONNECT_OTP_SUCCESS')
  if ((done?.payload as { action?: string } | undefined)?.action !== 'VERIFY_DEVICE') return
  // A known user on a new device: approved from the mailed link, then the same code logs in.
  const waiting = frame.handlers.handle(request('APP_CONNECT_DEVICE'))
  await new Promise((resolve) => setTimeout(resolve, 50))
  server.approveDevice(email)
  expect(await waiting).toMatchObject({ type: 'FRAME_CONNECT_DEVICE_SUCCESS' })
  expect(await frame.handlers.handle(request('APP_CONNECT_OTP', { otp }))).toMatchObject({
    type: 'FRAME_CONNECT_OTP_SUCCESS',
    payload: {},
  })
}

async function call<T>(frame: Frame, type: string, payload?: unknown): Promise<T> {
  const reply = await frame.handlers.handle(request(type, payload))
  if (!reply?.type.endsWith('_SUCCESS')) throw new Error(`${type}: ${JSON.stringify(reply?.payload)}`)
  return reply.payload as T
}

/** Sends an RPC request, approves it on the frame's screen, and returns the reply. */
async function approved(frame: Frame, method: string, params: unknown) {
  const pending = frame.handlers.handle(request('APP_RPC_REQUEST', { method, params, chainId: CHAIN_ID }))
  await expect.poll(() => frame.queue.current()?.method, { timeout: 10_000 }).toBe(method)
  const shown = summarizeApproval(frame.queue.current() as never)
  frame.queue.approve()
  return { reply: await pending, shown }
}

interface User {
  address: Hex
  accountType: string
  smartAccountDeployed?: boolean
}

describe('the embedded wallet smart account (EIP-7702, EntryPoint v0.8, alto)', () => {
  test('is the default on a smart-account chain: same address, not delegated until its first operation, EOA elsewhere', async () => {
    const frame = makeFrame()
    await logIn(frame, 'default@example.com')
    const user = await call<User>(frame, 'APP_GET_USER', { chainId: CHAIN_ID })
    expect(user).toMatchObject({ accountType: 'smartAccount', smartAccountDeployed: false })
    expect(await call(frame, 'APP_GET_SMART_ACCOUNT_ENABLED_NETWORKS')).toEqual({
      smartAccountEnabledNetworks: [CHAIN_ID],
    })
    expect(await call(frame, 'APP_INIT_SMART_ACCOUNT')).toEqual({ address: user.address, isDeployed: false })
    const plain = await call<User>(frame, 'APP_GET_USER', { chainId: PLAIN_CHAIN_ID })
    expect(plain).toMatchObject({ accountType: 'eoa', address: user.address })
    expect(plain.smartAccountDeployed).toBeUndefined()
    // EIP-5792: atomic where the smart account serves, not where the EOA does.
    const capabilities = await call<unknown>(frame, 'APP_RPC_REQUEST', {
      method: 'wallet_getCapabilities',
      params: [user.address, [numberToHex(CHAIN_ID), numberToHex(PLAIN_CHAIN_ID)]],
    })
    expect(capabilities).toEqual({
      [numberToHex(CHAIN_ID)]: { atomic: { status: 'supported' }, paymasterService: { supported: false } },
      [numberToHex(PLAIN_CHAIN_ID)]: { atomic: { status: 'unsupported' } },
    })
  })

  test('eth_sendTransaction is one user operation that delegates the key to Simple7702Account, the account paying its fee', async () => {
    const frame = makeFrame()
    await logIn(frame, 'send@example.com')
    const { address } = await call<User>(frame, 'APP_GET_USER', { chainId: CHAIN_ID })
    await rpc(anvil.rpcUrl, 'anvil_setBalance', [address, numberToHex(parseEther('1'))])
    const before = await publicClient.getBalance({ address: RECIPIENT })

    const { reply, shown } = await approved(frame, 'eth_sendTransaction', [
      { from: address, to: RECIPIENT, value: numberToHex(parseEther('0.01')) },
    ])
    expect(reply).toMatchObject({ type: 'FRAME_RPC_REQUEST_SUCCESS' })
    expect(shown.fields).toContainEqual({ label: 'Network fee', value: 'paid by this account' })
    const receipt = await publicClient.waitForTransactionReceipt({
      hash: reply?.payload as Hex,
      timeout: 20_000,
    })
    expect(receipt.status).toBe('success')
    // Sent by the bundler to the EntryPoint, not by the visitor's key as a plain transfer.
    expect(receipt.from.toLowerCase()).not.toBe(address.toLowerCase())
    expect(await publicClient.getBalance({ address: RECIPIENT })).toBe(before + parseEther('0.01'))
    expect((await publicClient.getCode({ address }))?.toLowerCase()).toBe(
      `0xef0100${SIMPLE_7702_ACCOUNT_08_ADDRESS.slice(2).toLowerCase()}`,
    )
    expect(await call(frame, 'APP_GET_USER', { chainId: CHAIN_ID })).toMatchObject({
      address,
      smartAccountDeployed: true,
    })
  }, 60_000)

  test('wallet_sendCalls runs every call in ONE user operation, reported atomic by wallet_getCallsStatus', async () => {
    const frame = makeFrame()
    await logIn(frame, 'batch@example.com')
    const { address } = await call<User>(frame, 'APP_GET_USER', { chainId: CHAIN_ID })
    await rpc(anvil.rpcUrl, 'anvil_setBalance', [address, numberToHex(parseEther('1'))])
    const before = [
      await publicClient.getBalance({ address: RECIPIENT }),
      await publicClient.getBalance({ address: OTHER }),
    ]
    const { reply, shown } = await approved(frame, 'wallet_sendCalls', [
      {
        version: '2.0.0',
        chainId: numberToHex(CHAIN_ID),
        from: address,
        atomicRequired: true,
        calls: [
          { to: RECIPIENT, value: '0x3' },
          { to: OTHER, value: '0x4' },
        ],
      },
    ])
    expect(reply).toMatchObject({ type: 'FRAME_RPC_REQUEST_SUCCESS' })
    expect(shown.title).toBe('Send 2 calls')
    expect(shown.fields).toContainEqual({ label: 'Account', value: 'Smart account (one operation)' })
    const { id } = (reply?.payload ?? {}) as { id: string }
    let status: { status: number; atomic: boolean; receipts: { transactionHash: Hex }[] } | undefined
    await expect
      .poll(
        async () => {
          status = await call(frame, 'APP_RPC_REQUEST', { method: 'wallet_getCallsStatus', params: [id] })
          return status?.status
        },
        { timeout: 20_000, interval: 200 },
      )
      .toBe(200)
    expect(status?.atomic).toBe(true)
    expect(status?.receipts).toHaveLength(1)
    expect(await publicClient.getBalance({ address: RECIPIENT })).toBe((before[0] ?? 0n) + 3n)
    expect(await publicClient.getBalance({ address: OTHER })).toBe((before[1] ?? 0n) + 4n)
    // The id carries the operation: a reloaded frame in the same browser still reads it.
    const reloaded = makeFrame(frame.browser)
    expect(
      await call(reloaded, 'APP_RPC_REQUEST', { method: 'wallet_getCallsStatus', params: [id] }),
    ).toMatchObject({ status: 200, atomic: true })
  }, 60_000)

  test('switching to the EOA and back is kept per user across reloads; the EOA sends plain transactions', async () => {
    const frame = makeFrame()
    await logIn(frame, 'switch@example.com')
    const { address } = await call<User>(frame, 'APP_GET_USER', { chainId: CHAIN_ID })
    await rpc(anvil.rpcUrl, 'anvil_setBalance', [address, numberToHex(parseEther('1'))])

    expect(await call(frame, 'APP_SET_PREFERRED_ACCOUNT', { type: 'eoa' })).toEqual({ type: 'eoa', address })
    const reloaded = makeFrame(frame.browser)
    expect(await call(reloaded, 'APP_GET_USER', { chainId: CHAIN_ID })).toMatchObject({ accountType: 'eoa' })
    const { reply, shown } = await approved(reloaded, 'eth_sendTransaction', [
      { to: RECIPIENT, value: '0x1' },
    ])
    expect(shown.fields.some((field) => field.label === 'Network fee')).toBe(false)
    const receipt = await publicClient.waitForTransactionReceipt({
      hash: reply?.payload as Hex,
      timeout: 20_000,
    })
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
    expect(
      await call(reloaded, 'APP_RPC_REQUEST', { method: 'wallet_getCapabilities', params: [address] }),
    ).toEqual({ [numberToHex(CHAIN_ID)]: { atomic: { status: 'unsupported' } } })

    // Another browser of the same user gets the same choice from the server.
    const elsewhere = makeFrame()
    await logIn(elsewhere, 'switch@example.com')
    expect(await call(elsewhere, 'APP_GET_USER', { chainId: CHAIN_ID })).toMatchObject({ accountType: 'eoa' })

    expect(await call(reloaded, 'APP_SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })).toEqual({
      type: 'smartAccount',
      address,
    })
    expect(await call(makeFrame(frame.browser), 'APP_GET_USER', { chainId: CHAIN_ID })).toMatchObject({
      accountType: 'smartAccount',
    })
    // A chain without a bundler has no smart account to switch to; the EOA is always there.
    await call(reloaded, 'APP_SWITCH_NETWORK', { chainId: PLAIN_CHAIN_ID })
    expect(await call(reloaded, 'APP_SET_PREFERRED_ACCOUNT', { type: 'eoa' })).toEqual({
      type: 'eoa',
      address,
    })
    const onPlain = await reloaded.handlers.handle(
      request('APP_SET_PREFERRED_ACCOUNT', { type: 'smartAccount' }),
    )
    expect(onPlain).toMatchObject({
      type: 'FRAME_SET_PREFERRED_ACCOUNT_ERROR',
      payload: { message: 'Smart accounts are not available on eip155:1.' },
    })
    // The refused choice changed nothing: the user stays on the EOA they chose last.
    expect(await call(makeFrame(frame.browser), 'APP_GET_USER', { chainId: CHAIN_ID })).toMatchObject({
      accountType: 'eoa',
    })
  }, 60_000)

  test('signs in (SIWX, verified by @portico/siwx/eip155) before the delegation and after it', async () => {
    const frame = makeFrame()
    await logIn(frame, 'signin@example.com')
    const { address } = await call<User>(frame, 'APP_GET_USER', { chainId: CHAIN_ID })
    await rpc(anvil.rpcUrl, 'anvil_setBalance', [address, numberToHex(parseEther('1'))])
    const verifier = eip155Verifier({ rpcUrls: { [CHAIN_ID]: anvil.rpcUrl } })
    const signIn = async () => {
      const data = {
        domain: 'shop.example',
        accountAddress: address,
        uri: 'https://shop.example/login',
        version: '1' as const,
        chainId: `eip155:${CHAIN_ID}` as const,
        nonce: `n${crypto.randomUUID().replaceAll('-', '')}`,
        issuedAt: new Date().toISOString(),
      }
      const message = createSiwxMessage(data)
      const { reply } = await approved(frame, 'personal_sign', [stringToHex(message), address])
      return verifier.verify({ data, message, signature: reply?.payload as string })
    }
    // Not delegated yet: the smart account is the visitor's own key, and signs as it.
    expect(await publicClient.getCode({ address })).toBeUndefined()
    expect(await signIn()).toBe(true)
    await approved(frame, 'eth_sendTransaction', [{ to: RECIPIENT, value: '0x1' }])
    expect(await call(frame, 'APP_GET_USER', { chainId: CHAIN_ID })).toMatchObject({
      smartAccountDeployed: true,
    })
    // Delegated: the same signatures still verify (Simple7702Account answers ERC-1271 for its key).
    expect(await signIn()).toBe(true)
  }, 60_000)

  test("sponsored through the site's server: 'Network fee: paid by Shop', nothing paid by the account; a call the policy does not pay is refused", async () => {
    const frame = makeFrame(makeTestBrowser(), {
      bundlerUrl: proxyUrl,
      paymasterUrl: proxyUrl,
    })
    await logIn(frame, 'sponsored@example.com')
    await call(frame, 'APP_SYNC_DAPP_DATA', {
      metadata: { name: 'Shop', url: 'https://shop.example' },
      sdkVersion: '1.0.0',
      sdkType: 'portico',
      projectId: 'shop',
    })
    const { address } = await call<User>(frame, 'APP_GET_USER', { chainId: CHAIN_ID })
    // Not a wei of its own: only the site's paymaster can pay for it.
    expect(await publicClient.getBalance({ address })).toBe(0n)
    expect(
      await call(frame, 'APP_RPC_REQUEST', { method: 'wallet_getCapabilities', params: [address] }),
    ).toEqual({
      [numberToHex(CHAIN_ID)]: { atomic: { status: 'supported' }, paymasterService: { supported: true } },
    })

    const { reply, shown } = await approved(frame, 'wallet_sendCalls', [
      { version: '2.0.0', chainId: numberToHex(CHAIN_ID), calls: [{ to: RECIPIENT, data: '0x' }] },
    ])
    expect(shown.fields).toContainEqual({ label: 'Network fee', value: 'paid by Shop' })
    expect(reply).toMatchObject({ type: 'FRAME_RPC_REQUEST_SUCCESS' })
    const { id } = (reply?.payload ?? {}) as { id: string }
    await expect
      .poll(
        async () =>
          (
            (await call(frame, 'APP_RPC_REQUEST', { method: 'wallet_getCallsStatus', params: [id] })) as {
              status: number
            }
          ).status,
        { timeout: 20_000, interval: 200 },
      )
      .toBe(200)
    expect(await publicClient.getBalance({ address })).toBe(0n)
    expect(await call(frame, 'APP_GET_USER', { chainId: CHAIN_ID })).toMatchObject({
      smartAccountDeployed: true,
    })

    const refused = await approved(frame, 'eth_sendTransaction', [{ to: OTHER, value: '0x0' }])
    expect(refused.reply?.type).toBe('FRAME_RPC_REQUEST_ERROR')
    expect(refused.reply?.payload).toMatchObject({
      code: -32042,
      message: expect.stringContaining('The site does not pay the network fee for this operation: '),
    })
    // Refused before anything reached the chain: still nothing spent, nothing sent.
    expect(await publicClient.getBalance({ address })).toBe(0n)
  }, 90_000)

  test('a bundler that is down: a clear error, nothing sent, nothing spent, and the next try works', async () => {
    const bundler = await startSwitchableProxy(alto.rpcUrl)
    const frame = makeFrame(makeTestBrowser(), { bundlerUrl: () => bundler.url })
    await logIn(frame, 'down@example.com')
    const { address } = await call<User>(frame, 'APP_GET_USER', { chainId: CHAIN_ID })
    await rpc(anvil.rpcUrl, 'anvil_setBalance', [address, numberToHex(parseEther('1'))])
    bundler.up = false
    const balance = await publicClient.getBalance({ address })
    const nonce = await publicClient.getTransactionCount({ address })

    const { reply } = await approved(frame, 'wallet_sendCalls', [
      { version: '2.0.0', chainId: numberToHex(CHAIN_ID), calls: [{ to: RECIPIENT, value: '0x1' }] },
    ])
    expect(reply).toMatchObject({
      type: 'FRAME_RPC_REQUEST_ERROR',
      payload: {
        message: expect.stringContaining("The smart account's bundler for chain 31337 is unavailable"),
      },
    })
    expect(await publicClient.getBalance({ address })).toBe(balance)
    expect(await publicClient.getTransactionCount({ address })).toBe(nonce)
    expect(await publicClient.getCode({ address })).toBeUndefined()

    bundler.up = true
    const again = await approved(frame, 'eth_sendTransaction', [{ to: RECIPIENT, value: '0x1' }])
    expect(again.reply).toMatchObject({ type: 'FRAME_RPC_REQUEST_SUCCESS' })
    await bundler.close()
  }, 60_000)
})
