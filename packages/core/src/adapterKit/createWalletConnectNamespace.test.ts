import { describe, expect, test } from 'vitest'
import { NotConnectedError, ProviderTimeoutError, UnrecognizedChainError } from '../errors/base.js'
import { testNetwork } from '../testing/fakeAdapter.testkit.js'
import type {
  WalletConnect,
  WalletConnectEvent,
  WalletConnectNamespaceRequest,
} from '../walletConnect/types.js'
import type { AdapterContext, AdapterEvent } from './contract.js'
import { createWalletConnectNamespace } from './createWalletConnectNamespace.js'

// A made-up namespace with lower-case hex addresses; the site writes them upper-case on its chains.
const HOME = testNetwork('aa', 'polkadot', 'Home')
const AWAY = testNetwork('bb', 'polkadot', 'Away')
const A = 'a1'
const B = 'b2'

/** A WalletConnect service holding a session the test writes, answering requests as told. */
function scriptedService() {
  let accounts: string[] | undefined
  const listeners = new Set<(event: WalletConnectEvent) => void>()
  const registered: [string, WalletConnectNamespaceRequest][] = []
  const requests: { chainId: string; method: string; params?: unknown }[] = []
  let answer: (method: string) => Promise<unknown> = async () => ({ ok: true })
  let stored: string[] | undefined
  const service: WalletConnect = {
    registerNamespace: (namespace, request) => void registered.push([namespace, request]),
    connect: async () => ({ accounts: accounts ?? [], peer: { name: 'Phone', icons: [] } }),
    reconnect: async () => {
      accounts = stored
      return accounts && { accounts, peer: { name: 'Phone', icons: [] } }
    },
    getSession: () => accounts && { accounts, peer: { name: 'Phone', icons: [] } },
    request: async (request) => {
      requests.push(request)
      return answer(request.method)
    },
    disconnect: async () => {
      accounts = undefined
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  return {
    service,
    registered,
    requests,
    listeners,
    approve: (next: string[]) => {
      accounts = next
      stored = next
    },
    emit: (event: WalletConnectEvent) => {
      if (event.type === 'accountsChanged') accounts = [...event.accounts]
      for (const listener of listeners) listener(event)
    },
    reload: () => {
      accounts = undefined
    },
    answerWith: (next: (method: string) => Promise<unknown>) => {
      answer = next
    },
  }
}

/** A call bounded the way adapters bound theirs, with the request's name in the error. */
async function boundedCall<T>(request: string, run: () => Promise<T>, options: { timeoutMs: number }) {
  let timer: ReturnType<typeof setTimeout> | undefined
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ProviderTimeoutError({ timeoutMs: options.timeoutMs, details: request })),
      options.timeoutMs,
    )
  })
  try {
    return await Promise.race([run(), bound])
  } finally {
    clearTimeout(timer)
  }
}

function setup(networks = [HOME, AWAY]) {
  const wallet = scriptedService()
  const events: AdapterEvent[] = []
  const context: AdapterContext = {
    networks: () => networks,
    storage: { getItem: () => null, setItem: () => {}, removeItem: () => {} },
    emit: (event) => events.push(event),
    logger: { debug: () => {}, warn: () => {}, error: () => {} },
    isBrowser: true,
  }
  const session = createWalletConnectNamespace({
    namespace: 'polkadot',
    service: wallet.service,
    context,
    methods: ['polkadot_signMessage'],
    isAddress: (address) => /^[0-9a-f]{2}$/.test(address),
    formatAddress: (address, network) => (network ? address.toUpperCase() : address),
    sameAddress: (x, y) => x.toLowerCase() === y.toLowerCase(),
    call: boundedCall,
    promptTimeoutMs: 50,
  })
  session.start()
  return { wallet, events, session }
}

