import { createHash, generateKeyPairSync, sign } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createEmbeddedWalletClient, type EmbeddedWalletClient } from './createEmbeddedWalletClient.js'
import { createEmbeddedWalletProvider, type EmbeddedWalletProvider } from './createEmbeddedWalletProvider.js'
import { FrameTimeoutError, RpcResultFormatError, UnsupportedRpcMethodError } from './errors.js'
import { attachFrame, createPage, FRAME_URL, flush, type Page } from './frameHarness.testkit.js'

const address = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'

// A real secp256k1 signature (r‖s) with a recovery byte: the shape a personal_sign answer has.
function realSignature(message: string): `0x${string}` {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'secp256k1' })
  const rs = sign('sha256', Buffer.from(message), { key: privateKey, dsaEncoding: 'ieee-p1363' })
  return `0x${rs.toString('hex')}1b`
}

let page: Page
let client: EmbeddedWalletClient
let provider: EmbeddedWalletProvider
let frame: Awaited<ReturnType<typeof attachFrame>>

beforeEach(async () => {
  page = createPage()
  client = createEmbeddedWalletClient({
    frameUrl: FRAME_URL,
    projectId: 'p',
    chainId: 1,
    document: page.document,
    logger: page.logger,
  })
  frame = await attachFrame(page, client)
  frame.ready()
  await client.ready()
  provider = createEmbeddedWalletProvider(client)
})

afterEach(async () => {
  client.destroy()
  await page.close()
})

/** Makes a provider call and answers it from the frame with `result`. */
async function answered(args: { method: string; params?: unknown; chainId?: string }, result: unknown) {
  const call = provider.request(args).then(
    (value) => ({ value, error: undefined }),
    (error: unknown) => ({ value: undefined, error: error as Error }),
  )
  await flush()
  frame.succeed(frame.last(), result)
  return { ...(await call), sent: frame.last() }
}

describe('results in the SPEC §5 formats', () => {
  test('personal_sign goes to the frame as APP_RPC_REQUEST and returns its signature', async () => {
    const signature = realSignature('Sign in to Shop')
    const { value, sent } = await answered(
      { method: 'personal_sign', params: ['Sign in to Shop', address] },
      signature,
    )
    expect(sent).toMatchObject({
      type: 'APP_RPC_REQUEST',
      payload: { method: 'personal_sign', params: ['Sign in to Shop', address] },
    })
    expect(value).toBe(signature)
  })

  test.each([
    ['a short hex string', '0x1234'],
    ['a text', 'signed'],
    ['null', null],
  ])('a personal_sign answer that is %s is refused', async (_case, result) => {
    const { error } = await answered({ method: 'personal_sign', params: ['Hello', address] }, result)
    expect(error).toBeInstanceOf(RpcResultFormatError)
    expect(error).toMatchObject({ method: 'personal_sign' })
  })

  test('eth_signTypedData_v4 answers are checked as signatures', async () => {
    const typedData = JSON.stringify({
      types: { Mail: [{ name: 'a', type: 'string' }] },
      primaryType: 'Mail',
      domain: {},
      message: { a: 'x' },
    })
    const bad = await answered(
      { method: 'eth_signTypedData_v4', params: [address, typedData] },
      `0x${'a'.repeat(61)}`,
    )
    expect(bad.error).toBeInstanceOf(RpcResultFormatError)
    const good = await answered(
      { method: 'eth_signTypedData_v4', params: [address, typedData] },
      realSignature(typedData),
    )
    expect(good.error).toBeUndefined()
  })

  test('eth_sendTransaction returns a transaction hash and refuses anything else', async () => {
    const hash = `0x${createHash('sha256').update('a signed transaction').digest('hex')}`
    const tx = { from: address, to: address, value: '0xde0b6b3a7640000', gas: '0x5208' }
    expect((await answered({ method: 'eth_sendTransaction', params: [tx] }, hash)).value).toBe(hash)
    const truncated = await answered({ method: 'eth_sendTransaction', params: [tx] }, hash.slice(0, 65))
    expect(truncated.error).toBeInstanceOf(RpcResultFormatError)
  })

  test('other results pass through unchanged', async () => {
    expect((await answered({ method: 'eth_chainId' }, '0x2105')).value).toBe('0x2105')
    expect((await answered({ method: 'eth_getBalance', params: [address, 'latest'] }, '0x0')).value).toBe(
      '0x0',
    )
  })
})

