// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { disconnect } from '../../connection/disconnect.js'
import { UserRejectedRequestError } from '../../errors/base.js'
import { navigate } from '../../modal/navigate.js'
import { formatMessage, type Notice } from '../../notices/messages.js'
import type { Portico } from '../../portico.js'
import {
  connectedSwapAccount,
  openSwap,
  refusal,
  SWAP_HASH,
  SWAP_TOKENS,
  startSwapTestServer,
  until,
} from '../../testing/swapServer.testkit.js'
import { setSwapAmount } from '../setSwapAmount.js'
import { setSwapToken } from '../setSwapToken.js'
import { quoteSwapForm } from './quoteSwapForm.js'
import { reviewSwap } from './reviewSwap.js'
import { submitSwap } from './submitSwap.js'
import { startSwapForm } from './watchSwapForm.js'

const { PUSD, PTK } = SWAP_TOKENS
let server: Awaited<ReturnType<typeof startSwapTestServer>>
beforeEach(async () => {
  server = await startSwapTestServer()
})
afterEach(() => server.close())

const text = (notice: Notice | undefined) => (notice ? formatMessage(notice) : undefined)

/** The Swap view set up and quoted for `amount` of `from` into `to`, then on the preview. */
async function previewing(from: keyof typeof SWAP_TOKENS, to: keyof typeof SWAP_TOKENS, amount: string) {
  const context = await connectedSwapAccount(server)
  const { portico } = context
  startSwapForm(portico)
  navigate(portico, { view: 'Account' })
  openSwap(portico)
  await until(() => portico.state.swap.initialized, 'the swap form')
  setSwapToken(portico, { side: 'source', token: { ...SWAP_TOKENS[from], iconUrl: undefined } })
  setSwapToken(portico, { side: 'to', token: { ...SWAP_TOKENS[to], iconUrl: undefined } })
  setSwapAmount(portico, { amount })
  await quoteSwapForm(portico)
  // The form's own quote after the typing pause may answer instead.
  const { swap } = portico.state
  await until(
    () => !swap.loadingQuote && Boolean(swap.approvalTransaction ?? swap.swapTransaction),
    'a quote',
  )
  expect(reviewSwap(portico)).toBe(true)
  return context
}

/** The toasts shown while `run` runs, in order, as English text. */
async function toastsDuring(portico: Portico, run: () => Promise<unknown>): Promise<(string | undefined)[]> {
  const seen: (string | undefined)[] = []
  const { subscribe } = await import('valtio/vanilla')
  const stop = subscribe(
    portico.state.toast,
    () => {
      const current = text(portico.state.toast.current?.message)
      if (current && seen.at(-1) !== current) seen.push(current)
    },
    true,
  )
  await run()
  stop()
  return seen
}

