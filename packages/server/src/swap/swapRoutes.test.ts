import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  apiErrorSchema,
  balanceResponseSchema,
  swapAllowanceResponseSchema,
  swapApproveResponseSchema,
  swapCalldataResponseSchema,
  swapGasPriceResponseSchema,
  swapNetworksResponseSchema,
  swapPricesResponseSchema,
  swapQuoteResponseSchema,
  swapTokensResponseSchema,
} from '@portico/core/api'
import {
  ANVIL_ADDRESSES,
  ANVIL_PRIVATE_KEYS,
  type AnvilInstance,
  deployPriceFeed,
  deploySwapContracts,
  deployTestTokens,
  getFreePort,
  movePoolPrice,
  setPriceFeedAnswer,
  startAnvil,
  TEST_SWAP_CONTRACTS,
  TEST_TOKENS,
  testSwapPool,
  testSwapToken,
} from '@portico/test'
import fc from 'fast-check'
import type { Kysely } from 'kysely'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  decodeFunctionData,
  erc20Abi,
  formatUnits,
  getAddress,
  type Hex,
  http,
  maxUint256,
  parseAbi,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ServerConfig, serverConfigSchema } from '../config.js'
import type { Database } from '../db/schema.js'
import { createApp } from '../http/createApp.js'
import { createLogger } from '../logger.js'
import { addProject } from '../projects/projects.js'
import { createMigratedDatabase, type TestDatabase } from '../testing/testDatabase.js'
import { quoterV2Abi, v2PairAbi } from './swapAbis.js'
import { v2AmountOut } from './swapMath.js'

const SITE = 'https://shop.example'
const CHAIN_ID = 31_337
const CHAIN = `eip155:${CHAIN_ID}`
const DOWN_CHAIN = 'eip155:902'
/** Receives the provider fee; holds nothing before, so its balances are the fees alone. */
const FEE_RECIPIENT = getAddress('0x00000000000000000000000000000000000fee01')

const WETH = testSwapToken('WETH').address
const PUSD = testSwapToken('PUSD').address
const PTK = testSwapToken('PTK').address
const USDT = testSwapToken('USDT').address
const ZERO = TEST_TOKENS.find((token) => token.key === 'ZERO')?.address as Address
const V2_ROUTER_ABI = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
])

const tokenEntry = (key: 'PUSD' | 'PTK' | 'USDT') => {
  const token = testSwapToken(key)
  return { address: token.address, name: token.name, symbol: token.symbol, decimals: token.decimals }
}

