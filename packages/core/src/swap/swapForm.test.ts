// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { disconnect } from '../connection/disconnect.js'
import type { Portico } from '../portico.js'
import { connectedSwapAccount, SWAP_TOKENS, startSwapTestServer } from '../testing/swapServer.testkit.js'
import { setSwapAmount } from './setSwapAmount.js'
import { setSwapToken } from './setSwapToken.js'
import { getSwapValidation } from './swapForm.js'
import { switchSwapTokens } from './switchSwapTokens.js'

const { ETH, PUSD, PTK } = SWAP_TOKENS
const form = (token: { address: string; symbol: string; name: string; decimals: number }) => ({
  ...token,
  chainId: 'eip155:1' as const,
  iconUrl: undefined,
})
let server: Awaited<ReturnType<typeof startSwapTestServer>>
beforeEach(async () => {
  server = await startSwapTestServer()
})
afterEach(() => server.close())

/** The form set up as `initializeSwapForm` leaves it: 1.2345 ETH and 100 PUSD held. */
type TestToken = { address: string; symbol: string; name: string; decimals: number }
async function filled(source: TestToken = ETH, to: TestToken = PUSD) {
  const context = await connectedSwapAccount(server)
  const { swap } = context.portico.state
  swap.initialized = true
  swap.myTokensWithBalance = [
    { ...form(ETH), quantity: { numeric: '1.2345' }, price: 2000 },
    { ...form(PUSD), quantity: { numeric: '100' }, price: 1 },
  ]
  setSwapToken(context.portico, { side: 'source', token: form(source) })
  setSwapToken(context.portico, { side: 'to', token: form(to) })
  return context
}
const problem = (portico: Portico) => getSwapValidation(portico).problem

describe('swap validation (SPEC §5 Swap)', () => {
  it('needs a connected address', async () => {
    const { portico } = await filled()
    setSwapAmount(portico, { amount: '1' })
    await disconnect(portico)
    expect(problem(portico)).toBe('notConnected')
  })

  it('needs a source and a target token', async () => {
    const { portico } = await connectedSwapAccount(server)
    setSwapAmount(portico, { amount: '1' })
    expect(problem(portico)).toBe('noSourceToken')
    setSwapToken(portico, { side: 'source', token: form(ETH) })
    expect(problem(portico)).toBe('noToToken')
  })

  it('needs a non-empty amount greater than 0', async () => {
    const { portico } = await filled()
    expect(problem(portico)).toBe('noAmount')
    setSwapAmount(portico, { amount: 'x' })
    expect(problem(portico)).toBe('invalidAmount')
    setSwapAmount(portico, { amount: '0' })
    expect(problem(portico)).toBe('zeroAmount')
    setSwapAmount(portico, { amount: '0.5' })
    expect(problem(portico)).toBeUndefined()
  })

  it('flags insufficient balance when the source balance is below the amount', async () => {
    const { portico } = await filled(PUSD, PTK)
    setSwapAmount(portico, { amount: '100' })
    expect(problem(portico)).toBeUndefined()
    setSwapAmount(portico, { amount: '100.000001' })
    expect(problem(portico)).toBe('insufficientBalance')
  })

  it('reads a token the visitor does not hold as a balance of 0', async () => {
    const { portico } = await filled(PTK, PUSD)
    setSwapAmount(portico, { amount: '1' })
    expect(problem(portico)).toBe('insufficientBalance')
  })

  it('flags a network balance of zero or below the gas cost, for accounts that are not smart accounts', async () => {
    const { portico } = await filled(PUSD, PTK)
    setSwapAmount(portico, { amount: '1' })
    const account = portico.state.chains.eip155!.accountState
    account.balance = '0'
    expect(problem(portico)).toBe('insufficientGas')
    account.balance = '0.0001'
    portico.state.swap.gasFee = 120_000n * 10n ** 9n // 0.00012 ETH
    expect(problem(portico)).toBe('insufficientGas')
    account.balance = '0.00012'
    expect(problem(portico)).toBeUndefined()
  })

  it('counts the amount and the gas against the network balance when the network token is swapped', async () => {
    const { portico } = await filled(ETH, PUSD)
    setSwapAmount(portico, { amount: '1.2345' })
    portico.state.swap.gasFee = 10n ** 15n
    expect(problem(portico)).toBe('insufficientGas')
    setSwapAmount(portico, { amount: '1.2335' })
    portico.state.swap.gasFee = 10n ** 15n
    expect(problem(portico)).toBeUndefined()
  })

  it('never flags gas for smart accounts', async () => {
    const { portico } = await filled(PUSD, PTK)
    setSwapAmount(portico, { amount: '1' })
    const chain = portico.state.chains.eip155!
    chain.accountState.balance = '0'
    chain.accountState.connectedWalletInfo = { id: 'auth', name: 'E-mail', type: 'AUTH' }
    chain.accountState.preferredAccountType = 'smartAccount'
    chain.networkState.smartAccountEnabledNetworks = [1]
    expect(problem(portico)).toBeUndefined()
  })
})

describe('switching tokens (SPEC §4)', () => {
  it('swaps source and target, with amount 1 while the target amount is empty', async () => {
    const { portico } = await filled(ETH, PUSD)
    setSwapAmount(portico, { amount: '0.3' })
    switchSwapTokens(portico)
    const { swap } = portico.state
    expect([swap.sourceToken?.symbol, swap.toToken?.symbol, swap.sourceTokenAmount]).toEqual([
      'PUSD',
      'ETH',
      '1',
    ])
  })

  it('takes the target amount as the new amount once quoted', async () => {
    const { portico } = await filled(ETH, PUSD)
    setSwapAmount(portico, { amount: '0.3' })
    portico.state.swap.toTokenAmount = '594.9'
    switchSwapTokens(portico)
    expect(portico.state.swap.sourceTokenAmount).toBe('594.9')
    expect(portico.state.swap.toTokenAmount).toBe('')
  })

  it("switches when the other side's token is picked", async () => {
    const { portico } = await filled(ETH, PUSD)
    setSwapToken(portico, { side: 'to', token: form(ETH) })
    expect([portico.state.swap.sourceToken?.symbol, portico.state.swap.toToken?.symbol]).toEqual([
      'PUSD',
      'ETH',
    ])
  })

  it('drops the quote when a token or the amount changes', async () => {
    const { portico } = await filled(ETH, PUSD)
    portico.state.swap.toTokenAmount = '1983'
    setSwapAmount(portico, { amount: '2' })
    expect(portico.state.swap.toTokenAmount).toBe('')
  })
})
