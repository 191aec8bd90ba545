// @vitest-environment happy-dom
import {
  type Adapter,
  type AdapterEvent,
  EMBEDDED_WALLET_CONNECTOR_ID,
  InvalidChainIdError,
  InvalidResponseError,
  type Network,
  ProviderRequestError,
  ProviderTimeoutError,
  UnrecognizedChainError,
  UserRejectedRequestError,
  WALLET_CONNECT_CONNECTOR_ID,
  type WalletConnect,
  type WalletConnectEvent,
  type WalletConnectSession,
} from '@portico/core'
import {
  ANVIL_ADDRESSES,
  ANVIL_PRIVATE_KEYS,
  type AnvilInstance,
  createTestAdapterContext,
  revert,
  snapshot,
  startAnvil,
} from '@portico/test'
import { announceTestWallet, createTestWallet, DEV_WALLET_ICON, type TestWallet } from '@portico/test/wallet'
import { parseEther, verifyMessage } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { EvmAdapterOptions } from './evm.js'
import { evm } from './evm.js'

const RDNS = 'dev.portico.wallet'
const CHAIN_A = 31_421
const CHAIN_B = 31_422

let anvilA: AnvilInstance
let anvilB: AnvilInstance
let networkA: Network
let networkB: Network
let wallet: TestWallet
let adapter: Adapter
let events: AdapterEvent[]
let warnings: Array<{ message: string }>
const cleanups: Array<() => unknown> = []

const toNetwork = (id: number, rpcUrl: string): Network => ({
  id,
  namespace: 'eip155',
  caipNetworkId: `eip155:${id}`,
  name: `Anvil ${id}`,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [rpcUrl] } },
  blockExplorers: { default: { name: 'Explorer', url: 'https://explorer.example/' } },
})

beforeAll(async () => {
  ;[anvilA, anvilB] = await Promise.all([startAnvil({ chainId: CHAIN_A }), startAnvil({ chainId: CHAIN_B })])
  networkA = toNetwork(CHAIN_A, anvilA.rpcUrl)
  networkB = toNetwork(CHAIN_B, anvilB.rpcUrl)
})
afterAll(async () => {
  await Promise.all([anvilA?.stop(), anvilB?.stop()])
})

const setup = (options: EvmAdapterOptions = {}, announce = true) => {
  const test = createTestAdapterContext([networkA, networkB])
  events = test.events
  warnings = test.warnings
  adapter = evm(options)(test.context)
  if (announce)
    cleanups.push(
      announceTestWallet(wallet, { name: 'Portico Dev Wallet', rdns: RDNS, icon: DEV_WALLET_ICON }),
    )
  adapter.start()
  cleanups.push(() => adapter.destroy())
}

beforeEach(async () => {
  const id = await snapshot(anvilA.rpcUrl)
  cleanups.push(() => revert(anvilA.rpcUrl, id))
  wallet = createTestWallet({
    privateKeys: ANVIL_PRIVATE_KEYS,
    chains: [{ chainId: CHAIN_A, rpcUrl: anvilA.rpcUrl, name: 'Anvil A' }],
  })
})
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const walletEvents = () => events.filter((event) => event.type !== 'connectors')

describe('connect', () => {
  it("returns the wallet's checksummed account and numeric chain id", async () => {
    setup()
    const result = await adapter.connect({ connectorId: RDNS })
    expect(result.address).toBe(ANVIL_ADDRESSES[0])
    expect(result.accounts[0]).toBe(ANVIL_ADDRESSES[0])
    expect(result.chainId).toBe(CHAIN_A)
  })

  it('rejects with UserRejectedRequestError when the visitor declines', async () => {
    setup()
    wallet.setMode('reject')
    await expect(adapter.connect({ connectorId: RDNS })).rejects.toBeInstanceOf(UserRejectedRequestError)
  })

  it('gives up with ProviderTimeoutError when the wallet never answers', async () => {
    setup({ promptTimeoutMs: 100 })
    wallet.setMode('hang')
    await expect(adapter.connect({ connectorId: RDNS })).rejects.toBeInstanceOf(ProviderTimeoutError)
  })

  it('maps a wallet failure to ProviderRequestError', async () => {
    setup()
    wallet.setMode('fail')
    await expect(adapter.connect({ connectorId: RDNS })).rejects.toBeInstanceOf(ProviderRequestError)
  })

  it('rejects with ConnectorNotFoundError for an unknown wallet', async () => {
    setup()
    await expect(adapter.connect({ connectorId: 'com.unknown' })).rejects.toMatchObject({
      name: 'ConnectorNotFoundError',
    })
  })

  it('reports a malformed account list as InvalidResponseError', async () => {
    setup({}, false)
    const liar = { request: async () => ['not-an-address'] }
    cleanups.push(announceTestWallet(liar, { name: 'Liar', rdns: 'com.liar', icon: DEV_WALLET_ICON }))
    await expect(adapter.connect({ connectorId: 'com.liar' })).rejects.toBeInstanceOf(InvalidResponseError)
  })
})

