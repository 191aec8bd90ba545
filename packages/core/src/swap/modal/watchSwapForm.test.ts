// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SwapToken } from '../../api/swapSchemas.js'
import { connect } from '../../connection/connect.js'
import { initialize } from '../../initialize.js'
import { goBack } from '../../modal/goBack.js'
import { navigate } from '../../modal/navigate.js'
import { fakeAdapter, flush, setup, testConnector } from '../../testing/fakeAdapter.testkit.js'
import {
  connectedSwapAccount,
  openSwap,
  refusal,
  SWAP_TOKENS,
  startSwapTestServer,
  until,
} from '../../testing/swapServer.testkit.js'
import { setSwapAmount } from '../setSwapAmount.js'
import { setSwapToken } from '../setSwapToken.js'
import { toSwapFormToken } from '../swapAmounts.js'
import type { SwapQuoteRequest, SwapService } from '../swapService.js'
import { SWAP_QUOTE_DEBOUNCE_MS, startSwapForm } from './watchSwapForm.js'

const { ETH, PUSD, PTK } = SWAP_TOKENS
const formToken = (token: SwapToken) => toSwapFormToken(token)

describe('setting the swap form up (SPEC §4 Swap: initialises once)', () => {
  let server: Awaited<ReturnType<typeof startSwapTestServer>>
  beforeEach(async () => {
    server = await startSwapTestServer()
  })
  afterEach(() => server.close())

  it('loads the token list, the prices and the balances, then sources the network token with amount 1', async () => {
    const { portico } = await connectedSwapAccount(server)
    startSwapForm(portico)
    openSwap(portico)
    await until(() => portico.state.swap.initialized, 'the swap form to be set up')
    const { swap } = portico.state
    expect(swap.sourceToken?.symbol).toBe('ETH')
    expect(swap.sourceTokenAmount).toBe('1')
    expect(swap.toToken).toBeUndefined()
    expect(swap.networkPrice).toBe(2000)
    expect(swap.networkTokenSymbol).toBe('ETH')
    expect(swap.tokensPriceMap).toEqual({ native: 2000, [PUSD.address]: 1, [PTK.address]: 0.5 })
    expect(swap.popularTokens.map((token) => token.symbol)).toEqual(['ETH', 'PTK', 'PUSD'])
    expect(
      swap.myTokensWithBalance.map((token) => [token.symbol, token.quantity.numeric, token.price]),
    ).toEqual([
      ['ETH', '1.2345', 2000],
      ['PUSD', '100', 1],
    ])
    expect(server.swapRequests('prices')[0]?.query.tokens).toBe(`native,${PUSD.address},${PTK.address}`)
  })

  it('initialises once: going to the token list and back asks for nothing again', async () => {
    const { portico } = await connectedSwapAccount(server)
    startSwapForm(portico)
    openSwap(portico)
    await until(() => portico.state.swap.initialized)
    navigate(portico, { view: 'SwapSelectToken', params: { side: 'to' } })
    goBack(portico)
    await flush()
    expect(server.swapRequests('tokens')).toHaveLength(1)
    expect(portico.state.swap.sourceTokenAmount).toBe('1')
  })

  it("shows 'Failed to initialize swap' and goes back when the token list cannot be loaded", async () => {
    server.script.override.tokens = () => refusal(502, 'UPSTREAM_ERROR')
    const { portico } = await connectedSwapAccount(server)
    startSwapForm(portico)
    navigate(portico, { view: 'Account' })
    openSwap(portico)
    await until(() => portico.state.toast.current?.message.key === 'swapInitFailed')
    expect(portico.state.toast.current).toMatchObject({
      message: { key: 'swapInitFailed' },
      variant: 'error',
    })
    expect(portico.state.router.route.view).toBe('Account')
  })

  it("shows 'Failed to fetch network token price' and carries on without it", async () => {
    server.script.override.prices = () => refusal(502, 'UPSTREAM_ERROR')
    const { portico } = await connectedSwapAccount(server)
    startSwapForm(portico)
    openSwap(portico)
    await until(() => portico.state.swap.initialized)
    expect(portico.state.toast.current?.message).toEqual({ key: 'swapNetworkPriceFailed' })
    expect(portico.state.swap.networkPrice).toBe(0)
    expect(portico.state.router.route.view).toBe('Swap')
  })

  it('sets the form up again for another account', async () => {
    const { portico } = await connectedSwapAccount(server)
    startSwapForm(portico)
    openSwap(portico)
    await until(() => portico.state.swap.initialized)
    const account = portico.state.chains.eip155!.accountState
    account.caipAddress = 'eip155:1:0x3333333333333333333333333333333333333333'
    account.address = '0x3333333333333333333333333333333333333333'
    await until(() => server.swapRequests('tokens').length === 2)
    expect(server.swapRequests('tokens')[1]?.query.address).toBe('0x3333333333333333333333333333333333333333')
  })
})

