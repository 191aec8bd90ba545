/**
 * The swap provider that needs no vendor: quotes straight from Uniswap V2 pairs and V3 pools (V3
 * through QuoterV2 across the fee tiers), directly or through the wrapped native token, and builds
 * SwapRouter02 calldata for the best route. Also prices tokens from the same pools.
 */
import {
  type Address,
  ContractFunctionRevertedError,
  getAddress,
  type PublicClient,
  BaseError as ViemError,
  zeroAddress,
} from 'viem'
import { encodeRouterMulticall, type RouteLeg } from './routerCalldata.js'
import {
  MAX_SQRT_RATIO,
  MIN_SQRT_RATIO,
  quoterV2Abi,
  swapRouter02Abi,
  v2FactoryAbi,
  v2PairAbi,
  v3FactoryAbi,
  v3PoolAbi,
} from './swapAbis.js'
import type { ResolvedSwapChain } from './swapConfig.js'
import {
  multiplyRatios,
  priceImpactPercent,
  type Ratio,
  v2AmountOut,
  v2MidPrice,
  v3MidPrice,
} from './swapMath.js'
import {
  InsufficientSwapLiquidityError,
  NoSwapRouteError,
  type ProviderQuote,
  type SwapProvider,
  type SwapQuoteRequest,
} from './swapProvider.js'

/** One pool's answer for a leg: its output for the amount and its price before the trade. */
interface LegQuote {
  leg: RouteLeg
  amountOut: bigint
  mid: Ratio
}

/** Why a leg has no quote: no pool at all, or pools that cannot fill the amount. */
type LegResult = { ok: true; best: LegQuote } | { ok: false; reason: 'no-pool' | 'no-liquidity' }

export interface OnchainSwapChain {
  chain: ResolvedSwapChain
  client: PublicClient
}

export interface OnchainSwapProvider extends SwapProvider {
  /**
   * The mid price of one whole `token` in base units of `quote`, along the route that quotes best
   * for that amount; undefined when no pool joins them.
   */
  midPrice(chainId: string, token: Address, quote: Address, amount: bigint): Promise<Ratio | undefined>
}

const sortedPair = (a: Address, b: Address): [Address, Address] =>
  a.toLowerCase() < b.toLowerCase() ? [a, b] : [b, a]

const isRevert = (error: unknown) =>
  error instanceof ViemError && error.walk((cause) => cause instanceof ContractFunctionRevertedError) !== null

/**
 * @example
 * const provider = createOnchainSwapProvider({ chains: [{ chain, client }] })
 * const quote = await provider.quote({ chainId, from, to, swapAmount, userAddress })
 */
