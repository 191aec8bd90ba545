import {
  createPublicClient,
  type Hex,
  http,
  parseEther,
  recoverTypedDataAddress,
  stringToHex,
  verifyMessage,
} from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ANVIL_ADDRESSES, ANVIL_PRIVATE_KEYS } from '../accounts.js'
import { type AnvilInstance, revert, snapshot, startAnvil } from '../anvil.js'
import { createTestWallet, type TestWallet } from './createTestWallet.js'

const CHAIN_A = 31_411
const CHAIN_B = 31_412

let anvilA: AnvilInstance
let anvilB: AnvilInstance
let snapshotId: string
let wallet: TestWallet

beforeAll(async () => {
  ;[anvilA, anvilB] = await Promise.all([startAnvil({ chainId: CHAIN_A }), startAnvil({ chainId: CHAIN_B })])
})
afterAll(async () => {
  await Promise.all([anvilA?.stop(), anvilB?.stop()])
})
beforeEach(async () => {
  snapshotId = await snapshot(anvilA.rpcUrl)
  wallet = createTestWallet({
    privateKeys: ANVIL_PRIVATE_KEYS,
    chains: [{ chainId: CHAIN_A, rpcUrl: anvilA.rpcUrl, name: 'Anvil A' }],
  })
  return () => revert(anvilA.rpcUrl, snapshotId)
})

const connect = () => wallet.request({ method: 'eth_requestAccounts' }) as Promise<string[]>
const pending = Symbol('pending')
const settleWithin = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<typeof pending>((resolve) => setTimeout(() => resolve(pending), ms))])

describe('connecting', () => {
  it('exposes no accounts until the site connects, then the selected account first', async () => {
    expect(await wallet.request({ method: 'eth_accounts' })).toEqual([])
    const accounts = await connect()
    expect(accounts[0]).toBe(ANVIL_ADDRESSES[0])
    expect(accounts).toHaveLength(ANVIL_PRIVATE_KEYS.length)
    expect(await wallet.request({ method: 'eth_accounts' })).toEqual(accounts)
  })

  it('answers chain id and net_version for the current chain', async () => {
    expect(await wallet.request({ method: 'eth_chainId' })).toBe(`0x${CHAIN_A.toString(16)}`)
    expect(await wallet.request({ method: 'net_version' })).toBe(String(CHAIN_A))
  })

  it('declines with 4001 in reject mode and stays disconnected', async () => {
    wallet.setMode('reject')
    await expect(connect()).rejects.toMatchObject({ code: 4001 })
    expect(await wallet.request({ method: 'eth_accounts' })).toEqual([])
  })

  it('fails with -32603 in fail mode', async () => {
    wallet.setMode('fail')
    await expect(connect()).rejects.toMatchObject({ code: -32603 })
  })

  it('never answers in hang mode', async () => {
    wallet.setMode('hang')
    expect(await settleWithin(connect(), 100)).toBe(pending)
    expect(wallet.getRequests().at(-1)).toMatchObject({ method: 'eth_requestAccounts', status: 'pending' })
  })

  it('can make a read method hang on its own', async () => {
    await connect()
    wallet.setMethodMode('eth_accounts', 'hang')
    expect(await settleWithin(wallet.request({ method: 'eth_accounts' }), 100)).toBe(pending)
    wallet.setMethodMode('eth_accounts', undefined)
    expect(await wallet.request({ method: 'eth_accounts' })).toHaveLength(ANVIL_PRIVATE_KEYS.length)
  })

  it('answers a method late when told to, as a locked or busy extension does', async () => {
    await connect()
    vi.useFakeTimers()
    try {
      wallet.setMethodDelay('eth_accounts', 5_000)
      let answered = false
      const accounts = wallet.request({ method: 'eth_accounts' }).then((value) => {
        answered = true
        return value
      })
      await vi.advanceTimersByTimeAsync(4_999)
      expect(answered).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      expect(await accounts).toHaveLength(ANVIL_PRIVATE_KEYS.length)
      wallet.setMethodDelay('eth_accounts', undefined)
      expect(wallet.getState().methodDelays).toEqual({})
    } finally {
      vi.useRealTimers()
    }
  })

  it('forgets the site after wallet_revokePermissions', async () => {
    await wallet.request({ method: 'wallet_requestPermissions', params: [{ eth_accounts: {} }] })
    expect(await wallet.request({ method: 'eth_accounts' })).not.toEqual([])
    await wallet.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
    expect(await wallet.request({ method: 'eth_accounts' })).toEqual([])
  })

  it('logs each request with its outcome', async () => {
    wallet.setMode('reject')
    await connect().catch(() => {})
    await wallet.request({ method: 'eth_chainId' })
    expect(wallet.getRequests().map(({ method, status }) => ({ method, status }))).toEqual([
      { method: 'eth_requestAccounts', status: 'error' },
      { method: 'eth_chainId', status: 'ok' },
    ])
    wallet.clearRequests()
    expect(wallet.getRequests()).toEqual([])
  })
})