describe('WalletConnect (WALLET_CONNECT connector over the shared session)', () => {
  /**
   * A WalletConnect service after core's pairing, whose wallet end is the test wallet: requests
   * reach a real key and a real chain; the relay itself is tested with @portico/walletconnect.
   */
  function pairedService(chains: number[]) {
    let session: WalletConnectSession | undefined
    const subscribers = new Set<(event: WalletConnectEvent) => void>()
    const calls: { chainId: string; method: string }[] = []
    let disconnected = 0
    const registered: unknown[] = []
    const service: WalletConnect = {
      registerNamespace: (namespace, request) => registered.push({ namespace, ...request }),
      connect: async () => {
        throw new Error('pairing is core’s, not the adapter’s')
      },
      reconnect: async () => {
        // The phone's wallet approved this site when it paired.
        await wallet.request({ method: 'eth_requestAccounts' })
        session = {
          accounts: chains.map((chain) => `eip155:${chain}:${ANVIL_ADDRESSES[0]}`),
          peer: { name: 'Phone wallet', icons: [] },
        }
        return session
      },
      getSession: () => session,
      request: async ({ chainId, method, params }) => {
        calls.push({ chainId, method })
        return wallet.request(params === undefined ? { method } : { method, params })
      },
      disconnect: async () => {
        disconnected++
        session = undefined
      },
      subscribe: (listener) => {
        subscribers.add(listener)
        return () => subscribers.delete(listener)
      },
    }
    const emit = (event: WalletConnectEvent) => {
      for (const listener of subscribers) listener(event)
    }
    return { service, calls, registered, emit, disconnects: () => disconnected }
  }

  it('registers the eip155 chains and methods, lists the connector, restores the session and signs through the wallet', async () => {
    const wc = pairedService([CHAIN_A, CHAIN_B])
    setup({ walletConnect: wc.service }, false)
    expect(wc.registered).toEqual([
      expect.objectContaining({
        namespace: 'eip155',
        chains: [`eip155:${CHAIN_A}`, `eip155:${CHAIN_B}`],
        methods: expect.arrayContaining(['personal_sign', 'eth_sendTransaction']),
      }),
    ])
    expect(adapter.getConnectors()).toContainEqual(
      expect.objectContaining({
        id: WALLET_CONNECT_CONNECTOR_ID,
        type: 'WALLET_CONNECT',
        imageUrl: expect.stringMatching(/^data:image\/svg\+xml,/),
      }),
    )
    // A reload: the stored session comes back without a prompt.
    const result = await adapter.reconnect({ connectorId: WALLET_CONNECT_CONNECTOR_ID, timeoutMs: 3_000 })
    expect(result).toMatchObject({ address: ANVIL_ADDRESSES[0], chainId: CHAIN_A })
    const message = 'Hello over WalletConnect'
    const signature = await adapter.signMessage({
      connectorId: WALLET_CONNECT_CONNECTOR_ID,
      address: ANVIL_ADDRESSES[0] as string,
      message,
    })
    expect(
      await verifyMessage({
        address: ANVIL_ADDRESSES[0] as `0x${string}`,
        message,
        signature: signature as `0x${string}`,
      }),
    ).toBe(true)
    expect(wc.calls).toEqual([{ chainId: `eip155:${CHAIN_A}`, method: 'personal_sign' }])
  })

  it('switches among the session chains without asking the wallet, and follows its events', async () => {
    const wc = pairedService([CHAIN_A, CHAIN_B])
    setup({ walletConnect: wc.service }, false)
    await adapter.reconnect({ connectorId: WALLET_CONNECT_CONNECTOR_ID, timeoutMs: 3_000 })
    await adapter.switchNetwork({ connectorId: WALLET_CONNECT_CONNECTOR_ID, network: networkB })
    expect(wc.calls).toEqual([])
    expect(walletEvents()).toContainEqual({
      type: 'chainChanged',
      connectorId: WALLET_CONNECT_CONNECTOR_ID,
      chainId: CHAIN_B,
    })
    wc.emit({ type: 'accountsChanged', accounts: [`eip155:${CHAIN_B}:${ANVIL_ADDRESSES[1]}`] })
    expect(walletEvents()).toContainEqual({
      type: 'accountsChanged',
      connectorId: WALLET_CONNECT_CONNECTOR_ID,
      accounts: [ANVIL_ADDRESSES[1]],
    })
    wc.emit({ type: 'disconnect' })
    expect(walletEvents().at(-1)).toEqual({ type: 'disconnect', connectorId: WALLET_CONNECT_CONNECTOR_ID })
  })

  it('without a session there is nothing to restore; disconnecting ends the session for every namespace', async () => {
    const wc = pairedService([CHAIN_A])
    wc.service.reconnect = async () => undefined
    setup({ walletConnect: wc.service }, false)
    expect(
      await adapter.reconnect({ connectorId: WALLET_CONNECT_CONNECTOR_ID, timeoutMs: 3_000 }),
    ).toBeUndefined()
    await adapter.disconnect({ connectorId: WALLET_CONNECT_CONNECTOR_ID })
    expect(wc.disconnects()).toBe(1)
  })

  it('is not offered without walletConnect', () => {
    setup()
    expect(adapter.getConnectors().some((connector) => connector.type === 'WALLET_CONNECT')).toBe(false)
  })
})

