/**
 * `/v1/swap/*` (SPEC §7 wallet provider API: token list, token price, quote, allowance, approve
 * calldata, swap calldata, gas price), in the shapes of `@portico/core/api`'s swap schemas. They
 * sit under `/v1/`, so createApp's project, origin and rate-limit checks run before them.
 */
import {
  DEFAULT_SWAP_SLIPPAGE_PERCENT,
  NATIVE_TOKEN,
  type SwapAllowanceResponse,
  type SwapApproveResponse,
  type SwapCalldataResponse,
  type SwapGasPriceResponse,
  type SwapNetworksResponse,
  type SwapPricesResponse,
  type SwapQuote,
  type SwapQuoteQuery,
  type SwapQuoteResponse,
  type SwapToken,
  type SwapTokensResponse,
  swapAllowanceQuerySchema,
  swapApproveQuerySchema,
  swapGasPriceQuerySchema,
  swapPricesQuerySchema,
  swapQuoteQuerySchema,
  swapTokenIdSchema,
  swapTokensQuerySchema,
} from '@portico/core/api'
import type { Context, Hono } from 'hono'
import {
  type Address,
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  http,
  maxUint256,
  type PublicClient,
  TimeoutError,
  BaseError as ViemError,
} from 'viem'
import * as z from 'zod/mini'
import type { ChainConfig, ServerConfig } from '../config.js'
import { ApiRefusal } from '../http/apiError.js'
import type { AppEnv } from '../http/appEnv.js'
import type { Logger } from '../logger.js'
import { toDecimalString } from '../portfolio/amounts.js'
import type { PriceSource } from '../portfolio/prices.js'
import { createOnchainPriceSource, type OnchainPriceSource } from './onchainPrices.js'
import { createOnchainSwapProvider, type OnchainSwapProvider } from './onchainSwapProvider.js'
import { type ResolvedSwapChain, resolveSwapChain } from './swapConfig.js'
import {
  InvalidSwapAmountError,
  minimumOutput,
  PERCENT_SCALE,
  parseTokenAmount,
  percentToScaled,
  splitProviderFee,
} from './swapMath.js'
import {
  InsufficientSwapLiquidityError,
  NoSwapRouteError,
  type ProviderQuote,
  type SwapAsset,
  type SwapProvider,
  SwapProviderError,
} from './swapProvider.js'

export const SWAP_ROUTE_PREFIX = '/v1/swap'

/** Most tokens one prices request may name. */
const MAX_PRICED_TOKENS = 50
/** The gas of an approval when the node cannot estimate it (a plain ERC-20 approve takes ~46k). */
const APPROVE_GAS_FALLBACK = 100_000n
/**
 * The gas of a swap when the node cannot estimate it yet (before the approval): the router's
 * multicall, the fee's payment and each leg, with room to spare.
 */
const swapGasFallback = (legs: number) => 150_000n + 120_000n * BigInt(legs)

export interface SwapRoutesOptions {
  config: ServerConfig
  logger: Logger
  now: () => number
  /** The static price table, the fallback of on-chain prices. */
  prices: PriceSource
  /** Providers besides the on-chain one (aggregators); the best quote wins. */
  providers?: readonly SwapProvider[]
}

/** What createApp keeps of the swap routes: on-chain prices for the portfolio, when configured. */
export interface SwapServices {
  /** On-chain prices with the static table as fallback, or undefined when no swap chain is configured. */
  prices: OnchainPriceSource | undefined
}

interface ServedChain {
  swap: ResolvedSwapChain
  chain: ChainConfig
  client: PublicClient
  /** The tokens a request may name: native, the swap list and the portfolio's, by lower-case address. */
  tokens: Map<string, SwapToken>
  /** The swap list, in order (native first), and the portfolio's tokens the visitor may hold. */
  offered: SwapToken[]
  held: SwapToken[]
}