describe('signing and sending', () => {
  it('signs a hex-encoded message that viem verifies', async () => {
    await connect()
    const message = 'Sign in to Portico'
    const signature = (await wallet.request({
      method: 'personal_sign',
      params: [stringToHex(message), ANVIL_ADDRESSES[0]],
    })) as Hex
    expect(await verifyMessage({ address: ANVIL_ADDRESSES[0]!, message, signature })).toBe(true)
  })

  it('refuses to sign before the site is connected (4100)', async () => {
    await expect(
      wallet.request({ method: 'personal_sign', params: [stringToHex('hi'), ANVIL_ADDRESSES[0]] }),
    ).rejects.toMatchObject({ code: 4100 })
  })

  it('declines a signature in reject mode', async () => {
    await connect()
    wallet.setMode('reject')
    await expect(
      wallet.request({ method: 'personal_sign', params: [stringToHex('hi'), ANVIL_ADDRESSES[0]] }),
    ).rejects.toMatchObject({ code: 4001 })
  })

  it('signs EIP-712 typed data for the selected account', async () => {
    await connect()
    const typedData = {
      domain: { name: 'Portico', version: '1', chainId: BigInt(CHAIN_A) },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Greeting: [
          { name: 'text', type: 'string' },
          { name: 'count', type: 'uint256' },
        ],
      },
      primaryType: 'Greeting',
      message: { text: 'hello', count: 3n },
    } as const
    const signature = (await wallet.request({
      method: 'eth_signTypedData_v4',
      // Dapps send the JSON form, with big numbers as decimal strings.
      params: [
        ANVIL_ADDRESSES[0],
        JSON.stringify(typedData, (_, value) => (typeof value === 'bigint' ? value.toString() : value)),
      ],
    })) as Hex
    const signer = await recoverTypedDataAddress({ ...typedData, signature })
    expect(signer).toBe(ANVIL_ADDRESSES[0])
  })

  it('sends a transaction that is mined and moves the balance', async () => {
    await connect()
    const client = createPublicClient({ transport: http(anvilA.rpcUrl) })
    const to = ANVIL_ADDRESSES[2]!
    const before = await client.getBalance({ address: to })
    const hash = (await wallet.request({
      method: 'eth_sendTransaction',
      params: [{ from: ANVIL_ADDRESSES[0], to, value: `0x${parseEther('1.5').toString(16)}` }],
    })) as Hex
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    expect(receipt.status).toBe('success')
    expect(await client.getBalance({ address: to })).toBe(before + parseEther('1.5'))
    // Reads go to the chain through the wallet too.
    expect(await wallet.request({ method: 'eth_getBalance', params: [to, 'latest'] })).toBe(
      `0x${(before + parseEther('1.5')).toString(16)}`,
    )
  })

  it('does not send in reject mode', async () => {
    await connect()
    wallet.setMode('reject')
    await expect(
      wallet.request({
        method: 'eth_sendTransaction',
        params: [{ from: ANVIL_ADDRESSES[0], to: ANVIL_ADDRESSES[1] }],
      }),
    ).rejects.toMatchObject({ code: 4001 })
    expect(
      await wallet.request({ method: 'eth_getTransactionCount', params: [ANVIL_ADDRESSES[0], 'latest'] }),
    ).toBe('0x0')
  })

  it('rejects methods it does not offer with 4200', async () => {
    await expect(wallet.request({ method: 'eth_sign', params: [] })).rejects.toMatchObject({ code: 4200 })
    await expect(wallet.request({ method: 'foo_bar' })).rejects.toMatchObject({ code: 4200 })
  })
})

