import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import type { TokenBalance } from '../api/schemas.js'
import { ChainNotServedError } from '../api/services.js'
import { connect } from '../connection/connect.js'
import { disconnect } from '../connection/disconnect.js'
import { selectWallet } from '../connection/modal/selectWallet.js'
import { openModal } from '../modal/openModal.js'
import { switchNetwork } from '../network/switchNetwork.js'
import { dismissToast } from '../notices/showToast.js'
import type { Portico } from '../portico.js'
import { createMemoryStorage } from '../storage/storage.js'
import { startTestApiServer, type TestReply } from '../testing/apiTestServer.testkit.js'
import {
  type FakeAdapterHandle,
  fakeAdapter,
  flush,
  setup,
  testConnector,
  testNetwork,
} from '../testing/fakeAdapter.testkit.js'
import type { PortfolioService } from './portfolioService.js'
import { BALANCE_RETRY_GUARD_MS, PORTFOLIO_CACHE_MS, refreshTokenBalances } from './refreshTokenBalances.js'
import { getTokenBalances } from './tokenBalances.js'

const ADDRESS = '0x1111111111111111111111111111111111111111'
const T0 = Date.UTC(2026, 0, 1)

const eth = (chainId = 'eip155:1'): TokenBalance => ({
  name: 'Ether',
  symbol: 'ETH',
  chainId,
  value: 3000.5,
  price: 2000,
  quantity: { decimals: '18', numeric: '1.50025' },
})
const usdc = (chainId = 'eip155:1'): TokenBalance => ({
  name: 'USD Coin',
  symbol: 'USDC',
  chainId,
  address: `${chainId}:0x00000000000000000000000000000000000000aa`,
  value: 12.5,
  price: 1,
  quantity: { decimals: '6', numeric: '12.5' },
})
const zeroDecimals: TokenBalance = {
  name: 'Spam',
  symbol: 'SPAM',
  chainId: 'eip155:1',
  address: 'eip155:1:0x00000000000000000000000000000000000000bb',
  value: 0,
  price: 0,
  quantity: { decimals: '0', numeric: '1000' },
}

let server: Awaited<ReturnType<typeof startTestApiServer>>
// The refresh code is a chunk loaded on the first refresh (refreshAccountAssets.test.ts tests that
// load); loaded here first, so `settled` below does not pass before a refresh has even started.
beforeAll(() => import('./refreshAccountAssetsNow.js'))
beforeEach(async () => {
  server = await startTestApiServer()
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(T0)
})
afterEach(async () => {
  vi.useRealTimers()
  await server.close()
})

const balances = (...list: TokenBalance[]): TestReply => ({ status: 200, body: { balances: list } })
const down: TestReply = { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'down' } } }

async function connected(
  overrides: Parameters<typeof setup>[0] & { noServer?: boolean } = {},
  settle = true,
) {
  const { noServer, ...rest } = overrides
  const test = await setup(noServer ? rest : { apiUrl: server.url, projectId: 'p1', ...rest })
  announce(test.handle)
  await connect(test.portico, { connectorId: 'io.metamask' })
  await flush()
  if (settle) await settled(test.portico)
  return test
}
/** Waits until no balance fetch is on its way. */
const settled = (portico: Portico) =>
  vi.waitFor(() => expect(portico.state.chains.eip155?.accountState.balanceLoading).toBe(false))
/** The wallet announces itself, as an adapter does in a browser. */
export function announce(handle: FakeAdapterHandle): void {
  handle.context?.emit({ type: 'connectors', connectors: handle.connectors })
}
const balanceRequests = () => server.requests.filter((request) => request.path.endsWith('/balance'))

