import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  apiErrorSchema,
  swapAllowanceResponseSchema,
  swapApproveResponseSchema,
  swapCalldataResponseSchema,
  swapQuoteResponseSchema,
} from '@portico/core/api'
import {
  ANVIL_PRIVATE_KEYS,
  type AnvilInstance,
  deploySwapContracts,
  deployTestTokens,
  startAnvil,
  TEST_SWAP_CONTRACTS,
  testSwapToken,
  UNISWAP_V2_ROUTER_ABI,
} from '@portico/test'
import type { Kysely } from 'kysely'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  decodeFunctionData,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  getAddress,
  type Hex,
  http,
  isAddressEqual,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverConfigSchema } from '../config.js'
import type { Database } from '../db/schema.js'
import { createApp } from '../http/createApp.js'
import { createLogger } from '../logger.js'
import { addProject } from '../projects/projects.js'
import { createMigratedDatabase, type TestDatabase } from '../testing/testDatabase.js'
import { createZeroExSwapProvider, ZERO_EX_NATIVE_TOKEN } from './zeroExSwapProvider.js'

const SITE = 'https://shop.example'
const CHAIN_ID = 31_337
const CHAIN = `eip155:${CHAIN_ID}`
const API_KEY = 'local-0x-key'
const FEE_RECIPIENT = getAddress('0x00000000000000000000000000000000000fee02')
const WETH = testSwapToken('WETH').address
const PUSD = testSwapToken('PUSD').address
const PTK = testSwapToken('PTK').address
const USDT = testSwapToken('USDT').address
const V2_ROUTER = TEST_SWAP_CONTRACTS.v2.router
/** Anvil's account 3: holds the test tokens, and no other test here spends them. */
const USER_KEY = 3

/**
 * A local stand-in for the 0x Swap API v2 (AllowanceHolder): the documented `price` and `quote`
 * shapes, its `0x-api-key` and `0x-version` headers, and transactions that really execute, built
 * for the local Uniswap V2 Router02 (through WETH, as its pairs are). `lie` makes it answer a
 * quote whose minimum is below the slippage asked for, as an API no one should trust might.
 */