describe('chains and events', () => {
  it('answers 4902 for an unknown chain, adds it, then switches and emits chainChanged', async () => {
    const changes: unknown[] = []
    wallet.on('chainChanged', (chainId: never) => changes.push(chainId))
    const chainIdB = `0x${CHAIN_B.toString(16)}`
    await expect(
      wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: chainIdB }] }),
    ).rejects.toMatchObject({ code: 4902 })
    await wallet.request({
      method: 'wallet_addEthereumChain',
      params: [
        {
          chainId: chainIdB,
          chainName: 'Anvil B',
          rpcUrls: [anvilB.rpcUrl],
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        },
      ],
    })
    expect(changes).toEqual([])
    await wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: chainIdB }] })
    expect(changes).toEqual([chainIdB])
    expect(await wallet.request({ method: 'eth_chainId' })).toBe(chainIdB)
    // Reads now reach chain B's node.
    expect(await wallet.request({ method: 'eth_blockNumber' })).toBe('0x0')
  })

  it('does not switch when the switch is declined', async () => {
    wallet.setMode('reject')
    await expect(
      wallet.request({
        method: 'wallet_addEthereumChain',
        params: [{ chainId: '0x1', chainName: 'x', rpcUrls: ['http://x'] }],
      }),
    ).rejects.toMatchObject({ code: 4001 })
    expect(wallet.getState().chains).toHaveLength(1)
  })

  it('emits accountsChanged when a person picks another account, only once connected', async () => {
    const events: unknown[] = []
    const listener = (accounts: never) => events.push(accounts)
    wallet.on('accountsChanged', listener)
    wallet.setAccount(1)
    expect(events).toEqual([])
    await connect()
    wallet.setAccount(2)
    expect((events[0] as string[])[0]).toBe(ANVIL_ADDRESSES[2])
    wallet.removeListener('accountsChanged', listener)
    wallet.setAccount(0)
    expect(events).toHaveLength(1)
  })

  it('emits chainChanged as a hex string when a person switches chain', async () => {
    const multi = createTestWallet({
      privateKeys: ANVIL_PRIVATE_KEYS,
      chains: [
        { chainId: CHAIN_A, rpcUrl: anvilA.rpcUrl, name: 'Anvil A' },
        { chainId: CHAIN_B, rpcUrl: anvilB.rpcUrl, name: 'Anvil B' },
      ],
      initialChainId: CHAIN_B,
    })
    const events: unknown[] = []
    multi.on('chainChanged', (chainId: never) => events.push(chainId))
    multi.setChain(CHAIN_A)
    expect(events).toEqual([`0x${CHAIN_A.toString(16)}`])
    expect(() => multi.setChain(1)).toThrow()
  })

  it('emits disconnect with code 4900 and forgets the site', async () => {
    await connect()
    const events: Array<{ code: number }> = []
    wallet.on('disconnect', (error: never) => events.push(error))
    wallet.disconnectFromWallet()
    expect(events).toMatchObject([{ code: 4900 }])
    expect(await wallet.request({ method: 'eth_accounts' })).toEqual([])
  })

  it('emits an empty accountsChanged when a person revokes the site', async () => {
    await connect()
    const events: unknown[] = []
    wallet.on('accountsChanged', (accounts: never) => events.push(accounts))
    wallet.revokeFromWallet()
    expect(events).toEqual([[]])
  })
})