describe('the embedded wallet (AUTH connector)', () => {
  it('is listed first as an AUTH connector and connects and signs through its provider', async () => {
    setup({ embeddedWallet: { provider: wallet, name: 'E-mail wallet' } }, false)
    const [first] = adapter.getConnectors()
    expect(first).toMatchObject({ id: EMBEDDED_WALLET_CONNECTOR_ID, type: 'AUTH', name: 'E-mail wallet' })
    const result = await adapter.connect({ connectorId: EMBEDDED_WALLET_CONNECTOR_ID })
    expect(result.address).toBe(ANVIL_ADDRESSES[0])
    const message = 'Hello from the frame'
    const signature = await adapter.signMessage({
      connectorId: EMBEDDED_WALLET_CONNECTOR_ID,
      address: result.address,
      message,
    })
    expect(
      await verifyMessage({
        address: result.address as `0x${string}`,
        message,
        signature: signature as `0x${string}`,
      }),
    ).toBe(true)
  })

  it('is not offered without an embedded wallet', () => {
    setup()
    expect(adapter.getConnectors().some((connector) => connector.type === 'AUTH')).toBe(false)
  })
})

describe('external wallets (the site provides the EIP-1193 provider)', () => {
  it('lists each as an EXTERNAL connector that connects and sends through its provider', async () => {
    setup(
      {
        externalWallets: [
          {
            id: 'com.example.hardware',
            name: 'Example Hardware',
            imageUrl: 'javascript:alert(1)',
            provider: wallet,
          },
          { id: '', name: 'No id', provider: wallet },
        ],
      },
      false,
    )
    const externalOnes = () => adapter.getConnectors().filter((connector) => connector.type === 'EXTERNAL')
    // Their code is a chunk of its own, loaded because the site lists some.
    await vi.waitFor(() => expect(externalOnes()).not.toHaveLength(0))
    expect(externalOnes()).toEqual([
      {
        id: 'com.example.hardware',
        name: 'Example Hardware',
        type: 'EXTERNAL',
        namespace: 'eip155',
        installed: true,
      },
    ])
    expect(warnings.some(({ message }) => message.includes('dropped an external wallet'))).toBe(true)
    const result = await adapter.connect({ connectorId: 'com.example.hardware' })
    expect(result.address).toBe(ANVIL_ADDRESSES[0])
    const hash = await adapter.send!.send({
      connectorId: 'com.example.hardware',
      address: result.address,
      network: networkA,
      to: ANVIL_ADDRESSES[1]!,
      amount: parseEther('0.01'),
    })
    expect(
      await adapter.send!.waitForTransaction({ hash, network: networkA, timeoutMs: 10_000 }),
    ).toMatchObject({
      status: 'success',
    })
  })
  it('reconnects to one right after the page starts, before its code has loaded', async () => {
    setup(
      { externalWallets: [{ id: 'com.example.hardware', name: 'Example Hardware', provider: wallet }] },
      false,
    )
    await vi.waitFor(() => expect(adapter.getConnectors()).not.toHaveLength(0))
    await adapter.connect({ connectorId: 'com.example.hardware' })
    wallet.setMode('reject')
    const fresh = evm({
      externalWallets: [{ id: 'com.example.hardware', name: 'Example Hardware', provider: wallet }],
    })(createTestAdapterContext([networkA]).context)
    fresh.start()
    cleanups.push(() => fresh.destroy())
    expect(fresh.getConnectors().some((connector) => connector.type === 'EXTERNAL')).toBe(false)
    const result = await fresh.reconnect({ connectorId: 'com.example.hardware', timeoutMs: 5000 })
    expect(result).toMatchObject({ address: ANVIL_ADDRESSES[0], chainId: CHAIN_A })
  })
})