/** The first failing field of a query, as the code the contract gives it. */
function refuseQuery(error: z.core.$ZodError): never {
  const issue = error.issues[0]
  const field = String(issue?.path[0] ?? 'query')
  if (field === 'amount') {
    throw new ApiRefusal('INVALID_AMOUNT', 'amount is whole tokens written out, such as 1 or 0.25.')
  }
  const hints: Record<string, string> = {
    chainId: 'a CAIP-2 id such as eip155:1',
    from: 'native or a 0x token address',
    to: 'native or a 0x token address',
    token: 'native or a 0x token address',
    tokens: 'a comma-separated list of native or 0x token addresses',
    userAddress: 'a 0x address',
    spender: "the quote's 0x spender address",
    address: 'a 0x address',
    slippage: 'a percentage above 0 and at most 50, such as 0.5 or 1',
  }
  const hint = hints[field]
  throw new ApiRefusal(
    'BAD_REQUEST',
    issue?.code === 'invalid_type' && hint
      ? `The ${field} query parameter is missing: it is ${hint}.`
      : `The ${field} query parameter is not ${hint ?? 'valid'}.`,
  )
}

function parseQuery<T>(schema: z.ZodMiniType<T>, c: Context<AppEnv>): T {
  const parsed = z.safeParse(schema, c.req.query())
  if (!parsed.success) refuseQuery(parsed.error)
  return parsed.data
}

/** viem's failures of a chain's node as the contract's codes: 504 when it did not answer in time. */
function upstreamRefusal(chainId: string, error: unknown): ApiRefusal | undefined {
  if (!(error instanceof ViemError)) return undefined
  if (error.walk((cause) => cause instanceof TimeoutError) instanceof TimeoutError) {
    return new ApiRefusal('UPSTREAM_TIMEOUT', `The RPC node of ${chainId} did not answer in time.`)
  }
  return new ApiRefusal('UPSTREAM_ERROR', `The RPC node of ${chainId} failed: ${error.shortMessage}`)
}

/** A provider whose own service failed, as the contract's 502. */
function providerRefusal(error: SwapProviderError): ApiRefusal {
  return new ApiRefusal('UPSTREAM_ERROR', `The swap provider ${error.message}`)
}

/**
 * Registers the routes; call after the `/v1` project and origin middleware.
 * @example
 * const swap = registerSwapRoutes(app, { config, logger, now, prices })
 */