async function startZeroExApi(rpcUrl: string) {
  const client = createPublicClient({ transport: http(rpcUrl) })
  const requests: { path: string; query: Record<string, string> }[] = []
  const state = { lie: false }
  const answer = async (request: IncomingMessage) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    const query = Object.fromEntries(url.searchParams)
    requests.push({ path: url.pathname, query })
    if (request.headers['0x-api-key'] !== API_KEY)
      return { status: 401, body: { name: 'UNAUTHORIZED', message: 'Invalid API key' } }
    if (request.headers['0x-version'] !== 'v2')
      return { status: 400, body: { name: 'INPUT_INVALID', message: '0x-version must be v2' } }
    const kind = url.pathname.match(/^\/swap\/allowance-holder\/(price|quote)$/)?.[1]
    if (!kind) return { status: 404, body: { name: 'NOT_FOUND', message: url.pathname } }
    if (query.chainId !== String(CHAIN_ID))
      return { status: 400, body: { name: 'CHAIN_NOT_SUPPORTED', message: `chain ${query.chainId}` } }
    const sellToken = getAddress(query.sellToken ?? '')
    const buyToken = getAddress(query.buyToken ?? '')
    const taker = getAddress(query.taker ?? '')
    const sellAmount = BigInt(query.sellAmount ?? '0')
    const nativeIn = isAddressEqual(sellToken, ZERO_EX_NATIVE_TOKEN)
    const nativeOut = isAddressEqual(buyToken, ZERO_EX_NATIVE_TOKEN)
    const tokenIn = nativeIn ? WETH : sellToken
    const tokenOut = nativeOut ? WETH : buyToken
    const path =
      isAddressEqual(tokenIn, WETH) || isAddressEqual(tokenOut, WETH)
        ? [tokenIn, tokenOut]
        : [tokenIn, WETH, tokenOut]
    const fee = query.swapFeeBps ? (sellAmount * BigInt(query.swapFeeBps)) / 10_000n : 0n
    const amounts = await client.readContract({
      address: V2_ROUTER,
      abi: UNISWAP_V2_ROUTER_ABI,
      functionName: 'getAmountsOut',
      args: [sellAmount - fee, path],
    })
    const buyAmount = amounts[amounts.length - 1] ?? 0n
    const slippageBps = BigInt(query.slippageBps ?? '100')
    const minBuyAmount = state.lie ? 0n : (buyAmount * (10_000n - slippageBps)) / 10_000n
    const allowance = nativeIn
      ? undefined
      : await client.readContract({
          address: sellToken,
          abi: erc20Abi,
          functionName: 'allowance',
          args: [taker, V2_ROUTER],
        })
    const common = {
      liquidityAvailable: true,
      blockNumber: String(await client.getBlockNumber()),
      buyToken,
      sellToken,
      buyAmount: String(buyAmount),
      sellAmount: String(sellAmount),
      minBuyAmount: String(minBuyAmount),
      allowanceTarget: nativeIn ? null : V2_ROUTER,
      fees: {
        integratorFee: fee > 0n ? { amount: String(fee), token: sellToken, type: 'volume' } : null,
        zeroExFee: null,
        gasFee: null,
      },
      issues: {
        allowance:
          allowance !== undefined && allowance < sellAmount
            ? { actual: String(allowance), spender: V2_ROUTER }
            : null,
        balance: null,
        simulationIncomplete: false,
        invalidSourcesPassed: [],
      },
      route: {
        fills: path
          .slice(1)
          .map((to, index) => ({ from: path[index], to, source: 'Uniswap_V2', proportionBps: '10000' })),
        tokens: path.map((address) => ({ address, symbol: '' })),
      },
      totalNetworkFee: null,
      zid: '0x000000000000000000000001',
    }
    if (kind === 'price') return { status: 200, body: { ...common, gas: null, gasPrice: '1' } }
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 600)
    const data = nativeIn
      ? encodeFunctionData({
          abi: UNISWAP_V2_ROUTER_ABI,
          functionName: 'swapExactETHForTokens',
          args: [minBuyAmount, path, taker, deadline],
        })
      : encodeFunctionData({
          abi: UNISWAP_V2_ROUTER_ABI,
          functionName: nativeOut ? 'swapExactTokensForETH' : 'swapExactTokensForTokens',
          args: [sellAmount - fee, minBuyAmount, path, taker, deadline],
        })
    return {
      status: 200,
      body: {
        ...common,
        transaction: {
          to: V2_ROUTER,
          data,
          gas: '300000',
          gasPrice: String(await client.getGasPrice()),
          value: nativeIn ? String(sellAmount) : '0',
        },
      },
    }
  }
  const server: Server = createServer((request, response) => {
    answer(request).then(
      ({ status, body }) => {
        response.writeHead(status, { 'content-type': 'application/json' })
        response.end(JSON.stringify(body))
      },
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ name: 'INTERNAL_SERVER_ERROR', message: String(error) }))
      },
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe('a second provider: the 0x Swap API, through the SwapProvider interface', () => {
  let anvil: AnvilInstance
  let database: TestDatabase
  let db: Kysely<Database>
  let api: Awaited<ReturnType<typeof startZeroExApi>>
  let app: ReturnType<typeof createApp>
  let client: ReturnType<typeof createPublicClient>
  const logger = createLogger({ level: 'error', stream: { write: () => {} } })
  const user = privateKeyToAccount(ANVIL_PRIVATE_KEYS[USER_KEY] as Hex)

  const appWith = async (apiKey: string) => {
    const tokenEntry = (key: 'PUSD' | 'PTK' | 'USDT') => {
      const token = testSwapToken(key)
      return { address: token.address, name: token.name, symbol: token.symbol, decimals: token.decimals }
    }
    const config = serverConfigSchema.parse({
      chains: [
        {
          caipNetworkId: CHAIN,
          name: 'Anvil',
          rpcUrl: anvil.rpcUrl,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          indexer: { enabled: false },
        },
      ],
      swap: {
        // The on-chain provider quotes V3 alone here: PUSD/USDT and ETH/PUSD trade only on V2
        // pairs, which only the aggregator reaches.
        chains: [
          {
            caipNetworkId: CHAIN,
            router: TEST_SWAP_CONTRACTS.swapRouter02,
            wrappedNative: WETH,
            v3: { factory: TEST_SWAP_CONTRACTS.v3.factory, quoter: TEST_SWAP_CONTRACTS.v3.quoterV2 },
            tokens: [tokenEntry('PUSD'), tokenEntry('PTK'), tokenEntry('USDT')],
          },
        ],
        fees: { shop: { recipient: FEE_RECIPIENT } },
      },
    })
    const zeroEx = createZeroExSwapProvider({ apiKey, baseUrl: api.url, chains: { [CHAIN]: CHAIN_ID } })
    return createApp({ config, db, logger, swapProviders: [zeroEx] })
  }

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: CHAIN_ID })
    await deployTestTokens({ rpcUrl: anvil.rpcUrl })
    await deploySwapContracts(anvil.rpcUrl)
    client = createPublicClient({ transport: http(anvil.rpcUrl) })
    ;({ database, db } = await createMigratedDatabase('pglite'))
    await addProject(db, { id: 'free', origins: [SITE] })
    await addProject(db, { id: 'shop', origins: [SITE] })
    api = await startZeroExApi(anvil.rpcUrl)
    app = await appWith(API_KEY)
  }, 180_000)
  afterAll(async () => {
    await api?.close()
    await anvil?.stop()
    await db?.destroy()
    await database?.drop()
  })

  const get = async <T>(
    target: ReturnType<typeof createApp>,
    path: string,
    schema: { parse: (value: unknown) => T },
  ) => {
    const response = await target.request(path, { headers: { origin: SITE } })
    const body = await response.json()
    expect(response.status, JSON.stringify(body)).toBe(200)
    return schema.parse(body)
  }
  const refusal = async (target: ReturnType<typeof createApp>, path: string) => {
    const response = await target.request(path, { headers: { origin: SITE } })
    return { status: response.status, ...apiErrorSchema.parse(await response.json()).error }
  }
  const route = (name: string, project: string, values: Record<string, string>) =>
    `/v1/swap/${name}?${new URLSearchParams({ projectId: project, chainId: CHAIN, userAddress: user.address, ...values })}`
  const send = async (tx: { to: string; data: string; value: string; eip155: { gas: string } }) => {
    const wallet = createWalletClient({ account: user, transport: http(anvil.rpcUrl) })
    const hash = await wallet.sendTransaction({
      chain: null,
      to: tx.to as Address,
      data: tx.data as Hex,
      value: BigInt(tx.value),
      gas: BigInt(tx.eip155.gas),
    })
    return client.waitForTransactionReceipt({ hash })
  }
  const balanceOf = (token: Address) =>
    client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [user.address] })

  it("quotes where only the aggregator can, approves the aggregator's spender, and its calldata executes", async () => {
    const swap = { from: PUSD, to: USDT, amount: '100' }
    const { quotes } = await get(app, route('quote', 'free', swap), swapQuoteResponseSchema)
    const [quote] = quotes
    const expected = await client.readContract({
      address: V2_ROUTER,
      abi: UNISWAP_V2_ROUTER_ABI,
      functionName: 'getAmountsOut',
      args: [100_000_000n, [PUSD, WETH, USDT]],
    })
    expect(quote).toMatchObject({
      route: { provider: '0x', path: [PUSD, WETH, USDT], pools: [] },
      spender: V2_ROUTER,
      toAmount: formatUnits(expected[2] ?? 0n, 6),
    })
    // The 0x API was asked with its key, for what reaches the pools.
    expect(api.requests.at(-1)).toMatchObject({
      path: '/swap/allowance-holder/price',
      query: { chainId: String(CHAIN_ID), sellToken: PUSD, buyToken: USDT, sellAmount: '100000000' },
    })

    // The allowance and the approval are the quote's spender's, not the built-in router's.
    const { spender: quoteSpender } = quote as { spender: string }
    const before = await get(
      app,
      route('allowance', 'free', { token: PUSD, amount: '100', spender: quoteSpender }),
      swapAllowanceResponseSchema,
    )
    expect(before).toEqual({ spender: V2_ROUTER, allowance: '0', sufficient: false })
    const approval = await get(app, route('approve', 'free', swap), swapApproveResponseSchema)
    expect(decodeFunctionData({ abi: erc20Abi, data: approval.tx.data as Hex }).args).toEqual([
      V2_ROUTER,
      100_000_000n,
    ])
    expect((await send(approval.tx)).status).toBe('success')
    const after = await get(
      app,
      route('allowance', 'free', { token: PUSD, amount: '100', spender: quoteSpender }),
      swapAllowanceResponseSchema,
    )
    expect(after.sufficient).toBe(true)
    // The built-in router was never approved.
    const router = await get(
      app,
      route('allowance', 'free', { token: PUSD, amount: '100' }),
      swapAllowanceResponseSchema,
    )
    expect(router).toEqual({ spender: TEST_SWAP_CONTRACTS.swapRouter02, allowance: '0', sufficient: false })

    const calldata = await get(app, route('calldata', 'free', swap), swapCalldataResponseSchema)
    expect(calldata.tx.to).toBe(V2_ROUTER)
    expect(api.requests.at(-1)).toMatchObject({
      path: '/swap/allowance-holder/quote',
      query: { sellAmount: '100000000', taker: user.address, slippageBps: '100' },
    })
    const [usdtBefore, pusdBefore] = await Promise.all([balanceOf(USDT), balanceOf(PUSD)])
    expect((await send(calldata.tx)).status).toBe('success')
    const [usdtAfter, pusdAfter] = await Promise.all([balanceOf(USDT), balanceOf(PUSD)])
    expect(pusdBefore - pusdAfter).toBe(100_000_000n)
    expect(formatUnits(usdtAfter - usdtBefore, 6)).toBe(calldata.quote.toAmount)
  })

  it('swaps the native currency through it, sending the amount as value', async () => {
    const swap = { from: 'native', to: PUSD, amount: '0.5' }
    const calldata = await get(app, route('calldata', 'free', swap), swapCalldataResponseSchema)
    expect(calldata.quote.route.provider).toBe('0x')
    expect(calldata.tx).toMatchObject({ to: V2_ROUTER, value: '500000000000000000' })
    const before = await balanceOf(PUSD)
    expect((await send(calldata.tx)).status).toBe('success')
    expect((await balanceOf(PUSD)) - before).toBeGreaterThanOrEqual(
      parseUnits(calldata.quote.minimumReceived, 6),
    )
  })

  it("passes the project's fee to the API as 0x's integrator fee, in the source token", async () => {
    await get(
      app,
      route('calldata', 'shop', { from: 'native', to: PUSD, amount: '1' }),
      swapCalldataResponseSchema,
    )
    expect(api.requests.at(-1)).toMatchObject({
      path: '/swap/allowance-holder/quote',
      query: {
        sellAmount: '1000000000000000000',
        swapFeeRecipient: FEE_RECIPIENT,
        swapFeeBps: '85',
        swapFeeToken: ZERO_EX_NATIVE_TOKEN,
      },
    })
  })

  it('leaves the pools to the on-chain provider where it quotes more', async () => {
    const { quotes } = await get(
      app,
      route('quote', 'free', { from: PUSD, to: PTK, amount: '10' }),
      swapQuoteResponseSchema,
    )
    expect(quotes[0]?.route.provider).toBe('onchain')
    expect(quotes[0]?.spender).toBe(TEST_SWAP_CONTRACTS.swapRouter02)
  })

  it('refuses calldata whose minimum is below the one promised, with a code', async () => {
    api.state.lie = true
    try {
      expect(
        await refusal(app, route('calldata', 'free', { from: 'native', to: PUSD, amount: '0.1' })),
      ).toMatchObject({
        status: 502,
        code: 'UPSTREAM_ERROR',
        message: expect.stringContaining('below the'),
      })
    } finally {
      api.state.lie = false
    }
  })

  it('answers 502 UPSTREAM_ERROR when the API refuses the key and no other provider quotes', async () => {
    const wrongKey = await appWith('not-the-key')
    expect(
      await refusal(wrongKey, route('quote', 'free', { from: PUSD, to: USDT, amount: '1' })),
    ).toMatchObject({
      status: 502,
      code: 'UPSTREAM_ERROR',
      message: expect.stringContaining('401'),
    })
  })
})