describe('submitSwap (SPEC §4 Swap, §8)', () => {
  it("swaps: 'Confirm transaction in your wallet', 'Swapping X to Y', 'Swapped X to Y', then Account with the form reset", async () => {
    const { portico, handle } = await previewing('ETH', 'PUSD', '1')
    const balanceReads = handle.calls.filter((call) => call.method === 'getBalance').length
    let result: unknown
    const toasts = await toastsDuring(portico, async () => {
      result = await submitSwap(portico)
    })
    expect(result).toEqual({ status: 'swapped', hash: SWAP_HASH })
    expect(toasts).toEqual([
      'Confirm transaction in your wallet',
      'Swapping 1 ETH to 1983 PUSD',
      'Swapped 1 ETH to 1983 PUSD',
    ])
    expect(portico.state.toast.current?.variant).toBe('success')
    expect(portico.state.router).toMatchObject({ route: { view: 'Account' }, history: [] })
    expect(portico.state.swap).toMatchObject({
      initialized: false,
      sourceToken: undefined,
      sourceTokenAmount: '',
    })
    // SPEC §4: balances are refreshed.
    expect(handle.calls.filter((call) => call.method === 'getBalance').length).toBeGreaterThan(balanceReads)
  })

  it('shows the target amount with 3 decimals in the messages (SPEC §9)', async () => {
    const { portico } = await previewing('PUSD', 'PTK', '1.5')
    server.script.approved.add(PUSD.address)
    await quoteSwapForm(portico)
    await until(() => Boolean(portico.state.swap.swapTransaction), 'the swap transaction')
    const toasts = await toastsDuring(portico, () => submitSwap(portico))
    expect(portico.state.swap.initialized).toBe(false)
    expect(toasts.at(-1)).toBe('Swapped 1.5 PUSD to 2.974 PTK')
  })

  it("approves first ('Approve limit increase in your wallet'), then the quote and the swap are recomputed", async () => {
    const { portico, handle } = await previewing('PUSD', 'PTK', '10')
    expect(portico.state.swap.approvalTransaction).toBeDefined()
    expect(portico.state.swap.swapTransaction).toBeUndefined()
    server.script.approved.add(PUSD.address)
    let result: unknown
    const toasts = await toastsDuring(portico, async () => {
      result = await submitSwap(portico)
    })
    expect(result).toEqual({ status: 'approved', hash: SWAP_HASH })
    expect(toasts).toEqual(['Approve limit increase in your wallet'])
    expect(handle.calls.filter((call) => call.method === 'sendTransaction')).toHaveLength(1)
    expect(server.swapRequests('calldata')).toHaveLength(1)
    expect(portico.state.swap.approvalTransaction).toBeUndefined()
    expect(portico.state.swap.swapTransaction).toMatchObject({ toAmount: '19.83' })
    expect(portico.state.router.route.view).toBe('SwapPreview')
    expect(await submitSwap(portico)).toEqual({ status: 'swapped', hash: SWAP_HASH })
  })

  it("goes back to the form when the approval is declined (SPEC §2) with 'Transaction error' (SPEC §8)", async () => {
    const { portico, handle, events } = await previewing('PUSD', 'PTK', '10')
    handle.nextSend = new UserRejectedRequestError()
    expect(await submitSwap(portico)).toEqual({ status: 'rejected', step: 'approval' })
    expect(portico.state.router.route.view).toBe('Swap')
    expect(text(portico.state.toast.current?.message)).toBe('Transaction error')
    expect(events.map((event) => event.event).filter((name) => name.startsWith('SWAP_'))).toEqual([
      'SWAP_APPROVAL_ERROR',
    ])
    expect(portico.state.swap.loadingTransaction).toBe(false)
  })

  it("goes back with 'Transaction error' when the swap fails otherwise", async () => {
    const { portico, handle, events } = await previewing('ETH', 'PUSD', '1')
    handle.nextSend = new Error('wallet crashed')
    expect(await submitSwap(portico)).toEqual({ status: 'failed', step: 'swap' })
    expect(portico.state.router.route.view).toBe('Swap')
    expect(text(portico.state.toast.current?.message)).toBe('Transaction error')
    expect(events.map((event) => event.event).filter((name) => name.startsWith('SWAP_'))).toEqual([
      'SWAP_ERROR',
    ])
  })

  it("goes back when the swap is declined with 'Transaction error' (SPEC §8), keeping the form", async () => {
    const { portico, handle } = await previewing('ETH', 'PUSD', '1')
    handle.nextSend = new UserRejectedRequestError()
    expect(await submitSwap(portico)).toEqual({ status: 'rejected', step: 'swap' })
    expect(portico.state.router.route.view).toBe('Swap')
    expect(text(portico.state.toast.current?.message)).toBe('Transaction error')
    expect(portico.state.swap.sourceTokenAmount).toBe('1')
  })

  it("says 'Address or auth connector not found' (SPEC §8) when no connector holds the account at the swap", async () => {
    const { portico, handle } = await previewing('ETH', 'PUSD', '1')
    const chain = portico.state.chains.eip155
    if (chain) chain.connectorId = undefined
    expect(await submitSwap(portico)).toEqual({ status: 'failed', step: 'swap' })
    expect(text(portico.state.toast.current?.message)).toBe('Address or auth connector not found')
    expect(handle.calls.filter((call) => call.method === 'sendTransaction')).toHaveLength(0)
  })

  it('explains a swap the chain reverted because the price moved, and quotes again', async () => {
    const { portico, handle } = await previewing('ETH', 'PUSD', '1')
    handle.nextReceipt = 'reverted'
    // The pool moved: the next quote gives less.
    server.script.rate = () => 1900
    expect(await submitSwap(portico)).toEqual({ status: 'reverted', hash: SWAP_HASH })
    expect(portico.state.router.route.view).toBe('Swap')
    expect(text(portico.state.swap.notice)).toBe(
      'The price moved by more than your 1% slippage tolerance before the swap went through, so the network reverted it and nothing was swapped. Here is a new quote.',
    )
    await until(() => portico.state.swap.toTokenAmount === '1883.85', 'the new quote')
    expect(portico.state.swap.swapTransaction).toBeDefined()
  })

  it("refuses an amount above the balance with 'Insufficient balance'", async () => {
    const { portico } = await previewing('ETH', 'PUSD', '1')
    portico.state.chains.eip155!.accountState.balance = '0.5'
    expect(await submitSwap(portico)).toEqual({ status: 'invalid', problem: 'insufficientGas' })
    expect(text(portico.state.toast.current?.message)).toBe('Insufficient balance')
  })

  it("refuses without a connected address: 'No address found to swap the tokens from.'", async () => {
    const { portico, handle } = await previewing('ETH', 'PUSD', '1')
    await disconnect(portico)
    expect(await submitSwap(portico)).toEqual({ status: 'invalid', problem: 'notConnected' })
    expect(text(portico.state.toast.current?.message)).toBe('No address found to swap the tokens from.')
    expect(handle.calls.some((call) => call.method === 'sendTransaction')).toBe(false)
  })
})