describe('reconnect', () => {
  it('restores a connection without prompting', async () => {
    setup()
    await adapter.connect({ connectorId: RDNS })
    wallet.setMode('reject')
    const fresh = evm()(createTestAdapterContext([networkA]).context)
    fresh.start()
    cleanups.push(() => fresh.destroy())
    const result = await fresh.reconnect({ connectorId: RDNS, timeoutMs: 1000 })
    expect(result).toEqual({ address: ANVIL_ADDRESSES[0], accounts: expect.any(Array), chainId: CHAIN_A })
    expect(
      wallet
        .getRequests()
        .some((request) => request.method === 'eth_requestAccounts' && request.status === 'error'),
    ).toBe(false)
  })

  it('resolves undefined when the wallet no longer exposes accounts', async () => {
    setup()
    expect(await adapter.reconnect({ connectorId: RDNS, timeoutMs: 1000 })).toBeUndefined()
  })

  it('waits for a wallet announced late', async () => {
    setup({}, false)
    await wallet.request({ method: 'eth_requestAccounts' })
    setTimeout(
      () => cleanups.push(announceTestWallet(wallet, { name: 'Late', rdns: RDNS, icon: DEV_WALLET_ICON })),
      50,
    )
    const result = await adapter.reconnect({ connectorId: RDNS, timeoutMs: 2000 })
    expect(result?.address).toBe(ANVIL_ADDRESSES[0])
  })

  it('resolves undefined when the wallet is not announced in time', async () => {
    setup({}, false)
    const started = Date.now()
    expect(await adapter.reconnect({ connectorId: RDNS, timeoutMs: 100 })).toBeUndefined()
    expect(Date.now() - started).toBeLessThan(1000)
  })

  it('restores a wallet that answers eth_accounts late, within the bound', async () => {
    setup()
    await wallet.request({ method: 'eth_requestAccounts' })
    wallet.setMethodDelay('eth_accounts', 5_000)
    vi.useFakeTimers()
    try {
      let result: unknown
      void adapter.reconnect({ connectorId: RDNS, timeoutMs: 10_000 }).then((value) => {
        result = value
      })
      await vi.advanceTimersByTimeAsync(4_999)
      expect(result).toBeUndefined()
      await vi.advanceTimersByTimeAsync(1)
      expect(result).toEqual({ address: ANVIL_ADDRESSES[0], accounts: expect.any(Array), chainId: CHAIN_A })
    } finally {
      vi.useRealTimers()
    }
  })

  it('rejects with ProviderTimeoutError, not "gone", when the wallet answers after the bound', async () => {
    setup()
    await wallet.request({ method: 'eth_requestAccounts' })
    wallet.setMethodDelay('eth_accounts', 20_000)
    vi.useFakeTimers()
    try {
      const reconnecting = adapter.reconnect({ connectorId: RDNS, timeoutMs: 10_000 })
      const outcome = expect(reconnecting).rejects.toBeInstanceOf(ProviderTimeoutError)
      await vi.advanceTimersByTimeAsync(10_000)
      await outcome
    } finally {
      vi.useRealTimers()
    }
  })

  it.each([
    [4100, "the e-mail wallet's frame says it is not logged in"],
    [4900, 'the wallet says it is disconnected'],
  ])('resolves undefined (gone) on %i: %s', async (code) => {
    const frame = {
      request: async () => {
        throw Object.assign(new Error('The embedded wallet is not connected: log in first.'), { code })
      },
    }
    setup({ embeddedWallet: { provider: frame } })
    expect(
      await adapter.reconnect({ connectorId: EMBEDDED_WALLET_CONNECTOR_ID, timeoutMs: 1000 }),
    ).toBeUndefined()
  })

  it('rejects (not gone) when the e-mail wallet fails otherwise', async () => {
    const frame = {
      request: async () => {
        throw Object.assign(new Error('The frame could not reach its server.'), { code: -32603 })
      },
    }
    setup({ embeddedWallet: { provider: frame } })
    await expect(
      adapter.reconnect({ connectorId: EMBEDDED_WALLET_CONNECTOR_ID, timeoutMs: 1000 }),
    ).rejects.toBeInstanceOf(ProviderRequestError)
  })

  it('a cancelled reconnect does not follow the wallet when it answers', async () => {
    setup()
    await wallet.request({ method: 'eth_requestAccounts' })
    const controller = new AbortController()
    controller.abort()
    await expect(
      adapter.reconnect({ connectorId: RDNS, timeoutMs: 1000, signal: controller.signal }),
    ).rejects.toThrow()
    wallet.setAccount(1)
    expect(walletEvents()).toEqual([])
  })

  it('times out when the wallet does not answer eth_accounts', async () => {
    setup()
    wallet.setMethodMode('eth_accounts', 'hang')
    await expect(adapter.reconnect({ connectorId: RDNS, timeoutMs: 100 })).rejects.toBeInstanceOf(
      ProviderTimeoutError,
    )
  })
})