describe('createWalletConnectNamespace', () => {
  test('registers the namespace on the site’s networks and offers the WALLET_CONNECT connector', () => {
    const { wallet, session } = setup()
    expect(wallet.registered).toEqual([
      ['polkadot', { chains: ['polkadot:aa', 'polkadot:bb'], methods: ['polkadot_signMessage'], events: [] }],
    ])
    expect(session.connector).toMatchObject({
      id: 'walletConnect',
      type: 'WALLET_CONNECT',
      namespace: 'polkadot',
    })
  })

  test('connects the session’s accounts of the namespace on the asked network, written the site’s way', async () => {
    const { wallet, session } = setup()
    wallet.approve([
      'eip155:1:0x1111111111111111111111111111111111111111',
      `polkadot:aa:${A}`,
      'polkadot:bb:zz',
      `polkadot:bb:${B}`,
      `polkadot:bb:${A}`,
    ])
    expect(await session.connect(AWAY)).toEqual({
      address: B.toUpperCase(),
      accounts: [B.toUpperCase(), A.toUpperCase()],
      chainId: 'bb',
    })
    // Asked for a network it has no account on: the first configured one it has.
    expect(await session.connect(testNetwork('cc', 'polkadot'))).toMatchObject({ chainId: 'aa' })
  })

  test('connects on a chain the site did not configure when the session has only that (UnsupportedChain in core)', async () => {
    const { wallet, session } = setup()
    wallet.approve([`polkadot:ff:${A}`])
    expect(await session.connect(HOME)).toEqual({ address: A, accounts: [A], chainId: 'ff' })
    expect(session.require().network).toBeUndefined()
  })

  test('refuses without a session, and a session without an account of the namespace', async () => {
    const { wallet, session } = setup()
    await expect(session.connect(HOME)).rejects.toBeInstanceOf(NotConnectedError)
    wallet.approve(['eip155:1:0x1111111111111111111111111111111111111111'])
    await expect(session.connect(HOME)).rejects.toMatchObject({ name: 'InvalidResponseError' })
    expect(() => session.require()).toThrow(NotConnectedError)
  })

  test('requests name the connection’s chain (or the one given) and are bounded', async () => {
    const { wallet, session } = setup()
    wallet.approve([`polkadot:aa:${A}`])
    await session.connect(HOME)
    await session.request('polkadot_signMessage', { message: 'hi' })
    await session.request('polkadot_signMessage', {}, 'polkadot:bb')
    expect(wallet.requests.map((request) => request.chainId)).toEqual(['polkadot:aa', 'polkadot:bb'])
    wallet.answerWith(() => new Promise(() => {}))
    await expect(session.request('polkadot_signMessage', {})).rejects.toBeInstanceOf(ProviderTimeoutError)
  })

  test('require checks the account is still shared, the way the adapter compares addresses', async () => {
    const { wallet, session } = setup()
    wallet.approve([`polkadot:aa:${A}`])
    await session.connect(HOME)
    expect(session.require(A).addresses).toEqual([A.toUpperCase()])
    expect(() => session.require(B)).toThrow(/no longer exposes this account/)
  })

  test('switches among the session’s chains and refuses one outside it, naming what the session approved', async () => {
    const { wallet, session, events } = setup()
    wallet.approve([`polkadot:aa:${A}`, `polkadot:bb:${B}`])
    await session.connect(HOME)
    session.switchNetwork(AWAY)
    expect(events).toEqual([
      { type: 'chainChanged', connectorId: 'walletConnect', chainId: 'bb' },
      { type: 'accountsChanged', connectorId: 'walletConnect', accounts: [B.toUpperCase()] },
    ])
    const other = testNetwork('cc', 'polkadot', 'Other')
    expect(() => session.switchNetwork(other)).toThrow(UnrecognizedChainError)
    expect(() => session.switchNetwork(other)).toThrow(
      expect.objectContaining({
        details: expect.stringContaining('it approved polkadot:aa, polkadot:bb'),
      }),
    )
  })

  test('selects another shared account, which then comes first', async () => {
    const { wallet, session, events } = setup()
    wallet.approve([`polkadot:aa:${A}`, `polkadot:aa:${B}`])
    await session.connect(HOME)
    session.selectAccount(B)
    expect(events).toEqual([
      { type: 'accountsChanged', connectorId: 'walletConnect', accounts: [B.toUpperCase(), A.toUpperCase()] },
    ])
    expect(() => session.selectAccount('cc')).toThrow(/no longer exposes/)
  })

  test('follows the wallet: new accounts, a move to another chain, other namespaces ignored, the end of the session', async () => {
    const { wallet, session, events } = setup()
    wallet.approve([`polkadot:aa:${A}`])
    await session.connect(HOME)
    wallet.emit({
      type: 'accountsChanged',
      accounts: ['eip155:1:0x2222222222222222222222222222222222222222'],
    })
    wallet.emit({ type: 'accountsChanged', accounts: [`polkadot:aa:${B}`] })
    wallet.emit({ type: 'accountsChanged', accounts: [`polkadot:ff:${B}`] })
    wallet.emit({ type: 'disconnect' })
    expect(events).toEqual([
      { type: 'accountsChanged', connectorId: 'walletConnect', accounts: [B.toUpperCase()] },
      { type: 'chainChanged', connectorId: 'walletConnect', chainId: 'ff' },
      { type: 'accountsChanged', connectorId: 'walletConnect', accounts: [B] },
      { type: 'disconnect', connectorId: 'walletConnect' },
    ])
    expect(() => session.require()).toThrow(NotConnectedError)
  })

  test('reconnects from the stored session on the chain it was on; nothing when none was stored', async () => {
    const { wallet, session } = setup()
    expect(await session.reconnect(1_000)).toBeUndefined()
    wallet.approve([`polkadot:aa:${A}`, `polkadot:bb:${A}`])
    await session.connect(AWAY)
    wallet.reload()
    expect(await session.reconnect(1_000)).toMatchObject({ chainId: 'bb', address: A.toUpperCase() })
  })

  test('disconnect ends the session; destroy stops following it', async () => {
    const { wallet, session } = setup()
    wallet.approve([`polkadot:aa:${A}`])
    await session.connect(HOME)
    await session.disconnect()
    expect(wallet.service.getSession()).toBeUndefined()
    session.destroy()
    expect(wallet.listeners.size).toBe(0)
  })
})