describe('quoteSwapForm (SPEC §8)', () => {
  async function quoting(route: string, reply: ReturnType<typeof refusal>, from: 'ETH' | 'PUSD' = 'PUSD') {
    server.script.override[route] = () => reply
    const context = await connectedSwapAccount(server)
    const { portico } = context
    startSwapForm(portico)
    openSwap(portico)
    await until(() => portico.state.swap.initialized)
    setSwapToken(portico, { side: 'source', token: { ...SWAP_TOKENS[from], iconUrl: undefined } })
    setSwapToken(portico, { side: 'to', token: { ...PTK, iconUrl: undefined } })
    setSwapAmount(portico, { amount: '1' })
    await quoteSwapForm(portico)
    await until(() => !portico.state.swap.loadingQuote)
    return portico
  }

  it("says 'Insufficient balance' under the amount when the quote fails", async () => {
    const portico = await quoting('quote', refusal(502, 'UPSTREAM_ERROR'))
    expect(text(portico.state.swap.inputError)).toBe('Insufficient balance')
    expect(reviewSwap(portico)).toBe(false)
  })

  it('says there is no pool when the server finds no route', async () => {
    const portico = await quoting('quote', refusal(400, 'NO_ROUTE'))
    expect(text(portico.state.swap.inputError)).toBe('No pool trades these two tokens on this network.')
  })

  it("shows 'Failed to check allowance'", async () => {
    const portico = await quoting('allowance', refusal(502, 'UPSTREAM_ERROR'))
    expect(text(portico.state.toast.current?.message)).toBe('Failed to check allowance')
  })

  it("shows 'Failed to create approval transaction'", async () => {
    const portico = await quoting('approve', refusal(502, 'UPSTREAM_ERROR'))
    expect(text(portico.state.toast.current?.message)).toBe('Failed to create approval transaction')
  })

  it("shows 'Failed to create transaction'", async () => {
    const portico = await quoting('calldata', refusal(502, 'UPSTREAM_ERROR'), 'ETH')
    expect(text(portico.state.toast.current?.message)).toBe('Failed to create transaction')
  })

  it("shows 'Incorrect amount' and 'Please enter a valid amount' when the quote has no amount", async () => {
    server.script.rate = () => 0
    const context = await connectedSwapAccount(server)
    const { portico } = context
    startSwapForm(portico)
    openSwap(portico)
    await until(() => portico.state.swap.initialized)
    setSwapToken(portico, { side: 'to', token: { ...PTK, iconUrl: undefined } })
    await quoteSwapForm(portico)
    expect(text(portico.state.toast.current?.message)).toBe('Incorrect amount')
    expect(text(portico.state.swap.inputError)).toBe('Please enter a valid amount')
  })

  it("says 'Insufficient balance' under the amount when the quote is more than the balance", async () => {
    const context = await connectedSwapAccount(server)
    const { portico } = context
    startSwapForm(portico)
    openSwap(portico)
    await until(() => portico.state.swap.initialized)
    setSwapToken(portico, { side: 'to', token: { ...PTK, iconUrl: undefined } })
    setSwapAmount(portico, { amount: '5' })
    await quoteSwapForm(portico)
    expect(portico.state.swap.toTokenAmount).not.toBe('')
    expect(text(portico.state.swap.inputError)).toBe('Insufficient balance')
  })
})