describe('refreshTokenBalances', () => {
  test('fills the tokens from the server after connecting: native first, no zero-decimal tokens', async () => {
    server.reply(() => balances(usdc(), zeroDecimals, eth(), usdc('eip155:10')))
    const { portico } = await connected()
    expect(balanceRequests()).toEqual([
      {
        method: 'GET',
        path: `/v1/account/${ADDRESS}/balance`,
        query: { projectId: 'p1', chainId: 'eip155:1' },
        body: '',
      },
    ])
    const info = getTokenBalances(portico)
    expect(info.tokens.map((token) => token.symbol)).toEqual(['ETH', 'USDC'])
    expect(info.totalValue).toBe(3013)
    expect(info.portfolio).toBe(true)
    expect(info.loading).toBe(false)
    expect(portico.state.chains.eip155?.accountState.tokenBalance[0]?.quantity.numeric).toBe('1.50025')
  })

  test('the native row takes the network’s own name and symbol, as the Account view’s balance does', async () => {
    server.reply(() => balances({ ...eth(), name: 'Bitcoin', symbol: 'BTC' }, usdc()))
    const { portico } = await connected()
    const [native, token] = getTokenBalances(portico).tokens
    const { name, symbol } = portico.state.networks.find(
      (network) => network.caipNetworkId === 'eip155:1',
    )!.nativeCurrency
    expect(native).toMatchObject({ name, symbol, price: 2000 })
    expect(symbol).not.toBe('BTC')
    expect(token).toMatchObject({ symbol: 'USDC' })
  })

  test('connecting with the modal open asks the server once', async () => {
    server.reply(() => balances(eth()))
    const test = await setup({ apiUrl: server.url, projectId: 'p1' })
    announce(test.handle)
    openModal(test.portico)
    await selectWallet(test.portico, { connectorId: 'io.metamask' })
    expect(test.portico.state.router.route.view).toBe('Account')
    await settled(test.portico)
    expect(balanceRequests()).toHaveLength(1)
    expect(getTokenBalances(test.portico).tokens).toHaveLength(1)
  })

  test('without a server, the native balance from the wallet alone, at price 0, and no request', async () => {
    const { portico } = await connected({ noServer: true })
    expect(server.requests).toEqual([])
    const info = getTokenBalances(portico)
    expect(info.tokens).toEqual([
      {
        name: 'Ether',
        symbol: 'ETH',
        chainId: 'eip155:1',
        value: 0,
        price: 0,
        quantity: { decimals: '18', numeric: '1.2345' },
      },
    ])
    expect(info.totalValue).toBeUndefined()
    expect(info.portfolio).toBe(false)
  })

  test('without a server, an adapter that reads token balances lists them after the native one', async () => {
    const test = await setup({})
    let fail = false
    test.handle.adapter!.getTokenBalances = async ({ address, network }) => {
      if (fail) throw new Error('the node is down')
      expect([address, network.caipNetworkId]).toEqual([ADDRESS, 'eip155:1'])
      return [
        {
          token: '0x00000000000000000000000000000000000000aa',
          name: 'USD Coin',
          symbol: 'USDC',
          decimals: 6,
          value: 12_500_000n,
        },
        {
          token: '0x00000000000000000000000000000000000000bb',
          name: 'Spam',
          symbol: 'SPAM',
          decimals: 0,
          value: 1n,
        },
        // An adapter's bad answer is left out rather than shown wrong.
        {
          token: '0x00000000000000000000000000000000000000cc',
          name: 'Bad',
          symbol: 'BAD',
          decimals: 1.5,
          value: 1n,
        },
      ]
    }
    announce(test.handle)
    await connect(test.portico, { connectorId: 'io.metamask' })
    await flush()
    await settled(test.portico)
    expect(server.requests).toEqual([])
    expect(getTokenBalances(test.portico).tokens.map((listed) => listed.symbol)).toEqual(['ETH', 'USDC'])
    expect(getTokenBalances(test.portico).tokens[1]).toMatchObject({
      chainId: 'eip155:1',
      address: 'eip155:1:0x00000000000000000000000000000000000000aa',
      price: 0,
      quantity: { decimals: '6', numeric: '12.5' },
    })

    // A failure keeps the native balance on view and says so, like a server failure.
    fail = true
    await refreshTokenBalances(test.portico, { force: true })
    expect(getTokenBalances(test.portico).tokens.map((listed) => listed.symbol)).toEqual(['ETH'])
    expect(test.portico.state.toast.current?.message).toEqual({ key: 'tokenBalanceUnavailable' })
  })

  test('balanceLoading is set while fetching', async () => {
    let release: () => void = () => {}
    server.reply(() => new Promise<TestReply>((resolve) => (release = () => resolve(balances(eth())))))
    const { portico } = await connected({}, false)
    await vi.waitFor(() => expect(balanceRequests()).toHaveLength(1))
    expect(getTokenBalances(portico).loading).toBe(true)
    expect(portico.state.chains.eip155?.accountState.balanceLoading).toBe(true)
    release()
    await vi.waitFor(() => expect(getTokenBalances(portico).tokens).toHaveLength(1))
    expect(getTokenBalances(portico).loading).toBe(false)
  })

  test('a failure stores lastRetry, toasts once, keeps the native balance and refuses a retry for 30 s', async () => {
    server.reply(() => down)
    const { portico } = await connected()
    const account = portico.state.chains.eip155?.accountState
    const failedAt = account?.lastRetry ?? Number.NaN
    expect(failedAt).toBeGreaterThanOrEqual(T0)
    expect(portico.state.toast.current).toMatchObject({
      message: { key: 'tokenBalanceUnavailable' },
      variant: 'error',
    })
    expect(getTokenBalances(portico)).toMatchObject({ retryAllowedAt: failedAt + BALANCE_RETRY_GUARD_MS })
    expect(
      getTokenBalances(portico).tokens.map((token) => [token.symbol, token.quantity.numeric, token.price]),
    ).toEqual([['ETH', '1.2345', 0]])
    dismissToast(portico)

    vi.setSystemTime(failedAt + BALANCE_RETRY_GUARD_MS - 1)
    await refreshTokenBalances(portico, { force: true })
    expect(balanceRequests()).toHaveLength(1)

    vi.setSystemTime(failedAt + BALANCE_RETRY_GUARD_MS)
    await refreshTokenBalances(portico, { force: true })
    expect(balanceRequests()).toHaveLength(2)
    // still failing: the guard starts again, the toast is not repeated
    expect(account?.lastRetry).toBe(failedAt + BALANCE_RETRY_GUARD_MS)
    expect(portico.state.toast.current).toBeUndefined()

    server.reply(() => balances(eth(), usdc()))
    vi.setSystemTime(failedAt + 2 * BALANCE_RETRY_GUARD_MS)
    await refreshTokenBalances(portico)
    expect(balanceRequests()).toHaveLength(3)
    expect(account?.lastRetry).toBeUndefined()
    expect(getTokenBalances(portico).tokens).toHaveLength(2)
  })

  test('with the Tokens tab on view the failure is said there only: no toast on top of it', async () => {
    server.reply(() => down)
    const test = await setup({ apiUrl: server.url, projectId: 'p1', keepOpenAfterConnect: true })
    announce(test.handle)
    openModal(test.portico)
    await selectWallet(test.portico, { connectorId: 'io.metamask' })
    await flush()
    await settled(test.portico)
    expect(test.portico.state.router.route.view).toBe('Account')
    expect(test.portico.state.chains.eip155?.accountState.lastRetry).toBeGreaterThanOrEqual(T0)
    expect(getTokenBalances(test.portico).retryAllowedAt).toBeDefined()
    expect(test.portico.state.toast.current).toBeUndefined()
  })

  test('a response that breaks the contract counts as a failure', async () => {
    server.reply(() => ({
      status: 200,
      body: { balances: [{ ...eth(), quantity: { decimals: '18', numeric: '1e3' } }] },
    }))
    const { portico } = await connected()
    expect(portico.state.chains.eip155?.accountState.lastRetry).toBeGreaterThanOrEqual(T0)
    expect(portico.state.toast.current?.message).toEqual({ key: 'tokenBalanceUnavailable' })
    expect(getTokenBalances(portico).tokens.map((token) => token.price)).toEqual([0])
  })

  test('uses the 30 s portfolio cache, also after a reload, unless forced', async () => {
    server.reply(() => balances(eth(), usdc()))
    const storage = createMemoryStorage()
    const { portico } = await connected({ storage })
    expect(balanceRequests()).toHaveLength(1)
    vi.setSystemTime(T0 + PORTFOLIO_CACHE_MS - 1)
    await refreshTokenBalances(portico)
    expect(balanceRequests()).toHaveLength(1)
    await refreshTokenBalances(portico, { force: true })
    expect(balanceRequests()).toHaveLength(2)

    // A reload: a new instance on the same storage shows the balances at once.
    const reloaded = await setup({ apiUrl: server.url, projectId: 'p1', storage })
    announce(reloaded.handle)
    server.reply(() => 'hang')
    await connect(reloaded.portico, { connectorId: 'io.metamask' })
    expect(reloaded.portico.state.chains.eip155?.accountState.balanceLoading).toBe(false)
    expect(getTokenBalances(reloaded.portico).tokens.map((token) => token.symbol)).toEqual(['ETH', 'USDC'])
    expect(balanceRequests()).toHaveLength(2)

    vi.setSystemTime(T0 + PORTFOLIO_CACHE_MS - 1 + PORTFOLIO_CACHE_MS)
    server.reply(() => balances(eth()))
    await refreshTokenBalances(reloaded.portico)
    expect(balanceRequests()).toHaveLength(3)
    expect(getTokenBalances(reloaded.portico).tokens).toHaveLength(1)
  })

  test('without a server the native balance is cached for 30 s', async () => {
    const storage = createMemoryStorage()
    const { portico, handle } = await connected({ noServer: true, storage })
    const reads = () => handle.calls.filter((call) => call.method === 'getBalance').length
    const before = reads()
    await refreshTokenBalances(portico)
    expect(reads()).toBe(before)
    vi.setSystemTime(T0 + 30_000)
    await refreshTokenBalances(portico)
    expect(reads()).toBe(before + 1)
  })

  test('a reply for a network that is no longer active is dropped', async () => {
    let release: () => void = () => {}
    server.reply((request) =>
      request.query.chainId === 'eip155:1'
        ? new Promise<TestReply>((resolve) => (release = () => resolve(balances(eth(), usdc()))))
        : balances(eth('eip155:10')),
    )
    const { portico } = await connected({}, false)
    await vi.waitFor(() => expect(balanceRequests()).toHaveLength(1))
    await switchNetwork(portico, { networkId: 'eip155:10' })
    await vi.waitFor(() => expect(getTokenBalances(portico).tokens[0]?.chainId).toBe('eip155:10'))
    release()
    await vi.waitFor(() => expect(balanceRequests()).toHaveLength(2))
    await settled(portico)
    // the old reply has been answered and read by now; it changed nothing
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(getTokenBalances(portico).tokens.map((token) => token.chainId)).toEqual(['eip155:10'])
  })

  test('balances are gone after disconnecting', async () => {
    server.reply(() => balances(eth()))
    const { portico } = await connected()
    expect(getTokenBalances(portico).tokens).toHaveLength(1)
    await disconnect(portico)
    expect(getTokenBalances(portico).tokens).toEqual([])
  })
})