describe('quotes (SPEC §4: each change of token or amount fetches a quote)', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  /** A site's own swap service that records the quotes asked for and lets the test answer each. */
  function scriptedService() {
    const quotes: (SwapQuoteRequest & { resolve: (toAmount: string) => void })[] = []
    const service: SwapService = {
      getTokens: async () => [
        { ...ETH, balance: '1.2345' },
        { ...PUSD, balance: '100' },
        { ...PTK, balance: '0' },
      ],
      getPrices: async () => ({ native: 2000 }),
      getQuote: (request) =>
        new Promise((resolve) =>
          quotes.push({
            ...request,
            resolve: (toAmount) =>
              resolve({
                from: request.from,
                to: request.to,
                fromAmount: request.amount,
                swapAmount: request.amount,
                toAmount,
                minimumReceived: toAmount,
                slippage: 1,
                priceImpact: 0.1,
                route: { provider: 'site', path: [], pools: [] },
                spender: PUSD.address,
              }),
          }),
        ),
      getAllowance: async () => ({ spender: PUSD.address, allowance: null, sufficient: true }),
      getApproval: async () => {
        throw new Error('not needed')
      },
      getCalldata: async (request) => ({
        tx: {
          from: PUSD.address,
          to: PUSD.address,
          data: '0x01',
          value: '0',
          eip155: { gas: '100000', gasPrice: '1000000000' },
        },
        quote: {
          from: request.from,
          to: request.to,
          fromAmount: request.amount,
          swapAmount: request.amount,
          toAmount: String(Number(request.amount) * 2000),
          minimumReceived: '1',
          slippage: 1,
          priceImpact: 0.1,
          route: { provider: 'site', path: [], pools: [] },
          spender: PUSD.address,
        },
        deadline: 1,
      }),
      getGasPrice: async () => 1n,
    }
    return { service, quotes }
  }

  async function siteWithService(service: SwapService) {
    const { factory } = fakeAdapter('eip155', [testConnector('io.metamask')], { send: true })
    const { portico } = await setup({ adapters: [factory], services: { swap: service } })
    await initialize(portico)
    await connect(portico, { connectorId: 'io.metamask' })
    portico.state.chains.eip155!.accountState.balance = '1.2345'
    startSwapForm(portico)
    openSwap(portico)
    await vi.waitFor(() => expect(portico.state.swap.initialized).toBe(true))
    return portico
  }

  it(`asks once typing pauses for ${SWAP_QUOTE_DEBOUNCE_MS} ms, for what the form says last`, async () => {
    const { service, quotes } = scriptedService()
    const portico = await siteWithService(service)
    vi.useFakeTimers()
    setSwapToken(portico, { side: 'to', token: formToken(PUSD) })
    setSwapAmount(portico, { amount: '0' })
    vi.advanceTimersByTime(100)
    setSwapAmount(portico, { amount: '0.' })
    vi.advanceTimersByTime(100)
    setSwapAmount(portico, { amount: '0.5' })
    vi.advanceTimersByTime(SWAP_QUOTE_DEBOUNCE_MS - 1)
    expect(quotes).toHaveLength(0)
    vi.advanceTimersByTime(1)
    expect(quotes.map((quote) => [quote.from, quote.to, quote.amount])).toEqual([
      ['native', PUSD.address, '0.5'],
    ])
    vi.useRealTimers()
    quotes[0]!.resolve('1000')
    await vi.waitFor(() => expect(portico.state.swap.toTokenAmount).toBe('1000'))
    expect(portico.state.swap.swapTransaction).toMatchObject({ data: '0x01', gas: 100_000n })
    expect(portico.state.swap.gasFee).toBe(100_000n * 1_000_000_000n)
  })

  it('drops the answer to a quote for an amount the form no longer says', async () => {
    const { service, quotes } = scriptedService()
    const portico = await siteWithService(service)
    vi.useFakeTimers()
    setSwapToken(portico, { side: 'to', token: formToken(PUSD) })
    vi.advanceTimersByTime(SWAP_QUOTE_DEBOUNCE_MS)
    setSwapAmount(portico, { amount: '0.25' })
    vi.advanceTimersByTime(SWAP_QUOTE_DEBOUNCE_MS)
    expect(quotes.map((quote) => quote.amount)).toEqual(['1', '0.25'])
    vi.useRealTimers()
    quotes[1]!.resolve('500')
    await vi.waitFor(() => expect(portico.state.swap.toTokenAmount).toBe('500'))
    quotes[0]!.resolve('2000')
    await flush()
    await flush()
    expect(portico.state.swap.toTokenAmount).toBe('500')
  })

  it('asks nothing while the amount is not a number above zero (SPEC §5)', async () => {
    const { service, quotes } = scriptedService()
    const portico = await siteWithService(service)
    vi.useFakeTimers()
    setSwapToken(portico, { side: 'to', token: formToken(PUSD) })
    setSwapAmount(portico, { amount: '0' })
    vi.advanceTimersByTime(SWAP_QUOTE_DEBOUNCE_MS * 2)
    expect(quotes).toHaveLength(0)
  })

  it('stops asking when the modal leaves the swap views', async () => {
    const { service, quotes } = scriptedService()
    const portico = await siteWithService(service)
    vi.useFakeTimers()
    setSwapToken(portico, { side: 'to', token: formToken(PUSD) })
    navigate(portico, { view: 'Account' })
    vi.advanceTimersByTime(SWAP_QUOTE_DEBOUNCE_MS * 2)
    expect(quotes).toHaveLength(0)
  })
})
