import type { SwapToken } from '../api/swapSchemas.js'
import { connect } from '../connection/connect.js'
import { initialize } from '../initialize.js'
import { navigate } from '../modal/navigate.js'
import { openModal } from '../modal/openModal.js'
import type { Portico } from '../portico.js'
import type { RecordedRequest, TestReply } from './apiTestServer.testkit.js'
import { startTestApiServer } from './apiTestServer.testkit.js'
import { fakeAdapter, flush, setup, testConnector } from './fakeAdapter.testkit.js'

export const SWAP_ACCOUNT = '0x1111111111111111111111111111111111111111'
export const ROUTER = '0x2222222222222222222222222222222222222222'
export const SWAP_HASH = `0x${'cd'.repeat(32)}`

/** The swap tokens of eip155:1 in these tests: the native ETH, a 6-decimal dollar and an 18-decimal token. */
export const SWAP_TOKENS = {
  ETH: { address: 'native', chainId: 'eip155:1', name: 'Ether', symbol: 'ETH', decimals: 18 },
  PUSD: {
    address: '0xAaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    chainId: 'eip155:1',
    name: 'Portico USD',
    symbol: 'PUSD',
    decimals: 6,
  },
  PTK: {
    address: '0xBbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb',
    chainId: 'eip155:1',
    name: 'Portico Token',
    symbol: 'PTK',
    decimals: 18,
  },
} as const satisfies Record<string, SwapToken>

/** What the test server answers for each swap route; each may be replaced by a test. */
export interface SwapServerScript {
  /** Balances by token id, whole tokens; a token left out is not held. */
  balances: Record<string, string>
  /** USD prices by token id; a token left out has none. */
  prices: Record<string, number>
  /** The token ids whose allowance covers any amount. */
  approved: Set<string>
  /** Multiplies the source amount into the target amount. */
  rate: (from: string, to: string) => number
  /** An override for a route (`tokens`, `prices`, `quote`, `allowance`, `approve`, `calldata`, `gas-price`). */
  override: Partial<Record<string, (request: RecordedRequest) => TestReply | Promise<TestReply>>>
}

const tokenById = (id: string) =>
  Object.values(SWAP_TOKENS).find((token) => token.address.toLowerCase() === id.toLowerCase())

const tx = (data: string, value = '0', gas = '120000') => ({
  from: SWAP_ACCOUNT,
  to: ROUTER,
  data,
  value,
  eip155: { gas, gasPrice: '1000000000' },
})

/** A refusal of the server contract. */
export const refusal = (status: number, code: string, message = code): TestReply => ({
  status,
  body: { error: { code, message } },
})

/**
 * A Portico server's swap routes on a real loopback HTTP server, quoting from a table of rates
 * (the server's own tests quote real pools on anvil): ETH is worth 2000 PUSD and 4000 PTK, less
 * the provider fee of 0.85%, and the minimum is the quote less 1%.
 */
