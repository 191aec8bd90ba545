import { NotConnectedError, UnrecognizedChainError, UserRejectedRequestError } from '@portico/core'
import { ANVIL_ADDRESSES, ANVIL_PRIVATE_KEYS, type AnvilInstance, startAnvil } from '@portico/test'
import {
  createTestWalletConnectWallet,
  startWalletConnectRelay,
  type TestWalletConnectWallet,
  type WalletConnectRelay,
} from '@portico/test/walletconnect'
import { createPublicClient, createWalletClient, custom, http, parseEther, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createWalletConnect, type WalletConnectService } from './createWalletConnect.js'
import { type Eip1193Provider, walletConnectEip155Provider } from './walletConnectEip155Provider.js'

const CHAIN = 31337
const OTHER_CHAIN = 31338
const account = privateKeyToAccount(ANVIL_PRIVATE_KEYS[0] as `0x${string}`)
const address = ANVIL_ADDRESSES[0] as `0x${string}`

let relay: WalletConnectRelay
let anvil: AnvilInstance
let wallet: TestWalletConnectWallet
let service: WalletConnectService
let provider: Eip1193Provider

beforeAll(async () => {
  ;[relay, anvil] = await Promise.all([
    startWalletConnectRelay({ log: () => {} }),
    startAnvil({ chainId: CHAIN }),
  ])
})
afterAll(async () => {
  await Promise.all([relay?.close(), anvil?.stop()])
})
beforeEach(async () => {
  wallet = await createTestWalletConnectWallet({
    relayUrl: relay.url,
    account,
    rpcUrls: { [CHAIN]: anvil.rpcUrl, [OTHER_CHAIN]: anvil.rpcUrl },
  })
  service = createWalletConnect({
    projectId: 'portico-test',
    relayUrl: relay.url,
    metadata: { name: 'Portico tests', description: 'A dapp in a test', url: 'http://localhost', icons: [] },
    verify: false,
  })
  service.registerNamespace('eip155', {
    chains: [`eip155:${CHAIN}`, `eip155:${OTHER_CHAIN}`],
    methods: ['personal_sign', 'eth_sendTransaction'],
    events: ['accountsChanged', 'chainChanged'],
  })
  provider = walletConnectEip155Provider(service, { chainId: CHAIN })
})
afterEach(async () => {
  provider.close()
  await service.destroy()
  await wallet.close()
})

const connect = () => service.connect({ onPairing: ({ uri }) => void wallet.pair(uri) })

const until = async (condition: () => boolean, ms = 5000) => {
  const deadline = Date.now() + ms
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('The condition was not met in time.')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('walletConnectEip155Provider', () => {
  it('refuses requests with NotConnectedError before the session exists', async () => {
    await expect(provider.request({ method: 'eth_accounts' })).rejects.toBeInstanceOf(NotConnectedError)
  })

  it('answers eth_chainId and eth_accounts from the session', async () => {
    await connect()
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([address])
  })

  it('lets a viem wallet client sign and send on anvil through the wallet', async () => {
    await connect()
    const walletClient = createWalletClient({ account: address, transport: custom(provider) })
    const signature = await walletClient.signMessage({ message: 'through viem' })
    expect(await verifyMessage({ address, message: 'through viem', signature })).toBe(true)

    const publicClient = createPublicClient({ transport: http(anvil.rpcUrl) })
    const recipient = ANVIL_ADDRESSES[3] as `0x${string}`
    const before = await publicClient.getBalance({ address: recipient })
    const hash = await walletClient.sendTransaction({ chain: null, to: recipient, value: parseEther('2') })
    await publicClient.waitForTransactionReceipt({ hash })
    expect(await publicClient.getBalance({ address: recipient })).toBe(before + parseEther('2'))
    expect(wallet.requests().map((request) => request.chainId)).toEqual([
      `eip155:${CHAIN}`,
      `eip155:${CHAIN}`,
    ])
  })

  it('switches among the session’s chains, emits chainChanged and sends later requests there', async () => {
    await connect()
    const changes: unknown[] = []
    provider.on('chainChanged', (chainId) => changes.push(chainId))
    expect(
      await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] }),
    ).toBeNull()
    expect(changes).toEqual(['0x7a6a'])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
    await provider.request({ method: 'personal_sign', params: ['0x6869', address] })
    expect(wallet.requests().at(-1)?.chainId).toBe(`eip155:${OTHER_CHAIN}`)
  })

  it('refuses to switch to a chain the wallet did not approve with 4902', async () => {
    await connect()
    const switching = provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })
    await expect(switching).rejects.toBeInstanceOf(UnrecognizedChainError)
    await expect(switching).rejects.toMatchObject({ code: 4902 })
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
  })

  it('passes a wallet refusal through as 4001', async () => {
    await connect()
    wallet.setRequestMode('reject')
    await expect(
      provider.request({ method: 'personal_sign', params: ['0x6869', address] }),
    ).rejects.toBeInstanceOf(UserRejectedRequestError)
  })

  it('turns the wallet’s events into EIP-1193 accountsChanged, chainChanged and disconnect', async () => {
    await connect()
    const seen: [string, unknown][] = []
    provider.on('accountsChanged', (accounts) => seen.push(['accountsChanged', accounts]))
    provider.on('chainChanged', (chainId) => seen.push(['chainChanged', chainId]))
    provider.on('disconnect', (error) => seen.push(['disconnect', (error as { code: number }).code]))
    const other = ANVIL_ADDRESSES[1] as string
    await wallet.emitAccountsChanged([other])
    await until(() => seen.length === 1)
    await wallet.emitChainChanged(OTHER_CHAIN)
    await until(() => seen.length === 3)
    await wallet.disconnect()
    await until(() => seen.length === 4)
    expect(seen).toEqual([
      ['accountsChanged', [other]],
      ['chainChanged', '0x7a6a'],
      ['accountsChanged', [address]],
      ['disconnect', 4900],
    ])
  })
})