describe('wallet events', () => {
  it('emits accountsChanged with checksummed addresses and chainChanged with a number', async () => {
    wallet = createTestWallet({
      privateKeys: ANVIL_PRIVATE_KEYS,
      chains: [
        { chainId: CHAIN_A, rpcUrl: anvilA.rpcUrl, name: 'Anvil A' },
        { chainId: CHAIN_B, rpcUrl: anvilB.rpcUrl, name: 'Anvil B' },
      ],
    })
    setup()
    await adapter.connect({ connectorId: RDNS })
    wallet.setAccount(1)
    wallet.setChain(CHAIN_B)
    expect(walletEvents()).toEqual([
      { type: 'accountsChanged', connectorId: RDNS, accounts: expect.arrayContaining([ANVIL_ADDRESSES[1]]) },
      { type: 'chainChanged', connectorId: RDNS, chainId: CHAIN_B },
    ])
    expect((walletEvents()[0] as { accounts: readonly string[] }).accounts[0]).toBe(ANVIL_ADDRESSES[1])
  })

  it('treats an empty account list as a disconnect and stops listening', async () => {
    setup()
    await adapter.connect({ connectorId: RDNS })
    wallet.revokeFromWallet()
    wallet.setChain(CHAIN_A)
    expect(walletEvents()).toEqual([{ type: 'disconnect', connectorId: RDNS }])
  })

  it('emits disconnect when the wallet disconnects', async () => {
    setup()
    await adapter.connect({ connectorId: RDNS })
    wallet.disconnectFromWallet()
    expect(walletEvents()).toEqual([{ type: 'disconnect', connectorId: RDNS }])
  })

  it('drops malformed event payloads with a warning', async () => {
    const listeners = new Map<string, (payload: unknown) => void>()
    const fake = {
      request: async ({ method }: { method: string }) =>
        method === 'eth_chainId' ? '0x1' : [ANVIL_ADDRESSES[0]],
      on: (event: string, listener: (payload: unknown) => void) => listeners.set(event, listener),
      removeListener: (event: string) => listeners.delete(event),
    }
    setup({}, false)
    cleanups.push(announceTestWallet(fake, { name: 'Fake', rdns: 'com.fake', icon: DEV_WALLET_ICON }))
    await adapter.connect({ connectorId: 'com.fake' })
    listeners.get('accountsChanged')?.(['0xnope'])
    listeners.get('chainChanged')?.('mainnet')
    listeners.get('disconnect')?.('bye')
    expect(walletEvents()).toEqual([])
    expect(warnings.map((warning) => warning.message)).toEqual([
      expect.stringMatching(/accountsChanged/),
      expect.stringMatching(/chainChanged/),
      expect.stringMatching(/disconnect/),
    ])
  })

  it('stops listening after disconnect and revokes the permission', async () => {
    setup()
    await adapter.connect({ connectorId: RDNS })
    await adapter.disconnect({ connectorId: RDNS })
    wallet.setAccount(1)
    expect(walletEvents()).toEqual([])
    expect(await wallet.request({ method: 'eth_accounts' })).toEqual([])
  })

  it('disconnects quickly even when revoking hangs', async () => {
    setup({ revokeTimeoutMs: 50 })
    await adapter.connect({ connectorId: RDNS })
    wallet.setMethodMode('wallet_revokePermissions', 'hang')
    await expect(adapter.disconnect({ connectorId: RDNS })).resolves.toBeUndefined()
  })
})

