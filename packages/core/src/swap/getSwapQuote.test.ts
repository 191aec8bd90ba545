// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { disconnect } from '../connection/disconnect.js'
import {
  connectedSwapAccount,
  refusal,
  SWAP_TOKENS,
  startSwapTestServer,
} from '../testing/swapServer.testkit.js'
import { getSwapQuote } from './getSwapQuote.js'
import { getSwapTokens } from './getSwapTokens.js'
import { SwapNetworkNotServedError, SwapPreparationError, SwapValidationError } from './swapErrors.js'

const { ETH, PUSD, PTK } = SWAP_TOKENS
let server: Awaited<ReturnType<typeof startSwapTestServer>>
beforeEach(async () => {
  server = await startSwapTestServer()
})
afterEach(() => server.close())

describe('getSwapTokens', () => {
  it("lists the network's swap tokens with the connected account's balances", async () => {
    const { portico } = await connectedSwapAccount(server)
    const tokens = await getSwapTokens(portico)
    expect(tokens.map((token) => [token.symbol, token.balance])).toEqual([
      ['ETH', '1.2345'],
      ['PUSD', '100'],
      ['PTK', '0'],
    ])
    expect(server.swapRequests('tokens')[0]?.query).toMatchObject({
      chainId: 'eip155:1',
      address: '0x1111111111111111111111111111111111111111',
      projectId: 'test-project',
    })
  })

  it('refuses a network the server has no swaps for', async () => {
    server.script.override.tokens = () => refusal(400, 'UNSUPPORTED_CHAIN')
    const { portico } = await connectedSwapAccount(server)
    await expect(getSwapTokens(portico)).rejects.toBeInstanceOf(SwapNetworkNotServedError)
  })
})

describe('getSwapQuote', () => {
  it('quotes the network token and builds the swap at once: it needs no approval (SPEC §4)', async () => {
    const { portico } = await connectedSwapAccount(server)
    const quote = await getSwapQuote(portico, { from: ETH, to: PUSD, amount: '1' })
    expect(quote.quote.toAmount).toBe('1983')
    expect(quote.quote.minimumReceived).toBe('1963.17')
    expect(quote.approval).toBeUndefined()
    expect(quote.transaction).toMatchObject({ data: '0x38ed1739', value: 10n ** 18n, gas: 120_000n })
    expect(quote.gasFee).toBe(120_000n * 1_000_000_000n)
    expect(server.swapRequests('allowance')).toHaveLength(0)
    expect(server.swapRequests('calldata')[0]?.query).toMatchObject({
      from: 'native',
      to: PUSD.address,
      amount: '1',
      slippage: '1',
      userAddress: '0x1111111111111111111111111111111111111111',
    })
  })

  it('builds the approval first when the allowance is not sufficient, and no swap yet (SPEC §4)', async () => {
    const { portico } = await connectedSwapAccount(server)
    const quote = await getSwapQuote(portico, { from: PUSD, to: PTK, amount: '10' })
    expect(quote.approval).toMatchObject({ data: '0x095ea7b3', gas: 60_000n, toAmount: '10' })
    expect(quote.transaction).toBeUndefined()
    // The allowance of the quote's own spender (an aggregator's contract may not be the router).
    expect(server.swapRequests('allowance')[0]?.query).toMatchObject({
      token: PUSD.address,
      amount: '10',
      spender: quote.quote.spender,
    })
    expect(server.swapRequests('calldata')).toHaveLength(0)
  })

  it('builds the swap when the allowance is sufficient', async () => {
    server.script.approved.add(PUSD.address)
    const { portico } = await connectedSwapAccount(server)
    const quote = await getSwapQuote(portico, { from: PUSD, to: PTK, amount: '10' })
    expect(quote.approval).toBeUndefined()
    expect(quote.transaction?.toAmount).toBe('19.83')
  })

  it.each([
    ['', 'noAmount'],
    ['abc', 'invalidAmount'],
    ['0', 'zeroAmount'],
    ['0.0', 'zeroAmount'],
    ['1.1234567', 'invalidAmount'],
  ])(
    'refuses the amount %j before the server is asked (SPEC §5: greater than 0)',
    async (amount, problem) => {
      const { portico } = await connectedSwapAccount(server)
      const error = await getSwapQuote(portico, { from: PUSD, to: PTK, amount }).catch((caught) => caught)
      expect(error).toBeInstanceOf(SwapValidationError)
      expect(error.problem).toBe(problem)
      expect(server.swapRequests('quote')).toHaveLength(0)
    },
  )

  it('refuses without a connected address (SPEC §5)', async () => {
    const { portico } = await connectedSwapAccount(server)
    await disconnect(portico)
    const error = await getSwapQuote(portico, { from: ETH, to: PUSD, amount: '1' }).catch((caught) => caught)
    expect(error).toMatchObject({ name: 'SwapValidationError', problem: 'notConnected' })
    expect(error.shortMessage).toBe('No address found to swap the tokens from.')
  })

  it.each([
    ['quote', 'quote', 'Insufficient balance'],
    ['allowance', 'allowance', 'Failed to check allowance'],
    ['approve', 'approval', 'Failed to create approval transaction'],
  ])('names the failed step when the %s route fails (SPEC §8)', async (route, step, text) => {
    server.script.override[route] = () => refusal(502, 'UPSTREAM_ERROR')
    const { portico } = await connectedSwapAccount(server)
    const error = await getSwapQuote(portico, { from: PUSD, to: PTK, amount: '1' }).catch((caught) => caught)
    expect(error).toBeInstanceOf(SwapPreparationError)
    expect(error).toMatchObject({ step, shortMessage: text })
  })

  it("names the transaction step when the swap's calldata fails (SPEC §8 'Failed to create transaction')", async () => {
    server.script.override.calldata = () => refusal(400, 'BAD_REQUEST')
    const { portico } = await connectedSwapAccount(server)
    const error = await getSwapQuote(portico, { from: ETH, to: PTK, amount: '1' }).catch((caught) => caught)
    expect(error).toMatchObject({ step: 'transaction', shortMessage: 'Failed to create transaction' })
  })

  it('keeps the server refusal as the cause, so NO_ROUTE can be told apart', async () => {
    server.script.override.quote = () => refusal(400, 'NO_ROUTE')
    const { portico } = await connectedSwapAccount(server)
    const error = await getSwapQuote(portico, { from: ETH, to: PTK, amount: '1' }).catch((caught) => caught)
    expect(error.cause).toMatchObject({ name: 'ApiRequestError', apiCode: 'NO_ROUTE' })
  })

  it('refuses a swap of a token into itself', async () => {
    const { portico } = await connectedSwapAccount(server)
    await expect(getSwapQuote(portico, { from: PTK, to: PTK, amount: '1' })).rejects.toMatchObject({
      problem: 'sameToken',
    })
  })

  it('drops a server answer that does not match the contract', async () => {
    server.script.override.quote = () => ({ status: 200, body: { quotes: [{ toAmount: 12 }] } })
    const { portico } = await connectedSwapAccount(server)
    const error = await getSwapQuote(portico, { from: ETH, to: PTK, amount: '1' }).catch((caught) => caught)
    expect(error).toMatchObject({ step: 'quote' })
    expect(error.cause).toMatchObject({ name: 'InvalidResponseError' })
  })
})
