import { NATIVE_TOKEN } from '../../api/swapConstants.js'
import type { SwapToken } from '../../api/swapSchemas.js'
import { goBack } from '../../modal/goBack.js'
import { showToast } from '../../notices/showToast.js'
import type { Portico } from '../../portico.js'
import type { SwapTokenWithBalance } from '../../state.js'
import { getSwapTokens } from '../getSwapTokens.js'
import { createSwapState } from '../resetSwap.js'
import { toSwapFormToken } from '../swapAmounts.js'
import { requireSwapService } from '../swapService.js'

/** How many tokens the token list suggests above the rest. */
const SUGGESTED_COUNT = 4

export type InitializeSwapFormReturnType = 'initialized' | 'failed' | 'stale'

/**
 * Sets the swap form up for the connected account on its network (SPEC §4 Swap): the token list
 * with the visitor's balances, the prices (the network token's among them), then the source
 * defaults to the network token with amount 1. On failure it shows 'Failed to initialize swap'
 * and goes back; without a price for the network token it shows 'Failed to fetch network token
 * price' and carries on. An answer for another account or network is dropped. Never rejects.
 */
export async function initializeSwapForm(portico: Portico): Promise<InitializeSwapFormReturnType> {
  const { state, internal } = portico
  const namespace = state.modal.activeChain
  const chain = namespace ? state.chains[namespace] : undefined
  const network = chain?.networkState.caipNetwork
  const caipAddress = chain?.accountState.caipAddress
  // From the CAIP-10 account rather than `address`, so a change seen half-way (one field set, not
  // yet the other) sets the form up for the account it is keyed by.
  const address = caipAddress?.split(':').at(-1)
  const attempt = ++internal.swapAttempt
  const current = () =>
    internal.swapAttempt === attempt &&
    state.modal.activeChain === namespace &&
    chain?.accountState.caipAddress === caipAddress
  if (!network || !address || !caipAddress) {
    // SPEC §8: 'Network not found' / 'No address found to swap the tokens from.'
    showToast(portico, {
      message: { key: network ? 'swapNoAddress' : 'swapNetworkNotFound' },
      variant: 'error',
    })
    goBack(portico)
    return 'failed'
  }
  state.swap = { ...createSwapState(), networks: state.swap.networks, caipAddress, loadingPrices: true }

  let tokens: SwapToken[]
  try {
    tokens = await getSwapTokens(portico, { network, address })
  } catch (error) {
    if (!current()) return 'stale'
    internal.logger.warn('swap: the token list could not be loaded', error)
    if ((error as { name?: unknown }).name === 'SwapNetworkNotServedError')
      state.swap.networks = { ...state.swap.networks, [network.caipNetworkId]: false }
    state.swap.loadingPrices = false
    showToast(portico, { message: { key: 'swapInitFailed' }, variant: 'error' })
    if (isSwapView(portico)) goBack(portico)
    return 'failed'
  }
  if (!current()) return 'stale'

  let prices: Record<string, number> = {}
  try {
    prices = await requireSwapService(portico).getPrices({
      network,
      tokens: tokens.map((token) => token.address),
    })
  } catch (error) {
    internal.logger.warn('swap: prices could not be loaded', error)
  }
  if (!current()) return 'stale'
  for (const token of tokens)
    if (prices[token.address] === undefined && token.price) prices[token.address] = token.price
  const networkPrice = prices[NATIVE_TOKEN]
  // SPEC §8: the network token's price is what the network fee is shown in USD with.
  if (networkPrice === undefined)
    showToast(portico, { message: { key: 'swapNetworkPriceFailed' }, variant: 'error' })

  const formTokens = tokens.map(toSwapFormToken)
  const native = formTokens.find((token) => token.address === NATIVE_TOKEN) ?? formTokens[0]
  const mine: SwapTokenWithBalance[] = tokens
    .filter(
      (token) => token.balance !== undefined && token.balance !== '0' && !/^0(\.0+)?$/.test(token.balance),
    )
    .map((token) => ({
      ...toSwapFormToken(token),
      quantity: { numeric: token.balance ?? '0' },
      price: prices[token.address] ?? 0,
    }))
  const nativeHeld = mine.find((token) => token.address === NATIVE_TOKEN)
  Object.assign(state.swap, {
    initialized: true,
    tokens: formTokens,
    popularTokens: [...formTokens].sort((a, b) => a.symbol.localeCompare(b.symbol)),
    suggestedTokens: formTokens.slice(0, SUGGESTED_COUNT),
    myTokensWithBalance: mine,
    tokensPriceMap: prices,
    networkPrice: networkPrice ?? 0,
    networkTokenSymbol: network.nativeCurrency.symbol,
    networkBalanceInUSD: nativeHeld ? Number(nativeHeld.quantity.numeric) * (networkPrice ?? 0) : 0,
    loadingPrices: false,
    // SPEC §4: the source defaults to the network token, with amount 1.
    sourceToken: native,
    sourceTokenPriceInUSD: native ? (prices[native.address] ?? 0) : 0,
    sourceTokenAmount: '1',
  })
  return 'initialized'
}

function isSwapView(portico: Portico): boolean {
  const { view } = portico.state.router.route
  return view === 'Swap' || view === 'SwapSelectToken' || view === 'SwapPreview'
}