const POLKADOT_ADDRESS = '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5'
const unsupportedChain = (chainId: string): TestReply => ({
  status: 400,
  body: { error: { code: 'UNSUPPORTED_CHAIN', message: `This server has no chain ${chainId}.` } },
})

/** A site on Ethereum and Polkadot with a wallet in each, connected to both. */
async function evmAndPolkadot(overrides: Parameters<typeof setup>[0] = {}) {
  const evm = fakeAdapter('eip155')
  const dot = fakeAdapter('polkadot', [testConnector('app.talisman', { namespace: 'polkadot' })])
  dot.handle.nextConnect = { address: POLKADOT_ADDRESS, accounts: [POLKADOT_ADDRESS], chainId: 'relay' }
  const test = await setup({
    networks: [testNetwork(1, 'eip155', 'Ethereum'), testNetwork('relay', 'polkadot', 'Polkadot')],
    adapters: [evm.factory, dot.factory],
    ...overrides,
  })
  announce(evm.handle)
  announce(dot.handle)
  await connect(test.portico, { connectorId: 'io.metamask' })
  await flush()
  await settled(test.portico)
  await switchNetwork(test.portico, { networkId: 'polkadot:relay' })
  await connect(test.portico, { connectorId: 'app.talisman', namespace: 'polkadot' })
  await flush()
  await vi.waitFor(() => expect(test.portico.state.chains.polkadot?.accountState.balanceLoading).toBe(false))
  return { ...test, evm: evm.handle, dot: dot.handle }
}