describe('the swap routes on anvil', () => {
  let anvil: AnvilInstance
  let database: TestDatabase
  let db: Kysely<Database>
  let config: ServerConfig
  let app: ReturnType<typeof createApp>
  const logger = createLogger({ level: 'error', stream: { write: () => {} } })
  let client: ReturnType<typeof createPublicClient>

  const swapChain = () => ({
    caipNetworkId: CHAIN,
    router: TEST_SWAP_CONTRACTS.swapRouter02,
    wrappedNative: WETH,
    v2: { factory: TEST_SWAP_CONTRACTS.v2.factory },
    v3: {
      factory: TEST_SWAP_CONTRACTS.v3.factory,
      quoter: TEST_SWAP_CONTRACTS.v3.quoterV2,
      feeTiers: [500, 3_000, 10_000],
    },
    quoteToken: PUSD,
    tokens: [tokenEntry('PUSD'), tokenEntry('PTK'), tokenEntry('USDT')],
  })

  const buildConfig = async (swap: Record<string, unknown>, chainFields: Record<string, unknown> = {}) =>
    serverConfigSchema.parse({
      chains: [
        {
          caipNetworkId: CHAIN,
          name: 'Anvil',
          rpcUrl: anvil.rpcUrl,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          // The portfolio's own tokens: ZERO is offered for swaps only to a visitor who holds it.
          tokens: [{ address: ZERO, name: 'Zero Decimal', symbol: 'ZERO', decimals: 0 }],
          indexer: { enabled: false },
        },
        {
          caipNetworkId: DOWN_CHAIN,
          name: 'Down',
          rpcUrl: `http://127.0.0.1:${await getFreePort()}`,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          indexer: { enabled: false },
        },
      ],
      swap: {
        ...swap,
        chains: [
          { ...swapChain(), ...chainFields },
          {
            caipNetworkId: DOWN_CHAIN,
            router: TEST_SWAP_CONTRACTS.swapRouter02,
            wrappedNative: WETH,
            v2: { factory: TEST_SWAP_CONTRACTS.v2.factory },
            tokens: [tokenEntry('PUSD')],
          },
        ],
      },
      // The static table: ETH's entry is what the portfolio shows unless it asks the pools.
      prices: { [`${CHAIN}/${ZERO}`]: 7, [`${CHAIN}/native`]: 1_234 },
    })

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: CHAIN_ID })
    // Accounts 0–4 hold PUSD, PTK, USDT and ZERO; then the pools are deployed and seeded.
    await deployTestTokens({ rpcUrl: anvil.rpcUrl })
    await deploySwapContracts(anvil.rpcUrl)
    client = createPublicClient({ transport: http(anvil.rpcUrl) })
    ;({ database, db } = await createMigratedDatabase('pglite'))
    await addProject(db, { id: 'shop', origins: [SITE] })
    await addProject(db, { id: 'free', origins: [SITE] })
    await addProject(db, { id: 'partner', origins: [SITE] })
    config = await buildConfig({
      fees: { shop: { recipient: FEE_RECIPIENT }, partner: { recipient: FEE_RECIPIENT, rate: 0.3 } },
    })
    app = createApp({ config, db, logger })
  }, 180_000)
  afterAll(async () => {
    await anvil?.stop()
    await db?.destroy()
    await database?.drop()
  })

  const get = (path: string, target = app) => target.request(path, { headers: { origin: SITE } })
  const json = async <T>(path: string, parse: { parse: (value: unknown) => T }, target = app) => {
    const response = await get(path, target)
    const body = await response.json()
    expect(response.status, JSON.stringify(body)).toBe(200)
    return parse.parse(body)
  }
  const refusal = async (path: string, target = app) => {
    const response = await get(path, target)
    return { status: response.status, ...apiErrorSchema.parse(await response.json()).error }
  }
  const query = (values: Record<string, string>) => new URLSearchParams(values).toString()
  const quotePath = (project: string, values: Record<string, string>) =>
    `/v1/swap/quote?${query({ projectId: project, chainId: CHAIN, ...values })}`

  const balanceOf = (token: Address, owner: Address) =>
    client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

  /** Sends a route's transaction from an anvil account and waits for its receipt. */
  const send = async (
    key: number,
    tx: { to: string; data: string; value: string; eip155: { gas: string } },
  ) => {
    const wallet = createWalletClient({
      account: privateKeyToAccount(ANVIL_PRIVATE_KEYS[key] as Hex),
      transport: http(anvil.rpcUrl),
    })
    const hash = await wallet.sendTransaction({
      chain: null,
      to: tx.to as Address,
      data: tx.data as Hex,
      value: BigInt(tx.value),
      gas: BigInt(tx.eip155.gas),
    })
    return client.waitForTransactionReceipt({ hash })
  }

  it('lists its swap chains', async () => {
    const body = await json(`/v1/swap/networks?projectId=shop`, swapNetworksResponseSchema)
    expect(body.networks).toEqual([CHAIN, DOWN_CHAIN])
  })

  it('lists the native currency and the configured tokens, with the visitor’s balances and the tokens they hold', async () => {
    const plain = await json(`/v1/swap/tokens?projectId=shop&chainId=${CHAIN}`, swapTokensResponseSchema)
    expect(plain.tokens.map((token) => token.symbol)).toEqual(['ETH', 'PUSD', 'PTK', 'USDT'])
    expect(plain.tokens[0]).toMatchObject({ address: 'native', decimals: 18, chainId: CHAIN })
    expect(plain.tokens.every((token) => token.balance === undefined)).toBe(true)

    // Account 0 holds ZERO (a portfolio token without pools): it joins the list with its balance.
    const holder = ANVIL_ADDRESSES[0] as Address
    const held = await json(
      `/v1/swap/tokens?projectId=shop&chainId=${CHAIN}&address=${holder}`,
      swapTokensResponseSchema,
    )
    expect(held.tokens.map((token) => [token.symbol, token.balance])).toEqual([
      ['ETH', formatUnits(await client.getBalance({ address: holder }), 18)],
      ['PUSD', '1000000'],
      ['PTK', '1000'],
      ['USDT', '500000'],
      ['ZERO', '10'],
    ])
    // An address that holds nothing gets the offered tokens only, at zero.
    const empty = await json(
      `/v1/swap/tokens?projectId=shop&chainId=${CHAIN}&address=0x000000000000000000000000000000000000e0e0`,
      swapTokensResponseSchema,
    )
    expect(empty.tokens.map((token) => token.symbol)).toEqual(['ETH', 'PUSD', 'PTK', 'USDT'])
  })

  it('prices tokens from the pools against the quote token, and falls back to the static table', async () => {
    const body = await json(
      `/v1/swap/prices?projectId=shop&chainId=${CHAIN}&tokens=native,${PUSD},${PTK},${ZERO}`,
      swapPricesResponseSchema,
    )
    const [eth, pusd, ptk, zero] = body.prices
    // WETH/PUSD holds 100 ETH against 300 000 PUSD: 3000 before any trade.
    expect(eth).toEqual({ address: 'native', price: 3_000 })
    expect(pusd).toEqual({ address: PUSD, price: 1 })
    // PTK's best route to PUSD for 1 PTK goes through WETH on V2 (1 ETH = 1150 PTK there).
    expect(ptk?.price).toBeCloseTo(3_000 / 1_150, 6)
    // ZERO has no pool: the static table's price.
    expect(zero).toEqual({ address: ZERO, price: 7 })
  })

  it('quotes a V2 pair as the pair computes it, with no fee for a project that charges none', async () => {
    const body = await json(
      quotePath('free', { userAddress: ANVIL_ADDRESSES[1] as string, from: 'native', to: PUSD, amount: '1' }),
      swapQuoteResponseSchema,
    )
    const [quote] = body.quotes
    const [reserveWeth, reservePusd] = await client.readContract({
      address: testSwapPool('v2:WETH/PUSD').address,
      abi: v2PairAbi,
      functionName: 'getReserves',
    })
    const expected = v2AmountOut(10n ** 18n, reserveWeth, reservePusd)
    // Uniswap's own V2 router agrees.
    const [, routerOut] = await client.readContract({
      address: TEST_SWAP_CONTRACTS.v2.router,
      abi: V2_ROUTER_ABI,
      functionName: 'getAmountsOut',
      args: [10n ** 18n, [WETH, PUSD]],
    })
    expect(routerOut).toBe(expected)
    expect(quote).toMatchObject({
      from: 'native',
      to: PUSD,
      fromAmount: '1',
      swapAmount: '1',
      toAmount: formatUnits(expected, 6),
      minimumReceived: formatUnits((expected * 99n) / 100n, 6),
      slippage: 1,
      spender: TEST_SWAP_CONTRACTS.swapRouter02,
      route: {
        provider: 'onchain',
        path: [WETH, PUSD],
        pools: [{ protocol: 'v2', address: testSwapPool('v2:WETH/PUSD').address }],
      },
    })
    expect(quote?.providerFee).toBeUndefined()
    expect(quote?.priceImpact).toBeGreaterThan(0.3)
  })

  it('quotes V3 across the fee tiers and takes the tier that gives the most, with the fee taken first', async () => {
    const body = await json(
      quotePath('shop', {
        userAddress: ANVIL_ADDRESSES[1] as string,
        from: PUSD,
        to: PTK,
        amount: '100',
        slippage: '0.5',
      }),
      swapQuoteResponseSchema,
    )
    const [quote] = body.quotes
    // 0.85% of 100 PUSD goes to the recipient; 99.15 reach the pools.
    expect(quote?.providerFee).toEqual({ rate: 0.85, amount: '0.85', recipient: FEE_RECIPIENT })
    expect(quote?.swapAmount).toBe('99.15')
    const swapAmount = parseUnits('99.15', 6)
    const quoteTier = async (fee: number) => {
      const { result } = await client.simulateContract({
        address: TEST_SWAP_CONTRACTS.v3.quoterV2,
        abi: quoterV2Abi,
        functionName: 'quoteExactInputSingle',
        args: [{ tokenIn: PUSD, tokenOut: PTK, amountIn: swapAmount, fee, sqrtPriceLimitX96: 0n }],
      })
      return result[0]
    }
    const [on500, on3000] = [await quoteTier(500), await quoteTier(3_000)]
    // The 0.3% pool prices PTK at 2.4 PUSD, the 0.05% one at 2.5: the dearer fee tier wins here.
    expect(on3000).toBeGreaterThan(on500)
    expect(quote?.toAmount).toBe(formatUnits(on3000, 18))
    expect(quote?.minimumReceived).toBe(formatUnits((on3000 * 995n) / 1000n, 18))
    expect(quote?.route.pools).toEqual([
      { protocol: 'v3', fee: 3_000, address: testSwapPool('v3:PTK/PUSD:3000').address },
    ])
  })

  it('charges a project its own fee rate', async () => {
    const body = await json(
      quotePath('partner', {
        userAddress: ANVIL_ADDRESSES[1] as string,
        from: PUSD,
        to: PTK,
        amount: '1000',
      }),
      swapQuoteResponseSchema,
    )
    expect(body.quotes[0]).toMatchObject({
      fromAmount: '1000',
      swapAmount: '997',
      providerFee: { rate: 0.3, amount: '3', recipient: FEE_RECIPIENT },
    })
  })

  it('goes through the wrapped native token when no pool joins the two tokens', async () => {
    const body = await json(
      quotePath('free', { userAddress: ANVIL_ADDRESSES[1] as string, from: USDT, to: PUSD, amount: '300' }),
      swapQuoteResponseSchema,
    )
    const [quote] = body.quotes
    const amounts = await client.readContract({
      address: TEST_SWAP_CONTRACTS.v2.router,
      abi: V2_ROUTER_ABI,
      functionName: 'getAmountsOut',
      args: [300n * 10n ** 6n, [USDT, WETH, PUSD]],
    })
    expect(quote?.route.path).toEqual([USDT, WETH, PUSD])
    expect(quote?.route.pools.map((pool) => pool.protocol)).toEqual(['v2', 'v2'])
    expect(quote?.toAmount).toBe(formatUnits(amounts[2] as bigint, 6))
  })

  it('approves exactly the amount for the router, and the swap calldata executes with the fee paid to its recipient', async () => {
    const user = ANVIL_ADDRESSES[2] as Address
    const params = { userAddress: user, from: PUSD, to: PTK, amount: '250' }
    const allowancePath = `/v1/swap/allowance?${query({ projectId: 'shop', chainId: CHAIN, token: PUSD, userAddress: user, amount: '250' })}`
    const before = await json(allowancePath, swapAllowanceResponseSchema)
    expect(before).toEqual({ spender: TEST_SWAP_CONTRACTS.swapRouter02, allowance: '0', sufficient: false })

    const approve = await json(
      `/v1/swap/approve?${query({ projectId: 'shop', chainId: CHAIN, ...params })}`,
      swapApproveResponseSchema,
    )
    expect(approve.tx).toMatchObject({ from: user, to: PUSD, value: '0' })
    expect(approve.allowance).toBe('250')
    const decoded = decodeFunctionData({ abi: erc20Abi, data: approve.tx.data as Hex })
    expect(decoded).toEqual({
      functionName: 'approve',
      args: [TEST_SWAP_CONTRACTS.swapRouter02, 250n * 10n ** 6n],
    })
    expect((await send(2, approve.tx)).status).toBe('success')
    expect(await json(allowancePath, swapAllowanceResponseSchema)).toMatchObject({
      allowance: '250',
      sufficient: true,
    })

    const calldata = await json(
      `/v1/swap/calldata?${query({ projectId: 'shop', chainId: CHAIN, ...params })}`,
      swapCalldataResponseSchema,
    )
    expect(calldata.tx).toMatchObject({ from: user, to: TEST_SWAP_CONTRACTS.swapRouter02, value: '0' })
    expect(calldata.deadline).toBeGreaterThan(Date.now() / 1000)
    const [pusdBefore, ptkBefore, feeBefore] = await Promise.all([
      balanceOf(PUSD, user),
      balanceOf(PTK, user),
      balanceOf(PUSD, FEE_RECIPIENT),
    ])
    const receipt = await send(2, calldata.tx)
    expect(receipt.status).toBe('success')
    const [pusdAfter, ptkAfter, feeAfter] = await Promise.all([
      balanceOf(PUSD, user),
      balanceOf(PTK, user),
      balanceOf(PUSD, FEE_RECIPIENT),
    ])
    expect(pusdBefore - pusdAfter).toBe(250n * 10n ** 6n)
    // Nobody traded in between: the visitor gets exactly the quote.
    expect(ptkAfter - ptkBefore).toBe(parseUnits(calldata.quote.toAmount, 18))
    expect(feeAfter - feeBefore).toBe(parseUnits(calldata.quote.providerFee?.amount ?? 'x', 6))
    expect(feeAfter - feeBefore).toBe(2_125_000n)
    // The exact approval is used up.
    expect(await json(allowancePath, swapAllowanceResponseSchema)).toMatchObject({
      allowance: '0',
      sufficient: false,
    })
  })

  it('swaps a Tether-style source through the wrapped native token, resetting a remaining allowance first', async () => {
    const user = ANVIL_ADDRESSES[2] as Address
    const params = (amount: string) =>
      query({ projectId: 'shop', chainId: CHAIN, userAddress: user, from: USDT, to: PUSD, amount })
    // An approval for 10 USDT that is never used …
    const first = await json(`/v1/swap/approve?${params('10')}`, swapApproveResponseSchema)
    expect((await send(2, first.tx)).status).toBe('success')
    // … makes the token refuse an approval for another amount: the server asks for 0 first.
    const reset = await json(`/v1/swap/approve?${params('600')}`, swapApproveResponseSchema)
    expect(reset.allowance).toBe('0')
    expect(decodeFunctionData({ abi: erc20Abi, data: reset.tx.data as Hex }).args).toEqual([
      TEST_SWAP_CONTRACTS.swapRouter02,
      0n,
    ])
    expect((await send(2, reset.tx)).status).toBe('success')
    const approve = await json(`/v1/swap/approve?${params('600')}`, swapApproveResponseSchema)
    expect(approve.allowance).toBe('600')
    expect((await send(2, approve.tx)).status).toBe('success')

    const calldata = await json(`/v1/swap/calldata?${params('600')}`, swapCalldataResponseSchema)
    expect(calldata.quote.route.path).toEqual([USDT, WETH, PUSD])
    const [usdtBefore, pusdBefore, feeBefore] = await Promise.all([
      balanceOf(USDT, user),
      balanceOf(PUSD, user),
      balanceOf(USDT, FEE_RECIPIENT),
    ])
    expect((await send(2, calldata.tx)).status).toBe('success')
    expect(usdtBefore - (await balanceOf(USDT, user))).toBe(600n * 10n ** 6n)
    expect((await balanceOf(PUSD, user)) - pusdBefore).toBe(parseUnits(calldata.quote.toAmount, 6))
    expect((await balanceOf(USDT, FEE_RECIPIENT)) - feeBefore).toBe(5_100_000n)
  })

  it('swaps the native currency through the router, paying the fee in it', async () => {
    const user = ANVIL_ADDRESSES[3] as Address
    const calldata = await json(
      `/v1/swap/calldata?${query({ projectId: 'shop', chainId: CHAIN, userAddress: user, from: 'native', to: PTK, amount: '2' })}`,
      swapCalldataResponseSchema,
    )
    expect(calldata.tx.value).toBe(String(2n * 10n ** 18n))
    const [ptkBefore, feeBefore] = [
      await balanceOf(PTK, user),
      await client.getBalance({ address: FEE_RECIPIENT }),
    ]
    expect((await send(3, calldata.tx)).status).toBe('success')
    expect((await balanceOf(PTK, user)) - ptkBefore).toBe(parseUnits(calldata.quote.toAmount, 18))
    // 0.85% of 2 ETH, received as ETH.
    expect((await client.getBalance({ address: FEE_RECIPIENT })) - feeBefore).toBe(17n * 10n ** 15n)
  })

  it('unwraps a native target to the visitor', async () => {
    const user = ANVIL_ADDRESSES[3] as Address
    const params = {
      projectId: 'free',
      chainId: CHAIN,
      userAddress: user,
      from: PUSD,
      to: 'native',
      amount: '3000',
    }
    const approve = await json(`/v1/swap/approve?${query(params)}`, swapApproveResponseSchema)
    expect((await send(3, approve.tx)).status).toBe('success')
    const calldata = await json(`/v1/swap/calldata?${query(params)}`, swapCalldataResponseSchema)
    const ethBefore = await client.getBalance({ address: user })
    const receipt = await send(3, calldata.tx)
    expect(receipt.status).toBe('success')
    const spent = receipt.gasUsed * receipt.effectiveGasPrice
    expect((await client.getBalance({ address: user })) - ethBefore + spent).toBe(
      parseUnits(calldata.quote.toAmount, 18),
    )
    // The router keeps nothing.
    expect(await balanceOf(WETH, TEST_SWAP_CONTRACTS.swapRouter02)).toBe(0n)
  })

  it('holds the minimum output: a swap whose pool moved beyond the slippage reverts', async () => {
    const user = ANVIL_ADDRESSES[4] as Address
    const calldata = await json(
      `/v1/swap/calldata?${query({ projectId: 'free', chainId: CHAIN, userAddress: user, from: 'native', to: PUSD, amount: '1' })}`,
      swapCalldataResponseSchema,
    )
    const pusdBefore = await balanceOf(PUSD, user)
    await movePoolPrice(anvil.rpcUrl, { pool: testSwapPool('v2:WETH/PUSD'), sell: 'WETH' })
    const receipt = await send(4, calldata.tx)
    expect(receipt.status).toBe('reverted')
    expect(await balanceOf(PUSD, user)).toBe(pusdBefore)
    // A new quote reflects the moved pool and goes through.
    const fresh = await json(
      `/v1/swap/calldata?${query({ projectId: 'free', chainId: CHAIN, userAddress: user, from: 'native', to: PUSD, amount: '1' })}`,
      swapCalldataResponseSchema,
    )
    expect(parseUnits(fresh.quote.toAmount, 6)).toBeLessThan(parseUnits(calldata.quote.minimumReceived, 6))
    expect((await send(4, fresh.tx)).status).toBe('success')
  })

  it('answers the gas price in wei', async () => {
    const body = await json(`/v1/swap/gas-price?projectId=shop&chainId=${CHAIN}`, swapGasPriceResponseSchema)
    expect(BigInt(body.standard)).toBe(await client.getGasPrice())
    expect(BigInt(body.fast)).toBeGreaterThanOrEqual(BigInt(body.standard))
  })

  it('refuses what it cannot swap with the contract’s codes, never a 500', async () => {
    const user = ANVIL_ADDRESSES[1] as string
    expect(await refusal(`/v1/swap/tokens?projectId=shop&chainId=eip155:1`)).toMatchObject({
      status: 400,
      code: 'UNSUPPORTED_CHAIN',
    })
    expect(
      await refusal(`/v1/swap/tokens?projectId=shop&chainId=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`),
    ).toMatchObject({
      code: 'UNSUPPORTED_CHAIN',
    })
    const unknown = getAddress('0x000000000000000000000000000000000000beef')
    expect(
      await refusal(quotePath('shop', { userAddress: user, from: unknown, to: PUSD, amount: '1' })),
    ).toMatchObject({
      status: 400,
      code: 'UNKNOWN_TOKEN',
    })
    for (const amount of ['0', '-1', '1e3', 'one', '0.0000001']) {
      expect(
        await refusal(quotePath('shop', { userAddress: user, from: PUSD, to: PTK, amount })),
        amount,
      ).toMatchObject({
        status: 400,
        code: 'INVALID_AMOUNT',
      })
    }
    // ZERO is a known token (account 0 holds it) without any pool.
    expect(
      await refusal(quotePath('shop', { userAddress: user, from: ZERO, to: PUSD, amount: '1' })),
    ).toMatchObject({
      status: 404,
      code: 'NO_ROUTE',
    })
    expect(
      await refusal(quotePath('shop', { userAddress: user, from: PUSD, to: PUSD, amount: '1' })),
    ).toMatchObject({
      code: 'BAD_REQUEST',
    })
    for (const bad of [
      quotePath('shop', { userAddress: 'nobody', from: PUSD, to: PTK, amount: '1' }),
      quotePath('shop', { userAddress: user, from: 'ETH', to: PTK, amount: '1' }),
      quotePath('shop', { userAddress: user, from: PUSD, to: PTK, amount: '1', slippage: '75' }),
      `/v1/swap/quote?projectId=shop&chainId=${CHAIN}`,
      `/v1/swap/prices?projectId=shop&chainId=${CHAIN}&tokens=native,,`,
      `/v1/swap/approve?${query({ projectId: 'shop', chainId: CHAIN, userAddress: user, from: 'native', to: PTK, amount: '1' })}`,
      `/v1/swap/tokens?projectId=shop&chainId=eip155`,
    ]) {
      const answer = await refusal(bad)
      expect(answer.status, bad).toBe(400)
      expect(answer.code, bad).toBe('BAD_REQUEST')
    }
  })

  it('answers any query with a 2xx or a coded 4xx, never a 5xx', async () => {
    const user = ANVIL_ADDRESSES[1] as string
    const value = (valid: string[]) =>
      fc.oneof(fc.constantFrom(...valid), fc.string({ maxLength: 12 }), fc.constant(undefined))
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('quote', 'calldata', 'approve', 'allowance', 'prices', 'tokens', 'gas-price'),
        fc.record({
          chainId: value([CHAIN, 'eip155:1', 'eip155:x']),
          userAddress: value([user, '0x12']),
          address: value([user]),
          from: value(['native', PUSD, PTK, ZERO]),
          to: value(['native', PUSD, USDT]),
          token: value(['native', PUSD]),
          tokens: value([`native,${PTK}`, ',', 'native'.repeat(3)]),
          amount: value(['1', '0.5', '0', '1e3', '99999999999999999999999999999999']),
          slippage: value(['1', '0.5', '0', '51']),
        }),
        async (route, params) => {
          const defined = Object.fromEntries(
            Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined),
          )
          const response = await get(`/v1/swap/${route}?${query({ projectId: 'free', ...defined })}`)
          const body = await response.json()
          if (response.status === 200) return
          expect([400, 404, 422], JSON.stringify({ route, params, body })).toContain(response.status)
          apiErrorSchema.parse(body)
        },
      ),
      { numRuns: 80 },
    )
  })

  it('answers 502 UPSTREAM_ERROR with a code when the chain’s node is down', async () => {
    const user = ANVIL_ADDRESSES[1] as string
    const path = `/v1/swap/quote?${query({ projectId: 'shop', chainId: DOWN_CHAIN, userAddress: user, from: 'native', to: PUSD, amount: '1' })}`
    expect(await refusal(path)).toMatchObject({ status: 502, code: 'UPSTREAM_ERROR' })
    expect(await refusal(`/v1/swap/gas-price?projectId=shop&chainId=${DOWN_CHAIN}`)).toMatchObject({
      status: 502,
      code: 'UPSTREAM_ERROR',
    })
  })

  it('answers 504 UPSTREAM_TIMEOUT when the chain’s node does not answer in time', async () => {
    // A node that takes the request and never answers.
    const silent = createServer(() => {})
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    try {
      const port = (silent.address() as AddressInfo).port
      const parsed = await buildConfig({})
      const slow = createApp({
        config: {
          ...parsed,
          rpc: { ...parsed.rpc, timeoutMs: 200 },
          chains: parsed.chains.map((chain) =>
            chain.caipNetworkId === DOWN_CHAIN ? { ...chain, rpcUrl: `http://127.0.0.1:${port}` } : chain,
          ),
        },
        db,
        logger,
      })
      const user = ANVIL_ADDRESSES[1] as string
      const path = `/v1/swap/quote?${query({ projectId: 'shop', chainId: DOWN_CHAIN, userAddress: user, from: 'native', to: PUSD, amount: '1' })}`
      expect(await refusal(path, slow)).toMatchObject({ status: 504, code: 'UPSTREAM_TIMEOUT' })
    } finally {
      silent.closeAllConnections()
      await new Promise((resolve) => silent.close(resolve))
    }
  })

  it('applies the project and origin rules of every /v1 route', async () => {
    const path = `/v1/swap/tokens?chainId=${CHAIN}`
    expect(await refusal(path)).toMatchObject({ status: 400, code: 'PROJECT_ID_MISSING' })
    expect(await refusal(`${path}&projectId=nope`)).toMatchObject({ status: 403, code: 'INVALID_PROJECT_ID' })
    const stranger = await app.request(`${path}&projectId=shop`, {
      headers: { origin: 'https://evil.example' },
    })
    expect(stranger.status).toBe(403)
    expect(apiErrorSchema.parse(await stranger.json()).error.code).toBe('ORIGIN_NOT_ALLOWED')
  })

  it('refuses an amount the pools cannot fill with INSUFFICIENT_LIQUIDITY, and approves without limit only when the site opts in', async () => {
    // V3 alone (no V2 pairs): PUSD → PTK has only the two V3 pools, whose full-range positions
    // end before the price bound an astronomical amount would push them to.
    const v3Only = createApp({
      config: await buildConfig({ unlimitedApprovals: true }).then((parsed) => ({
        ...parsed,
        swap: {
          ...parsed.swap,
          chains: parsed.swap.chains.map(({ v2, ...chain }) =>
            chain.caipNetworkId === CHAIN || !v2 ? chain : { ...chain, v2 },
          ),
        },
      })),
      db,
      logger,
    })
    const user = ANVIL_ADDRESSES[1] as string
    expect(
      await refusal(
        quotePath('free', { userAddress: user, from: PUSD, to: PTK, amount: '1'.padEnd(35, '0') }),
        v3Only,
      ),
    ).toMatchObject({ status: 422, code: 'INSUFFICIENT_LIQUIDITY' })
    const approve = await json(
      `/v1/swap/approve?${query({ projectId: 'free', chainId: CHAIN, userAddress: user, from: PUSD, to: PTK, amount: '1' })}`,
      swapApproveResponseSchema,
      v3Only,
    )
    expect(approve.allowance).toBeNull()
    expect(decodeFunctionData({ abi: erc20Abi, data: approve.tx.data as Hex }).args).toEqual([
      TEST_SWAP_CONTRACTS.swapRouter02,
      maxUint256,
    ])
  })

  it('leaves V2 out where the router was built with another V2 factory than the config names', async () => {
    const parsed = await buildConfig({})
    const mismatched = createApp({
      config: {
        ...parsed,
        swap: {
          ...parsed.swap,
          chains: parsed.swap.chains.map((chain) =>
            chain.caipNetworkId === CHAIN
              ? { ...chain, v2: { factory: TEST_SWAP_CONTRACTS.v3.factory } }
              : chain,
          ),
        },
      },
      db,
      logger,
    })
    const user = ANVIL_ADDRESSES[1] as string
    // WETH/PUSD has a V2 pair only: the router would swap through another factory's pairs.
    expect(
      await refusal(
        quotePath('free', { userAddress: user, from: 'native', to: PUSD, amount: '1' }),
        mismatched,
      ),
    ).toMatchObject({ status: 404, code: 'NO_ROUTE' })
    // V3 still quotes.
    const body = await json(
      quotePath('free', { userAddress: user, from: PUSD, to: PTK, amount: '1' }),
      swapQuoteResponseSchema,
      mismatched,
    )
    expect(body.quotes[0]?.route.pools.map((pool) => pool.protocol)).toEqual(['v3'])
  })

  it('values the portfolio at the pools’ prices when configured, the static table elsewhere', async () => {
    const withPools = createApp({
      config: await buildConfig({ portfolioPrices: true }),
      db,
      logger,
    })
    const holder = ANVIL_ADDRESSES[0] as Address
    const body = await json(
      `/v1/account/${holder}/balance?projectId=shop&chainId=${CHAIN}`,
      balanceResponseSchema,
      withPools,
    )
    const native = body.balances.find((balance) => balance.address === undefined)
    expect(native?.price).toBeGreaterThan(0)
    const [reserveWeth, reservePusd] = await client.readContract({
      address: testSwapPool('v2:WETH/PUSD').address,
      abi: v2PairAbi,
      functionName: 'getReserves',
    })
    expect(native?.price).toBeCloseTo(Number(reservePusd * 10n ** 12n) / Number(reserveWeth), 6)
    // Without the option, the static table alone.
    const plain = await json(
      `/v1/account/${holder}/balance?projectId=shop&chainId=${CHAIN}`,
      balanceResponseSchema,
    )
    expect(plain.balances.find((balance) => balance.address === undefined)?.price).toBe(1_234)
  })

  describe('Chainlink price feeds', () => {
    const USD = 10n ** 8n
    const nowSeconds = () => BigInt(Math.floor(Date.now() / 1000))

    it('prefers a fresh feed over the pools, passes over a stale or non-positive one with its code, and caches', async () => {
      const eth = await deployPriceFeed(anvil.rpcUrl, { description: 'ETH / USD', answer: 3_100n * USD })
      const ptk = await deployPriceFeed(anvil.rpcUrl, { description: 'PTK / USD', answer: 4n * USD })
      const usdt = await deployPriceFeed(anvil.rpcUrl, { description: 'USDT / USD', answer: USD })
      // PTK's feed last reported two hours ago, beyond its one-hour heartbeat; USDT's answers 0.
      await setPriceFeedAnswer(anvil.rpcUrl, ptk, { answer: 4n * USD, updatedAt: nowSeconds() - 7_200n })
      await setPriceFeedAnswer(anvil.rpcUrl, usdt, { answer: 0n, updatedAt: nowSeconds() })
      const warnings: Record<string, unknown>[] = []
      const watched = createLogger({
        level: 'warn',
        stream: { write: (line: string) => void warnings.push(JSON.parse(line)) },
      })
      let clock = Date.now()
      const feedConfig = await buildConfig(
        { priceCacheMs: 30_000 },
        {
          priceFeeds: [
            { token: 'native', feed: eth },
            { token: PTK, feed: ptk, heartbeatSeconds: 3_600 },
            { token: USDT, feed: usdt },
          ],
        },
      )
      const withFeeds = createApp({ config: feedConfig, db, logger: watched, now: () => clock })
      const poolsOnly = createApp({ config: await buildConfig({}), db, logger })
      const path = `/v1/swap/prices?projectId=shop&chainId=${CHAIN}&tokens=native,${PTK},${USDT}`
      const fromPools = await json(path, swapPricesResponseSchema, poolsOnly)
      const fed = await json(path, swapPricesResponseSchema, withFeeds)
      // ETH: the feed's 3100, not the pools' price.
      expect(fed.prices[0]).toEqual({ address: 'native', price: 3_100 })
      expect(fromPools.prices[0]?.price).not.toBe(3_100)
      // PTK (stale) and USDT (0): the pools' prices, as a server without feeds gives them.
      expect(fed.prices[1]).toEqual(fromPools.prices[1])
      expect(fed.prices[2]).toEqual(fromPools.prices[2])
      expect(fed.prices[1]?.price).not.toBe(4)
      expect(warnings.map((line) => [line.msg, line.code, line.token])).toEqual(
        expect.arrayContaining([
          ['price feed refused', 'PRICE_FEED_STALE', PTK],
          ['price feed refused', 'PRICE_FEED_NOT_POSITIVE', USDT],
        ]),
      )

      // A new answer is read once the cached one has aged past priceCacheMs, not before.
      await setPriceFeedAnswer(anvil.rpcUrl, eth, { answer: 3_250n * USD, updatedAt: nowSeconds() })
      expect((await json(path, swapPricesResponseSchema, withFeeds)).prices[0]?.price).toBe(3_100)
      clock += 30_001
      expect((await json(path, swapPricesResponseSchema, withFeeds)).prices[0]?.price).toBe(3_250)

      // A fresh answer for PTK now counts.
      await setPriceFeedAnswer(anvil.rpcUrl, ptk, { answer: 4n * USD, updatedAt: nowSeconds() })
      clock += 30_001
      expect((await json(path, swapPricesResponseSchema, withFeeds)).prices[1]?.price).toBe(4)
    })

    it('refuses a config with two feeds for one token', async () => {
      await expect(
        buildConfig(
          {},
          {
            priceFeeds: [
              { token: PTK, feed: PUSD },
              { token: PTK.toLowerCase(), feed: PUSD },
            ],
          },
        ),
      ).rejects.toThrow('each token may have one price feed')
    })
  })
})