export function createOnchainSwapProvider(parameters: {
  chains: readonly OnchainSwapChain[]
}): OnchainSwapProvider {
  const byId = new Map(parameters.chains.map((entry) => [entry.chain.caipNetworkId, entry]))
  /** Whether the router's V2 side uses the configured V2 factory; settled once per chain. */
  const v2Usable = new Map<string, Promise<boolean>>()
  /** Pool addresses never change once created; absent pools are asked again (one may be created). */
  const pools = new Map<string, Address>()

  const get = (chainId: string): OnchainSwapChain => {
    const entry = byId.get(chainId)
    if (!entry) throw new NoSwapRouteError(`This provider does not quote on ${chainId}.`)
    return entry
  }

  const routerUsesV2 = ({ chain, client }: OnchainSwapChain): Promise<boolean> => {
    const v2 = chain.v2
    if (!v2) return Promise.resolve(false)
    let known = v2Usable.get(chain.caipNetworkId)
    if (!known) {
      known = client
        .readContract({ address: chain.router, abi: swapRouter02Abi, functionName: 'factoryV2' })
        .then((factory) => factory.toLowerCase() === v2.factory.toLowerCase())
      // A failed read is not remembered: the next request asks again.
      known.catch(() => v2Usable.delete(chain.caipNetworkId))
      v2Usable.set(chain.caipNetworkId, known)
    }
    return known
  }

  const poolAddress = async (key: string, read: () => Promise<Address>): Promise<Address | undefined> => {
    const cached = pools.get(key)
    if (cached) return cached
    const address = await read()
    if (address === zeroAddress) return undefined
    pools.set(key, address)
    return address
  }

  const v2Leg = async (
    entry: OnchainSwapChain,
    tokenIn: Address,
    tokenOut: Address,
    amountIn: bigint,
  ): Promise<LegQuote | 'no-pool' | 'no-liquidity'> => {
    const { chain, client } = entry
    if (!chain.v2 || !(await routerUsesV2(entry))) return 'no-pool'
    const factory = chain.v2.factory
    const [token0, token1] = sortedPair(tokenIn, tokenOut)
    const pool = await poolAddress(`${chain.caipNetworkId}/v2/${token0}/${token1}`, () =>
      client.readContract({
        address: factory,
        abi: v2FactoryAbi,
        functionName: 'getPair',
        args: [token0, token1],
      }),
    )
    if (!pool) return 'no-pool'
    const [reserve0, reserve1] = await client.readContract({
      address: pool,
      abi: v2PairAbi,
      functionName: 'getReserves',
    })
    const inIsToken0 = tokenIn.toLowerCase() === token0.toLowerCase()
    const [reserveIn, reserveOut] = inIsToken0 ? [reserve0, reserve1] : [reserve1, reserve0]
    const amountOut = v2AmountOut(amountIn, reserveIn, reserveOut)
    if (amountOut === 0n) return 'no-liquidity'
    return {
      leg: { protocol: 'v2', pool: getAddress(pool), tokenIn, tokenOut },
      amountOut,
      mid: v2MidPrice(reserveIn, reserveOut),
    }
  }

  const v3Leg = async (
    { chain, client }: OnchainSwapChain,
    tokenIn: Address,
    tokenOut: Address,
    amountIn: bigint,
    fee: number,
  ): Promise<LegQuote | 'no-pool' | 'no-liquidity'> => {
    const v3 = chain.v3
    if (!v3) return 'no-pool'
    const [token0, token1] = sortedPair(tokenIn, tokenOut)
    const pool = await poolAddress(`${chain.caipNetworkId}/v3/${token0}/${token1}/${fee}`, () =>
      client.readContract({
        address: v3.factory,
        abi: v3FactoryAbi,
        functionName: 'getPool',
        args: [token0, token1, fee],
      }),
    )
    if (!pool) return 'no-pool'
    const zeroForOne = tokenIn.toLowerCase() === token0.toLowerCase()
    try {
      const [slot0, quoted] = await Promise.all([
        client.readContract({ address: pool, abi: v3PoolAbi, functionName: 'slot0' }),
        client.simulateContract({
          address: v3.quoter,
          abi: quoterV2Abi,
          functionName: 'quoteExactInputSingle',
          args: [{ tokenIn, tokenOut, amountIn, fee, sqrtPriceLimitX96: 0n }],
        }),
      ])
      const [amountOut, sqrtPriceAfter] = quoted.result
      // The quote ran to the pool's price bound: its liquidity ended before the amount did, and
      // the router would take only part of the input.
      const exhausted = sqrtPriceAfter <= MIN_SQRT_RATIO + 1n || sqrtPriceAfter >= MAX_SQRT_RATIO - 1n
      if (amountOut === 0n || exhausted) return 'no-liquidity'
      return {
        leg: { protocol: 'v3', pool: getAddress(pool), fee, tokenIn, tokenOut },
        amountOut,
        mid: v3MidPrice(slot0[0], zeroForOne),
      }
    } catch (error) {
      // QuoterV2 reverts on its own for a pool that cannot swap (no liquidity in range).
      if (isRevert(error)) return 'no-liquidity'
      throw error
    }
  }

  /** The best pool for one leg: V2's pair and each V3 fee tier, compared on output. */
  const bestLeg = async (
    entry: OnchainSwapChain,
    tokenIn: Address,
    tokenOut: Address,
    amountIn: bigint,
  ): Promise<LegResult> => {
    const answers = await Promise.all([
      v2Leg(entry, tokenIn, tokenOut, amountIn),
      ...entry.chain.feeTiers.map((fee) => v3Leg(entry, tokenIn, tokenOut, amountIn, fee)),
    ])
    let best: LegQuote | undefined
    let anyPool = false
    for (const answer of answers) {
      if (answer === 'no-pool') continue
      anyPool = true
      if (answer === 'no-liquidity') continue
      if (!best || answer.amountOut > best.amountOut) best = answer
    }
    if (best) return { ok: true, best }
    return { ok: false, reason: anyPool ? 'no-liquidity' : 'no-pool' }
  }

  /**
   * The best route: direct, or through the wrapped native token. Each leg takes the pool that
   * gives the most; since a leg's output grows with its input, the best first leg followed by the
   * best second leg is the best two-leg route.
   */
  const bestRoute = async (
    entry: OnchainSwapChain,
    tokenIn: Address,
    tokenOut: Address,
    amountIn: bigint,
  ): Promise<{ legs: LegQuote[]; amountOut: bigint; mid: Ratio } | 'no-pool' | 'no-liquidity'> => {
    const wrapped = entry.chain.wrappedNative
    const through = async (): Promise<LegResult[] | undefined> => {
      if ([tokenIn, tokenOut].some((token) => token.toLowerCase() === wrapped.toLowerCase())) return undefined
      const first = await bestLeg(entry, tokenIn, wrapped, amountIn)
      if (!first.ok) return [first]
      return [first, await bestLeg(entry, wrapped, tokenOut, first.best.amountOut)]
    }
    const [direct, hop] = await Promise.all([bestLeg(entry, tokenIn, tokenOut, amountIn), through()])
    const candidates: LegQuote[][] = []
    let anyPool = direct.ok || direct.reason === 'no-liquidity'
    if (direct.ok) candidates.push([direct.best])
    if (hop) {
      if (hop.every((leg) => leg.ok)) candidates.push(hop.map((leg) => (leg as { best: LegQuote }).best))
      else if (hop.every((leg) => leg.ok || leg.reason === 'no-liquidity')) anyPool = true
    }
    let best: { legs: LegQuote[]; amountOut: bigint; mid: Ratio } | undefined
    for (const legs of candidates) {
      const amountOut = legs.at(-1)?.amountOut ?? 0n
      if (!best || amountOut > best.amountOut) {
        best = {
          legs,
          amountOut,
          mid: legs.map((leg) => leg.mid).reduce(multiplyRatios),
        }
      }
    }
    return best ?? (anyPool ? 'no-liquidity' : 'no-pool')
  }

  const erc20Of = (chain: ResolvedSwapChain, address: 'native' | Address): Address =>
    address === 'native' ? chain.wrappedNative : getAddress(address)

  return {
    name: 'onchain',
    supports: (chainId) => byId.has(chainId),

    async quote(request: SwapQuoteRequest): Promise<ProviderQuote> {
      const entry = get(request.chainId)
      const { chain } = entry
      const tokenIn = erc20Of(chain, request.from.address)
      const tokenOut = erc20Of(chain, request.to.address)
      if (tokenIn === tokenOut) {
        throw new NoSwapRouteError(
          `${request.from.symbol} and ${request.to.symbol} are the same token on ${chain.caipNetworkId}: wrapping is not a swap.`,
        )
      }
      const route = await bestRoute(entry, tokenIn, tokenOut, request.swapAmount)
      if (route === 'no-pool') {
        throw new NoSwapRouteError(
          `No Uniswap pool on ${chain.caipNetworkId} joins ${request.from.symbol} and ${request.to.symbol}, directly or through the wrapped native token.`,
        )
      }
      if (route === 'no-liquidity') {
        throw new InsufficientSwapLiquidityError(
          `The pools joining ${request.from.symbol} and ${request.to.symbol} on ${chain.caipNetworkId} cannot fill this amount: try a smaller one.`,
        )
      }
      const legs = route.legs.map((quote) => quote.leg)
      return {
        provider: 'onchain',
        amountOut: route.amountOut,
        priceImpact: priceImpactPercent(request.swapAmount, route.amountOut, route.mid),
        route: {
          provider: 'onchain',
          path: [tokenIn, ...legs.map((leg) => leg.tokenOut)],
          pools: legs.map((leg) =>
            leg.protocol === 'v3'
              ? { protocol: 'v3' as const, fee: leg.fee, address: leg.pool }
              : { protocol: 'v2' as const, address: leg.pool },
          ),
        },
        spender: getAddress(chain.router),
        build: (build) => {
          const { data, value } = encodeRouterMulticall({
            legs,
            fromNative: request.from.address === 'native',
            toNative: request.to.address === 'native',
            amount: build.amount,
            swapAmount: request.swapAmount,
            minimumOutput: build.minimumOutput,
            deadline: build.deadline,
            fee: build.fee,
            userAddress: build.userAddress,
          })
          return { to: getAddress(chain.router), data, value }
        },
      }
    },

    async midPrice(chainId, token, quote, amount) {
      const entry = get(chainId)
      if (token.toLowerCase() === quote.toLowerCase()) return { numerator: 1n, denominator: 1n }
      const route = await bestRoute(entry, getAddress(token), getAddress(quote), amount)
      return typeof route === 'string' ? undefined : route.mid
    },
  }
}