describe('portfolio service', () => {
  test("a site's own service replaces the server's: its balances, and no request to the server", async () => {
    const asked: string[] = []
    const portfolio: PortfolioService = {
      getBalances: async ({ address, network }) => {
        asked.push(`${network.caipNetworkId}:${address}`)
        return [eth(network.caipNetworkId), usdc(network.caipNetworkId)]
      },
    }
    const { portico } = await connected({ services: { portfolio } })
    expect(asked).toEqual([`eip155:1:${ADDRESS}`])
    expect(server.requests).toEqual([])
    expect(getTokenBalances(portico)).toMatchObject({ portfolio: true, totalValue: 3013 })
    expect(getTokenBalances(portico).tokens.map((token) => token.symbol)).toEqual(['ETH', 'USDC'])

    // It works without a server as well.
    const alone = await connected({ noServer: true, services: { portfolio } })
    expect(getTokenBalances(alone.portico).tokens.map((token) => token.symbol)).toEqual(['ETH', 'USDC'])
    expect(server.requests).toEqual([])
  })

  test('a network its supports() leaves out shows the wallet’s balance and is not asked', async () => {
    const asked: string[] = []
    const portfolio: PortfolioService = {
      supports: (network) => network.caipNetworkId === 'eip155:10',
      getBalances: async ({ network }) => {
        asked.push(network.caipNetworkId)
        return [eth(network.caipNetworkId)]
      },
    }
    const { portico } = await connected({ noServer: true, services: { portfolio } })
    expect(asked).toEqual([])
    expect(getTokenBalances(portico)).toMatchObject({ portfolio: false })
    expect(getTokenBalances(portico).tokens.map((token) => token.price)).toEqual([0])
    await switchNetwork(portico, { networkId: 'eip155:10' })
    await vi.waitFor(() => expect(getTokenBalances(portico).tokens[0]?.price).toBe(2000))
    expect(asked).toEqual(['eip155:10'])
    expect(getTokenBalances(portico).portfolio).toBe(true)
  })

  test('a supports() that throws reads as not served, and the wallet’s balance shows', async () => {
    const portfolio: PortfolioService = {
      supports: () => {
        throw new Error('the site’s bug')
      },
      getBalances: async () => [eth()],
    }
    const { portico } = await connected({ noServer: true, services: { portfolio } })
    expect(getTokenBalances(portico)).toMatchObject({ portfolio: false })
    expect(getTokenBalances(portico).tokens.map((token) => token.price)).toEqual([0])
  })

  test('an answer that breaks the server contract is a failure, as from the server', async () => {
    const portfolio: PortfolioService = {
      getBalances: async () => [{ ...eth(), quantity: { decimals: '18', numeric: '-1' } }],
    }
    const { portico } = await connected({ noServer: true, services: { portfolio } })
    expect(portico.state.toast.current?.message).toEqual({ key: 'tokenBalanceUnavailable' })
    expect(portico.state.chains.eip155?.accountState.lastRetry).toBeGreaterThanOrEqual(T0)
    expect(getTokenBalances(portico).tokens.map((token) => [token.symbol, token.price])).toEqual([['ETH', 0]])
  })

  test('ChainNotServedError from a service: the wallet’s balances, no toast, and that network is not asked again', async () => {
    let calls = 0
    const portfolio: PortfolioService = {
      getBalances: async ({ network }) => {
        calls++
        throw new ChainNotServedError(network.caipNetworkId)
      },
    }
    const { portico } = await connected({ noServer: true, services: { portfolio } })
    expect(calls).toBe(1)
    expect(portico.state.toast.current).toBeUndefined()
    expect(portico.state.chains.eip155?.accountState.lastRetry).toBeUndefined()
    expect(getTokenBalances(portico)).toMatchObject({ portfolio: false })
    expect(getTokenBalances(portico).tokens.map((token) => token.quantity.numeric)).toEqual(['1.2345'])
    await refreshTokenBalances(portico, { force: true })
    expect(calls).toBe(1)
  })

  test('a network the server refuses (UNSUPPORTED_CHAIN) falls back to the wallet without a toast, once a session', async () => {
    server.reply((request) =>
      request.query.chainId === 'eip155:10' ? unsupportedChain('eip155:10') : balances(eth(), usdc()),
    )
    const { portico } = await connected()
    expect(balanceRequests()).toHaveLength(1)
    await switchNetwork(portico, { networkId: 'eip155:10' })
    await vi.waitFor(() => expect(balanceRequests()).toHaveLength(2))
    await settled(portico)
    expect(getTokenBalances(portico)).toMatchObject({ portfolio: false, lastRetry: undefined })
    expect(getTokenBalances(portico).tokens.map((token) => [token.chainId, token.price])).toEqual([
      ['eip155:10', 0],
    ])
    expect(portico.state.toast.current).toBeUndefined()
    expect(portico.state.alert.current).toBeUndefined()

    // Not asked again: neither forced nor after switching away and back; the served network still is.
    await refreshTokenBalances(portico, { force: true })
    await switchNetwork(portico, { networkId: 'eip155:1' })
    await settled(portico)
    await refreshTokenBalances(portico, { force: true })
    await switchNetwork(portico, { networkId: 'eip155:10' })
    await settled(portico)
    expect(balanceRequests().map((request) => request.query.chainId)).toEqual([
      'eip155:1',
      'eip155:10',
      'eip155:1',
    ])
  })

  test('a namespace the server does not serve is asked once, then its balances come from the adapter', async () => {
    server.reply((request) =>
      request.query.chainId?.startsWith('polkadot:')
        ? unsupportedChain(request.query.chainId)
        : balances(eth()),
    )
    const { portico } = await evmAndPolkadot({ apiUrl: server.url, projectId: 'p1' })
    expect(balanceRequests().map((request) => request.query.chainId)).toEqual(['eip155:1', 'polkadot:relay'])
    expect(getTokenBalances(portico)).toMatchObject({ portfolio: false })
    expect(getTokenBalances(portico).tokens.map((token) => token.chainId)).toEqual(['polkadot:relay'])
    expect(portico.state.toast.current).toBeUndefined()

    await refreshTokenBalances(portico, { force: true })
    await switchNetwork(portico, { networkId: 'eip155:1' })
    await settled(portico)
    await switchNetwork(portico, { networkId: 'polkadot:relay' })
    await refreshTokenBalances(portico, { force: true })
    expect(balanceRequests().map((request) => request.query.chainId)).toEqual(['eip155:1', 'polkadot:relay'])
    expect(getTokenBalances(portico).tokens.map((token) => token.chainId)).toEqual(['polkadot:relay'])
  })
})