describe('EIP-1193 behaviour', () => {
  test('eth_requestAccounts asks the frame for eth_accounts', async () => {
    const { value, sent } = await answered({ method: 'eth_requestAccounts' }, [address])
    expect(sent).toMatchObject({ payload: { method: 'eth_accounts' } })
    expect(value).toEqual([address])
  })

  test('wallet_switchEthereumChain becomes APP_SWITCH_NETWORK and announces chainChanged', async () => {
    const changes: unknown[] = []
    const listener = (chainId: never) => changes.push(chainId)
    provider.on('chainChanged', listener)
    const { value, sent } = await answered(
      { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] },
      { chainId: 8453 },
    )
    expect(sent).toMatchObject({ type: 'APP_SWITCH_NETWORK', payload: { chainId: 8453 } })
    expect(value).toBeNull()
    expect(changes).toEqual(['0x2105'])
    provider.removeListener('chainChanged', listener)
    await answered({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }, { chainId: 1 })
    expect(changes).toEqual(['0x2105'])
  })

  test('a request naming its network (a Solana one) carries it to the frame, not the current EVM chain', async () => {
    const params = { message: '3yZe7d', pubkey: '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T' }
    const { value, sent } = await answered(
      { method: 'solana_signMessage', params, chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' },
      { signature: '5j7s' },
    )
    expect(sent).toMatchObject({
      type: 'APP_RPC_REQUEST',
      payload: { method: 'solana_signMessage', params, chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' },
    })
    expect(value).toEqual({ signature: '5j7s' })
    const { sent: plain } = await answered({ method: 'eth_chainId' }, '0x1')
    expect(plain.payload).not.toHaveProperty('chainId')
  })

  test('a method the embedded wallet does not serve fails with 4200 and is not sent', async () => {
    await expect(provider.request({ method: 'eth_sign', params: [address, '0x00'] })).rejects.toMatchObject({
      name: 'UnsupportedRpcMethodError',
      code: 4200,
    })
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{}] }),
    ).rejects.toBeInstanceOf(UnsupportedRpcMethodError)
    await flush()
    expect(frame.postMessage).not.toHaveBeenCalled()
  })

  test('eth_accounts lists no accounts when the frame says nobody is logged in (4100)', async () => {
    const call = provider.request({ method: 'eth_accounts' })
    await flush()
    frame.fail(frame.last(), { message: 'The embedded wallet is not connected: log in first.', code: 4100 })
    await expect(call).resolves.toEqual([])
  })

  test('eth_accounts still fails when the frame does not answer in time, so a slow frame is not "logged out"', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const call = provider.request({ method: 'eth_accounts' })
      const outcome = expect(call).rejects.toBeInstanceOf(FrameTimeoutError)
      await flush()
      // The frame's own bound for an RPC request (the client's default, 5 min), then it gives up.
      await vi.advanceTimersByTimeAsync(300_000)
      await outcome
    } finally {
      vi.useRealTimers()
    }
  })

  test('another method refused with 4100 keeps the error (a login is needed)', async () => {
    const call = provider.request({ method: 'eth_requestAccounts' })
    await flush()
    frame.fail(frame.last(), { message: 'The embedded wallet is not connected: log in first.', code: 4100 })
    await expect(call).rejects.toMatchObject({ code: 4100 })
  })

  test("the visitor's rejection in the frame keeps its EIP-1193 code", async () => {
    const call = provider.request({ method: 'personal_sign', params: ['Hello', address] })
    await flush()
    frame.fail(frame.last(), { message: 'User rejected the request.', code: 4001 })
    await expect(call).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' })
  })
})