describe('switchNetwork', () => {
  it('adds an unknown chain (4902), switches to it and reports chainChanged', async () => {
    setup()
    await adapter.connect({ connectorId: RDNS })
    await adapter.switchNetwork({ connectorId: RDNS, network: networkB })
    expect(wallet.getState().chainId).toBe(CHAIN_B)
    expect(wallet.getRequests().map((request) => [request.method, request.status])).toEqual([
      ['eth_requestAccounts', 'ok'],
      ['eth_chainId', 'ok'],
      ['wallet_switchEthereumChain', 'error'],
      ['wallet_addEthereumChain', 'ok'],
      ['wallet_switchEthereumChain', 'ok'],
    ])
    const added = wallet.getRequests()[3]?.params as [Record<string, unknown>]
    expect(added[0]).toEqual({
      chainId: `0x${CHAIN_B.toString(16)}`,
      chainName: networkB.name,
      nativeCurrency: networkB.nativeCurrency,
      rpcUrls: [anvilB.rpcUrl],
      blockExplorerUrls: ['https://explorer.example/'],
    })
    expect(walletEvents()).toEqual([{ type: 'chainChanged', connectorId: RDNS, chainId: CHAIN_B }])
  })

  it('adds the chain when 4902 is nested in data.originalError (MetaMask mobile)', async () => {
    const calls: string[] = []
    let added = false
    const mobile = {
      request: async ({ method }: { method: string }) => {
        calls.push(method)
        if (method === 'wallet_switchEthereumChain' && !added) {
          throw {
            code: -32603,
            message: 'Internal',
            data: { originalError: { code: 4902, message: 'Unrecognized' } },
          }
        }
        if (method === 'wallet_addEthereumChain') added = true
        return null
      },
    }
    setup({}, false)
    cleanups.push(announceTestWallet(mobile, { name: 'Mobile', rdns: 'com.mobile', icon: DEV_WALLET_ICON }))
    await adapter.switchNetwork({ connectorId: 'com.mobile', network: networkB })
    expect(calls).toEqual([
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_switchEthereumChain',
    ])
  })

  it.each([
    [4001, UserRejectedRequestError],
    [-32603, InvalidChainIdError],
    [32603, InvalidChainIdError],
    [-32000, ProviderRequestError],
  ])('maps a %i from the wallet to %o', async (code, ErrorType) => {
    const failing = { request: async () => Promise.reject({ code, message: 'no' }) }
    setup({}, false)
    cleanups.push(announceTestWallet(failing, { name: 'F', rdns: 'com.f', icon: DEV_WALLET_ICON }))
    await expect(adapter.switchNetwork({ connectorId: 'com.f', network: networkB })).rejects.toBeInstanceOf(
      ErrorType,
    )
  })

  it('rejects with UnrecognizedChainError when the wallet still does not know the chain after adding', async () => {
    const stubborn = {
      request: async ({ method }: { method: string }) =>
        method === 'wallet_addEthereumChain' ? null : Promise.reject({ code: 4902, message: 'unknown' }),
    }
    setup({}, false)
    cleanups.push(announceTestWallet(stubborn, { name: 'S', rdns: 'com.s', icon: DEV_WALLET_ICON }))
    await expect(adapter.switchNetwork({ connectorId: 'com.s', network: networkB })).rejects.toBeInstanceOf(
      UnrecognizedChainError,
    )
  })

  it('rejects with UserRejectedRequestError when the visitor declines the switch', async () => {
    setup()
    await adapter.connect({ connectorId: RDNS })
    await wallet.request({
      method: 'wallet_addEthereumChain',
      params: [{ chainId: `0x${CHAIN_B.toString(16)}`, chainName: 'B', rpcUrls: [anvilB.rpcUrl] }],
    })
    wallet.setMode('reject')
    await expect(adapter.switchNetwork({ connectorId: RDNS, network: networkB })).rejects.toBeInstanceOf(
      UserRejectedRequestError,
    )
    expect(wallet.getState().chainId).toBe(CHAIN_A)
  })
})