export function registerSwapRoutes(app: Hono<AppEnv>, options: SwapRoutesOptions): SwapServices {
  const { config, logger } = options
  const served = new Map<string, ServedChain>()
  for (const entry of config.swap.chains) {
    const resolved = resolveSwapChain(entry)
    const chain = config.chains.find((candidate) => candidate.caipNetworkId === entry.caipNetworkId)
    // The config schema refuses both at start-up; a config built by hand is skipped, not trusted.
    if (!resolved.ok || !chain) continue
    const client = createPublicClient({
      transport: http(chain.rpcUrl, { batch: true, timeout: config.rpc.timeoutMs, retryCount: 0 }),
    }) as PublicClient
    const chainId = chain.caipNetworkId
    const native: SwapToken = {
      address: NATIVE_TOKEN,
      chainId,
      name: chain.nativeCurrency.name,
      symbol: chain.nativeCurrency.symbol,
      decimals: chain.nativeCurrency.decimals,
      ...(chain.nativeCurrency.iconUrl ? { iconUrl: chain.nativeCurrency.iconUrl } : {}),
    }
    const toToken = (token: ChainConfig['tokens'][number]): SwapToken => ({
      address: getAddress(token.address),
      chainId,
      name: token.name,
      symbol: token.symbol,
      decimals: token.decimals,
      ...(token.iconUrl ? { iconUrl: token.iconUrl } : {}),
    })
    const tokens = new Map<string, SwapToken>([[NATIVE_TOKEN, native]])
    const offered = [native]
    for (const token of resolved.chain.tokens.map(toToken)) {
      if (tokens.has(token.address.toLowerCase())) continue
      tokens.set(token.address.toLowerCase(), token)
      offered.push(token)
    }
    const held: SwapToken[] = []
    for (const token of chain.tokens.map(toToken)) {
      if (tokens.has(token.address.toLowerCase())) continue
      tokens.set(token.address.toLowerCase(), token)
      held.push(token)
    }
    served.set(chainId, { swap: resolved.chain, chain, client, tokens, offered, held })
  }

  const onchain: OnchainSwapProvider = createOnchainSwapProvider({
    chains: [...served.values()].map(({ swap, client }) => ({ chain: swap, client })),
  })
  const providers: SwapProvider[] = [onchain, ...(options.providers ?? [])]
  const prices =
    served.size > 0
      ? createOnchainPriceSource({
          chains: [...served.values()].map(({ swap, client }) => ({ chain: swap, client })),
          provider: onchain,
          fallback: options.prices,
          cacheMs: config.swap.priceCacheMs,
          now: options.now,
          logger,
        })
      : undefined

  const servedChain = (chainId: string): ServedChain => {
    const chain = served.get(chainId)
    if (!chain) {
      throw new ApiRefusal(
        'UNSUPPORTED_CHAIN',
        `This server has no swaps on ${chainId}. GET ${SWAP_ROUTE_PREFIX}/networks lists the chains it has.`,
      )
    }
    return chain
  }

  const tokenOf = (chain: ServedChain, id: string): SwapToken => {
    const token = chain.tokens.get(id === NATIVE_TOKEN ? id : id.toLowerCase())
    if (!token) {
      throw new ApiRefusal(
        'UNKNOWN_TOKEN',
        `${id} is not on the swap token list of ${chain.chain.caipNetworkId}. GET ${SWAP_ROUTE_PREFIX}/tokens lists it.`,
      )
    }
    return token
  }

  const amountOf = (text: string, token: SwapToken): bigint => {
    try {
      return parseTokenAmount(text, token.decimals, token.symbol)
    } catch (error) {
      if (error instanceof InvalidSwapAmountError) throw new ApiRefusal('INVALID_AMOUNT', error.message)
      throw error
    }
  }

  /** Runs chain reads, answering a node's failure with 502/504 and its code. */
  const upstream = async <T>(chainId: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await work()
    } catch (error) {
      const refusal = upstreamRefusal(chainId, error)
      if (refusal) throw refusal
      throw error
    }
  }

  const feeOf = (projectId: string) => {
    const fee = config.swap.fees[projectId] ?? config.swap.fees['*']
    if (!fee || fee.rate === 0) return undefined
    return { recipient: getAddress(fee.recipient), rate: fee.rate, scaled: percentToScaled(fee.rate) }
  }

  /** A token's place in the price cache: its contract, or none for the native currency. */
  const pricedOf = (chainId: string, token: SwapToken) => ({
    chainId,
    ...(token.address === NATIVE_TOKEN ? {} : { address: token.address as Address }),
    decimals: token.decimals,
  })

  const asset = (token: SwapToken): SwapAsset => ({
    address: token.address === NATIVE_TOKEN ? 'native' : getAddress(token.address),
    symbol: token.symbol,
    decimals: token.decimals,
  })

  /** Every provider's quote for the chain; the one giving the most wins. */
  const bestQuote = async (
    chain: ServedChain,
    request: { from: SwapToken; to: SwapToken; swapAmount: bigint; userAddress: Address },
  ): Promise<ProviderQuote> => {
    const chainId = chain.chain.caipNetworkId
    const settled = await Promise.allSettled(
      providers
        .filter((provider) => provider.supports(chainId))
        .map((provider) =>
          provider.quote({
            chainId,
            from: asset(request.from),
            to: asset(request.to),
            swapAmount: request.swapAmount,
            userAddress: request.userAddress,
          }),
        ),
    )
    let best: ProviderQuote | undefined
    const failures: unknown[] = []
    for (const result of settled) {
      if (result.status === 'rejected') {
        failures.push(result.reason)
        // A provider's own service failing is worth knowing even when another one quotes.
        if (result.reason instanceof SwapProviderError)
          logger.warn('swap provider failed', {
            chainId,
            provider: result.reason.provider,
            err: result.reason,
          })
      } else if (!best || result.value.amountOut > best.amountOut) best = result.value
    }
    if (best) return best
    // The most telling failure wins: a node that failed may have hidden a route.
    const upstreamFailure = failures.find((failure) => upstreamRefusal(chainId, failure))
    if (upstreamFailure) throw upstreamRefusal(chainId, upstreamFailure)
    const providerFailure = failures.find((failure) => failure instanceof SwapProviderError)
    if (providerFailure instanceof SwapProviderError) throw providerRefusal(providerFailure)
    const liquidity = failures.find((failure) => failure instanceof InsufficientSwapLiquidityError)
    if (liquidity instanceof InsufficientSwapLiquidityError) {
      throw new ApiRefusal('INSUFFICIENT_LIQUIDITY', liquidity.message)
    }
    const noRoute = failures.find((failure) => failure instanceof NoSwapRouteError)
    if (noRoute instanceof NoSwapRouteError) throw new ApiRefusal('NO_ROUTE', noRoute.message)
    throw failures[0]
  }

  /** The quote of the quote and calldata routes, with what the calldata needs to be built. */
  const quoteFor = async (c: Context<AppEnv>, query: SwapQuoteQuery) => {
    const chain = servedChain(query.chainId)
    const from = tokenOf(chain, query.from)
    const to = tokenOf(chain, query.to)
    if (from.address === to.address) {
      throw new ApiRefusal('BAD_REQUEST', 'from and to are the same token: there is nothing to swap.')
    }
    const amount = amountOf(query.amount, from)
    const fee = feeOf(c.get('project').id)
    const { fee: feeAmount, swapAmount } = splitProviderFee(amount, fee?.scaled ?? 0n)
    if (swapAmount === 0n) {
      throw new ApiRefusal('INVALID_AMOUNT', `${query.amount} ${from.symbol} is too little to swap.`)
    }
    const slippagePercent = query.slippage ? Number(query.slippage) : DEFAULT_SWAP_SLIPPAGE_PERCENT
    const slippageScaled = query.slippage
      ? percentToScaled(query.slippage)
      : BigInt(DEFAULT_SWAP_SLIPPAGE_PERCENT) * PERCENT_SCALE
    const userAddress = getAddress(query.userAddress)
    const quote = await upstream(chain.chain.caipNetworkId, () =>
      bestQuote(chain, { from, to, swapAmount, userAddress }),
    )
    const minimum = minimumOutput(quote.amountOut, slippageScaled)
    const answer: SwapQuote = {
      from: from.address,
      to: to.address,
      fromAmount: toDecimalString(amount, from.decimals),
      swapAmount: toDecimalString(swapAmount, from.decimals),
      toAmount: toDecimalString(quote.amountOut, to.decimals),
      minimumReceived: toDecimalString(minimum, to.decimals),
      slippage: slippagePercent,
      priceImpact: quote.priceImpact,
      ...(fee && feeAmount > 0n
        ? {
            providerFee: {
              rate: fee.rate,
              amount: toDecimalString(feeAmount, from.decimals),
              recipient: fee.recipient,
            },
          }
        : {}),
      route: quote.route,
      spender: quote.spender,
    }
    return {
      chain,
      answer,
      quote,
      amount,
      minimum,
      userAddress,
      fee: fee && feeAmount > 0n ? { amount: feeAmount, recipient: fee.recipient } : undefined,
    }
  }

  app.get(`${SWAP_ROUTE_PREFIX}/networks`, (c) => {
    const answer: SwapNetworksResponse = { networks: [...served.keys()] }
    return c.json(answer)
  })

  app.get(`${SWAP_ROUTE_PREFIX}/tokens`, async (c) => {
    const query = parseQuery(swapTokensQuerySchema, c)
    const chain = servedChain(query.chainId)
    const chainId = chain.chain.caipNetworkId
    let listed = chain.offered
    if (query.address) {
      const owner = getAddress(query.address)
      const candidates = [...chain.offered, ...chain.held]
      const balances = await upstream(chainId, () =>
        Promise.all(
          candidates.map((token) =>
            token.address === NATIVE_TOKEN
              ? chain.client.getBalance({ address: owner })
              : chain.client.readContract({
                  address: token.address as Address,
                  abi: erc20Abi,
                  functionName: 'balanceOf',
                  args: [owner],
                }),
          ),
        ),
      )
      listed = candidates
        .map((token, index) => ({
          ...token,
          balance: toDecimalString(balances[index] ?? 0n, token.decimals),
        }))
        // The offered tokens always; the others only where the visitor holds some.
        .filter((_token, index) => index < chain.offered.length || (balances[index] ?? 0n) > 0n)
    }
    const priced = await Promise.all(
      listed.map(async (token) => {
        const price = await prices?.price(pricedOf(chainId, token)).catch((error: unknown) => {
          // A price is a nicety here: the list is answered without it.
          logger.warn('swap price failed', { chainId, token: token.address, err: error })
          return undefined
        })
        return price === undefined ? token : { ...token, price }
      }),
    )
    const answer: SwapTokensResponse = { tokens: priced }
    return c.json(answer)
  })

  app.get(`${SWAP_ROUTE_PREFIX}/prices`, async (c) => {
    const query = parseQuery(swapPricesQuerySchema, c)
    const chain = servedChain(query.chainId)
    const ids = [...new Set(query.tokens.split(','))]
    if (ids.length > MAX_PRICED_TOKENS) {
      throw new ApiRefusal('BAD_REQUEST', `At most ${MAX_PRICED_TOKENS} tokens a request.`)
    }
    for (const id of ids) {
      if (!z.safeParse(swapTokenIdSchema, id).success) {
        throw new ApiRefusal('BAD_REQUEST', `"${id}" in tokens is neither native nor a 0x token address.`)
      }
    }
    const tokens = ids.map((id) => tokenOf(chain, id))
    const chainId = chain.chain.caipNetworkId
    const found = await upstream(chainId, () =>
      Promise.all(tokens.map((token) => (prices as OnchainPriceSource).price(pricedOf(chainId, token)))),
    )
    const answer: SwapPricesResponse = {
      prices: tokens.map((token, index) => {
        const price = found[index]
        return price === undefined ? { address: token.address } : { address: token.address, price }
      }),
    }
    return c.json(answer)
  })

  app.get(`${SWAP_ROUTE_PREFIX}/quote`, async (c) => {
    const query = parseQuery(swapQuoteQuerySchema, c)
    const { answer } = await quoteFor(c, query)
    const response: SwapQuoteResponse = { quotes: [answer] }
    return c.json(response)
  })

  app.get(`${SWAP_ROUTE_PREFIX}/allowance`, async (c) => {
    const query = parseQuery(swapAllowanceQuerySchema, c)
    const chain = servedChain(query.chainId)
    const token = tokenOf(chain, query.token)
    // The spender of the quote the visitor is about to approve for (an aggregator's contract),
    // else the on-chain provider's router.
    const spender = getAddress(query.spender ?? chain.swap.router)
    const needed = query.amount === undefined ? undefined : amountOf(query.amount, token)
    if (token.address === NATIVE_TOKEN) {
      const answer: SwapAllowanceResponse = {
        spender,
        allowance: null,
        ...(needed === undefined ? {} : { sufficient: true }),
      }
      return c.json(answer)
    }
    const tokenAddress = token.address as Address
    const allowance = await upstream(chain.chain.caipNetworkId, () =>
      chain.client.readContract({
        address: tokenAddress,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [getAddress(query.userAddress), spender],
      }),
    )
    const answer: SwapAllowanceResponse = {
      spender,
      allowance: toDecimalString(allowance, token.decimals),
      ...(needed === undefined ? {} : { sufficient: allowance >= needed }),
    }
    return c.json(answer)
  })

  app.get(`${SWAP_ROUTE_PREFIX}/approve`, async (c) => {
    const query = parseQuery(swapApproveQuerySchema, c)
    const chain = servedChain(query.chainId)
    const from = tokenOf(chain, query.from)
    if (from.address === NATIVE_TOKEN) {
      throw new ApiRefusal('BAD_REQUEST', `${from.symbol} is the native currency: it needs no approval.`)
    }
    const tokenAddress = from.address as Address
    // The spender is the router of the route the calldata will take, so the quote is made first.
    const { quote, amount, userAddress } = await quoteFor(c, { ...query })
    const chainId = chain.chain.caipNetworkId
    const wanted = config.swap.unlimitedApprovals ? maxUint256 : amount
    const approveData = (value: bigint) =>
      encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [quote.spender, value] })
    /** The node's gas for an approval, or undefined when it would revert. */
    const estimate = (data: Hex) =>
      chain.client.estimateGas({ account: userAddress, to: tokenAddress, data }).catch((error: unknown) => {
        if (upstreamRefusal(chainId, error)?.code === 'UPSTREAM_TIMEOUT') throw error
        return undefined
      })
    const [wantedGas, current, gasPrice] = await upstream(chainId, () =>
      Promise.all([
        estimate(approveData(wanted)),
        chain.client.readContract({
          address: tokenAddress,
          abi: erc20Abi,
          functionName: 'allowance',
          args: [userAddress, quote.spender],
        }),
        chain.client.getGasPrice(),
      ]),
    )
    // Tether-style tokens refuse to change one non-zero allowance into another: when the approval
    // would revert over a remaining allowance, this one sets it to 0, and the next approval (the
    // allowance is still short) sets the amount.
    const resetGas =
      wantedGas === undefined && current > 0n
        ? await upstream(chainId, () => estimate(approveData(0n)))
        : undefined
    const allowed = resetGas === undefined ? wanted : 0n
    const data = approveData(allowed)
    const gas = resetGas ?? wantedGas ?? APPROVE_GAS_FALLBACK
    const answer: SwapApproveResponse = {
      tx: {
        from: userAddress,
        to: tokenAddress,
        data,
        value: '0',
        eip155: { gas: String(gas), gasPrice: String(gasPrice) },
      },
      allowance: allowed === maxUint256 ? null : toDecimalString(allowed, from.decimals),
    }
    return c.json(answer)
  })

  app.get(`${SWAP_ROUTE_PREFIX}/calldata`, async (c) => {
    const query = parseQuery(swapQuoteQuerySchema, c)
    const { chain, answer, quote, amount, minimum, userAddress, fee } = await quoteFor(c, query)
    const chainId = chain.chain.caipNetworkId
    const deadline = Math.floor(options.now() / 1000) + config.swap.deadlineSeconds
    const tx = await upstream(chainId, async () => {
      try {
        return await quote.build({
          amount,
          minimumOutput: minimum,
          deadline: BigInt(deadline),
          slippagePercent: answer.slippage,
          ...(fee ? { fee } : {}),
          userAddress,
        })
      } catch (error) {
        if (error instanceof SwapProviderError) throw providerRefusal(error)
        if (error instanceof InsufficientSwapLiquidityError)
          throw new ApiRefusal('INSUFFICIENT_LIQUIDITY', error.message)
        throw error
      }
    })
    const [gas, gasPrice] = await upstream(chainId, () =>
      Promise.all([
        chain.client
          .estimateGas({ account: userAddress, to: tx.to, data: tx.data, value: tx.value })
          // A fifth more than the node's figure: the pools may move before the transaction lands.
          .then((estimate) => (estimate * 6n) / 5n)
          .catch((error: unknown) => {
            // Before the approval (or with too little balance) the node cannot estimate; the
            // wallet estimates again when it sends.
            if (upstreamRefusal(chainId, error)?.code === 'UPSTREAM_TIMEOUT') throw error
            return swapGasFallback(answer.route.pools.length)
          }),
        chain.client.getGasPrice(),
      ]),
    )
    const response: SwapCalldataResponse = {
      tx: {
        from: userAddress,
        to: tx.to,
        data: tx.data,
        value: String(tx.value),
        eip155: { gas: String(gas), gasPrice: String(gasPrice) },
      },
      quote: answer,
      deadline,
    }
    return c.json(response)
  })

  app.get(`${SWAP_ROUTE_PREFIX}/gas-price`, async (c) => {
    const query = parseQuery(swapGasPriceQuerySchema, c)
    const chain = servedChain(query.chainId)
    const gasPrice = await upstream(chain.chain.caipNetworkId, () => chain.client.getGasPrice())
    // The node's price is the standard one; the faster ones bid a tenth and a quarter more.
    const answer: SwapGasPriceResponse = {
      standard: String(gasPrice),
      fast: String((gasPrice * 11n) / 10n),
      instant: String((gasPrice * 5n) / 4n),
    }
    return c.json(answer)
  })

  return { prices }
}