export async function startSwapTestServer() {
  const server = await startTestApiServer()
  const script: SwapServerScript = {
    balances: { native: '1.2345', [SWAP_TOKENS.PUSD.address]: '100' },
    prices: { native: 2000, [SWAP_TOKENS.PUSD.address]: 1, [SWAP_TOKENS.PTK.address]: 0.5 },
    approved: new Set(),
    rate: (from, to) => (script.prices[from] ?? 1) / (script.prices[to] ?? 1),
    override: {},
  }
  const quoteOf = (query: Record<string, string>) => {
    const from = query.from ?? ''
    const to = query.to ?? ''
    const amount = Number(query.amount)
    const fee = amount * 0.0085
    const toAmount = ((amount - fee) * script.rate(from, to)).toFixed(tokenById(to)?.decimals === 6 ? 6 : 9)
    return {
      from,
      to,
      fromAmount: query.amount,
      swapAmount: String(amount - fee),
      toAmount: toAmount.replace(/\.?0+$/, '') || '0',
      minimumReceived: (Number(toAmount) * 0.99).toFixed(6).replace(/\.?0+$/, '') || '0',
      slippage: Number(query.slippage ?? 1),
      priceImpact: 0.31,
      providerFee: { rate: 0.85, amount: fee.toFixed(6).replace(/\.?0+$/, ''), recipient: ROUTER },
      route: { provider: 'onchain', path: [ROUTER, ROUTER], pools: [{ protocol: 'v2', address: ROUTER }] },
      spender: ROUTER,
    }
  }
  server.reply((request) => {
    // No portfolio or history here: core reads balances from the adapter, quietly.
    if (!request.path.startsWith('/v1/swap/')) return refusal(400, 'UNSUPPORTED_CHAIN')
    const route = request.path.replace('/v1/swap/', '')
    const override = script.override[route]
    if (override) return override(request)
    const { query } = request
    switch (route) {
      case 'tokens':
        return {
          status: 200,
          body: {
            tokens: Object.values(SWAP_TOKENS).map((token) => ({
              ...token,
              ...(query.address ? { balance: script.balances[token.address] ?? '0' } : {}),
            })),
          },
        }
      case 'prices':
        return {
          status: 200,
          body: {
            prices: (query.tokens ?? '')
              .split(',')
              .map((address) => ({ address, price: script.prices[address] })),
          },
        }
      case 'quote':
        return { status: 200, body: { quotes: [quoteOf(query)] } }
      case 'allowance': {
        const native = query.token === 'native'
        const approved = script.approved.has(query.token ?? '')
        return {
          status: 200,
          body: {
            spender: ROUTER,
            allowance: native ? null : approved ? '1000000' : '0',
            sufficient: native || approved,
          },
        }
      }
      case 'approve':
        return { status: 200, body: { tx: tx('0x095ea7b3', '0', '60000'), allowance: query.amount } }
      case 'calldata':
        return {
          status: 200,
          body: {
            tx: tx(
              '0x38ed1739',
              query.from === 'native' ? String(BigInt(Number(query.amount) * 1e6) * 10n ** 12n) : '0',
            ),
            quote: quoteOf(query),
            deadline: 2_000_000_000,
          },
        }
      case 'gas-price':
        return { status: 200, body: { standard: '1000000000', fast: '2000000000', instant: '3000000000' } }
      default:
        return refusal(404, 'NOT_FOUND')
    }
  })
  return {
    ...server,
    script,
    swapRequests: (route: string) => server.requests.filter((r) => r.path === `/v1/swap/${route}`),
  }
}

/**
 * A connected account (0x1111…, 1.2345 ETH) on eip155:1 whose adapter can send and call
 * contracts, on an instance that asks `server` for swaps.
 */
export async function connectedSwapAccount(server: { url: string }, options: { swaps?: boolean } = {}) {
  const { factory, handle } = fakeAdapter('eip155', [testConnector('io.metamask')], { send: true })
  const context = await setup({
    adapters: [factory],
    apiUrl: server.url,
    projectId: 'test-project',
    features: { swaps: options.swaps ?? true, analytics: false },
  })
  const { portico } = context
  const events: { event: string; properties?: Record<string, unknown> }[] = []
  portico.internal.track = (event) => events.push(event)
  await initialize(portico)
  await connect(portico, { connectorId: 'io.metamask' })
  await flush()
  portico.state.chains.eip155!.accountState.balance = '1.2345'
  // Only what the swap does is of interest.
  events.length = 0
  return { ...context, handle, events }
}

/** Opens the modal on the Swap view, as the Account view's Swap button does. */
export function openSwap(portico: Portico): void {
  openModal(portico)
  navigate(portico, { view: 'Swap' })
}

/** Waits until `check` holds, letting real I/O (the loopback server) run; fails after 2 s of it. */
export async function until(check: () => boolean, what = 'the condition'): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (check()) return
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error(`Timed out waiting for ${what}.`)
}