describe('signMessage', () => {
  it('returns a signature that viem verifies for the message', async () => {
    setup()
    const { address } = await adapter.connect({ connectorId: RDNS })
    const message = 'Welcome to Portico.\nNonce: 42 ✓'
    const signature = await adapter.signMessage({ connectorId: RDNS, address, message })
    expect(
      await verifyMessage({
        address: address as `0x${string}`,
        message,
        signature: signature as `0x${string}`,
      }),
    ).toBe(true)
  })

  it('rejects with UserRejectedRequestError when declined', async () => {
    setup()
    const { address } = await adapter.connect({ connectorId: RDNS })
    wallet.setMode('reject')
    await expect(adapter.signMessage({ connectorId: RDNS, address, message: 'hi' })).rejects.toBeInstanceOf(
      UserRejectedRequestError,
    )
  })

  it('refuses a short signature as InvalidResponseError', async () => {
    const short = {
      request: async ({ method }: { method: string }) =>
        method === 'personal_sign' ? '0x1234' : method === 'eth_chainId' ? '0x1' : [ANVIL_ADDRESSES[0]],
    }
    setup({}, false)
    cleanups.push(announceTestWallet(short, { name: 'Short', rdns: 'com.short', icon: DEV_WALLET_ICON }))
    const { address } = await adapter.connect({ connectorId: 'com.short' })
    await expect(
      adapter.signMessage({ connectorId: 'com.short', address, message: 'hi' }),
    ).rejects.toBeInstanceOf(InvalidResponseError)
  })

  it('needs a connection first', async () => {
    setup()
    await expect(
      adapter.signMessage({ connectorId: RDNS, address: ANVIL_ADDRESSES[0]!, message: 'hi' }),
    ).rejects.toMatchObject({ name: 'NotConnectedError' })
  })
})

describe('getBalance', () => {
  it('reads the anvil balance and sees it change after a transfer', async () => {
    setup()
    const address = ANVIL_ADDRESSES[3]!
    const before = await adapter.getBalance({ address, network: networkA })
    expect(before).toEqual({ value: parseEther('10000'), decimals: 18, symbol: 'ETH' })
    await adapter.connect({ connectorId: RDNS })
    await wallet.request({
      method: 'eth_sendTransaction',
      params: [{ from: ANVIL_ADDRESSES[0], to: address, value: `0x${parseEther('2').toString(16)}` }],
    })
    const after = await adapter.getBalance({ address, network: networkA })
    expect(after.value).toBe(parseEther('10002'))
  })
})

describe('getAddressExplorerUrl', () => {
  it('links to the address page of the network explorer, when there is one', () => {
    setup()
    const address = ANVIL_ADDRESSES[0]!
    expect(adapter.getAddressExplorerUrl?.({ address, network: networkA })).toBe(
      `https://explorer.example/address/${address}`,
    )
    const { blockExplorers: _, ...withoutExplorer } = networkA
    expect(adapter.getAddressExplorerUrl?.({ address, network: withoutExplorer })).toBeUndefined()
  })
})
