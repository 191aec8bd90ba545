// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { FeeEstimate } from '../../adapterKit/contract.js'
import { destroy } from '../../destroy.js'
import { closeModal } from '../../modal/closeModal.js'
import { navigate } from '../../modal/navigate.js'
import { openModal } from '../../modal/openModal.js'
import type { Portico } from '../../portico.js'
import { flush } from '../../testing/fakeAdapter.testkit.js'
import {
  connectedSendAccount as connected,
  eth,
  FEE,
  RECEIVER,
  usdc,
} from '../../testing/sendAccount.testkit.js'
import { resetSend } from '../resetSend.js'
import { getSend } from '../send.js'
import { setSendAmount } from '../setSendAmount.js'
import { setSendReceiver } from '../setSendReceiver.js'
import { setSendToken } from '../setSendToken.js'
import { FEE_ESTIMATE_DEBOUNCE_MS, startSendForm } from './watchSendForm.js'

afterEach(() => {
  vi.useRealTimers()
})

const estimates = (handle: { calls: { method: string; parameters: unknown }[] }) =>
  handle.calls.filter((call) => call.method === 'estimateFee')

function openForm(portico: Portico) {
  startSendForm(portico)
  openModal(portico)
  navigate(portico, { view: 'WalletSend' })
}

/** Opening the form then reads the balances from the chain instead of the 30 s cache. */
function forgetCachedBalances(portico: Portico) {
  portico.internal.storage.set('nativeBalanceCache', {})
}

/** Answers each fee estimate only when the test says so. */
function heldEstimates(handle: Awaited<ReturnType<typeof connected>>['handle']) {
  const replies: ((fee: FeeEstimate) => void)[] = []
  handle.adapter!.send!.estimateFee = (parameters) => {
    handle.calls.push({ method: 'estimateFee', parameters })
    return new Promise((resolve) => replies.push(resolve))
  }
  return replies
}

describe('watchSendForm: the send form while it is on screen', () => {
  test('opening it reads the balances again once they are older than the cache', async () => {
    const { portico, handle } = await connected()
    const reads = () => handle.calls.filter((call) => call.method === 'getBalance').length
    openForm(portico)
    await flush()
    // Read on connecting a moment ago: the 30 s cache answers.
    const afterConnect = reads()
    closeModal(portico)
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 31_000)
    openForm(portico)
    await flush()
    expect(reads()).toBe(afterConnect + 1)
  })

  test('starts on the network’s own currency, even when a token is listed first', async () => {
    const { portico } = await connected()
    portico.state.chains.eip155!.accountState.tokenBalance = [usdc('100.5'), eth('1.2345')]
    expect(getSend(portico).token).toBeUndefined()
    openForm(portico)
    expect(getSend(portico).token?.symbol).toBe('ETH')
  })

  test('without the native currency listed, starts on the first token', async () => {
    const { portico } = await connected()
    forgetCachedBalances(portico)
    portico.state.chains.eip155!.accountState.tokenBalance = [usdc('100.5')]
    openForm(portico)
    expect(getSend(portico).token?.symbol).toBe('USDC')
  })

  test('picks the first token once balances arrive, again after a reset, and never over a choice', async () => {
    const { portico } = await connected()
    const account = portico.state.chains.eip155!.accountState
    forgetCachedBalances(portico)
    account.tokenBalance = []
    openForm(portico)
    expect(getSend(portico).token).toBeUndefined()
    account.tokenBalance = [eth('1.2345'), usdc('100.5')]
    expect(getSend(portico).token?.symbol).toBe('ETH')
    setSendToken(portico, { token: usdc('100.5') })
    account.tokenBalance = [eth('1.2345'), usdc('99')]
    expect(getSend(portico).token?.symbol).toBe('USDC')
    // Another account in the same wallet: the form is emptied and starts over.
    resetSend(portico)
    expect(getSend(portico).token?.symbol).toBe('ETH')
  })

  test('picks nothing while the form is not on screen', async () => {
    const { portico } = await connected()
    startSendForm(portico)
    openModal(portico)
    navigate(portico, { view: 'Account' })
    expect(getSend(portico).token).toBeUndefined()
  })

  test('runs once however often it is started, and only once started', async () => {
    const { portico, handle } = await connected()
    vi.useFakeTimers()
    openModal(portico)
    navigate(portico, { view: 'WalletSend' })
    // Nothing renders the send views yet: a site that only connects never runs the flow.
    expect(getSend(portico).token).toBeUndefined()
    startSendForm(portico)
    startSendForm(portico)
    expect(getSend(portico).token?.symbol).toBe('ETH')
    await vi.advanceTimersByTimeAsync(FEE_ESTIMATE_DEBOUNCE_MS)
    expect(estimates(handle)).toHaveLength(1)
  })

  test(`typing pauses ${FEE_ESTIMATE_DEBOUNCE_MS} ms before the fee is estimated, once, for the last value`, async () => {
    const { portico, handle } = await connected()
    vi.useFakeTimers()
    openForm(portico)
    await vi.advanceTimersByTimeAsync(FEE_ESTIMATE_DEBOUNCE_MS)
    // The form's first estimate: the fee shows before anything is typed.
    expect(estimates(handle)).toHaveLength(1)
    for (const amount of ['0', '0.', '0.5']) {
      setSendAmount(portico, { amount })
      await vi.advanceTimersByTimeAsync(FEE_ESTIMATE_DEBOUNCE_MS - 100)
    }
    setSendReceiver(portico, { address: RECEIVER })
    await vi.advanceTimersByTimeAsync(FEE_ESTIMATE_DEBOUNCE_MS - 1)
    expect(estimates(handle)).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(estimates(handle)).toHaveLength(2)
    expect(estimates(handle)[1]?.parameters).toMatchObject({ to: RECEIVER, amount: 500_000_000_000_000_000n })
    expect(getSend(portico).fee).toBe(FEE.fee)
    expect(getSend(portico).feeLoading).toBe(false)
  })

  test('a change drops the estimate in flight: its late answer never shows', async () => {
    const { portico, handle } = await connected()
    const replies = heldEstimates(handle)
    vi.useFakeTimers()
    openForm(portico)
    setSendAmount(portico, { amount: '0.1' })
    await vi.advanceTimersByTimeAsync(FEE_ESTIMATE_DEBOUNCE_MS)
    expect(replies).toHaveLength(1)
    expect(getSend(portico).feeLoading).toBe(true)
    setSendAmount(portico, { amount: '0.2' })
    expect(getSend(portico).feeLoading).toBe(false)
    replies[0]?.({ fee: 1n })
    await vi.advanceTimersByTimeAsync(0)
    expect(getSend(portico).fee).toBeUndefined()
    await vi.advanceTimersByTimeAsync(FEE_ESTIMATE_DEBOUNCE_MS)
    expect(replies).toHaveLength(2)
    expect(estimates(handle)[1]?.parameters).toMatchObject({ amount: 200_000_000_000_000_000n })
    replies[1]?.({ fee: 2n })
    await vi.advanceTimersByTimeAsync(0)
    expect(getSend(portico).fee).toBe(2n)
  })

  test('a token change re-estimates for the new token', async () => {
    const { portico, handle } = await connected()
    vi.useFakeTimers()
    openForm(portico)
    await vi.advanceTimersByTimeAsync(FEE_ESTIMATE_DEBOUNCE_MS)
    navigate(portico, { view: 'WalletSendSelectToken' })
    setSendToken(portico, { token: usdc('100.5') })
    expect(getSend(portico).fee).toBeUndefined()
    await vi.advanceTimersByTimeAsync(FEE_ESTIMATE_DEBOUNCE_MS)
    expect(estimates(handle).at(-1)?.parameters).toHaveProperty('token')
    expect(getSend(portico).fee).toBe(FEE.fee)
  })

  test('going on to the review keeps the estimate coming', async () => {
    const { portico, handle } = await connected()
    vi.useFakeTimers()
    openForm(portico)
    setSendAmount(portico, { amount: '0.1' })
    navigate(portico, { view: 'WalletSendPreview' })
    await vi.advanceTimersByTimeAsync(FEE_ESTIMATE_DEBOUNCE_MS)
    expect(estimates(handle)).toHaveLength(1)
    expect(getSend(portico).fee).toBe(FEE.fee)
  })

  test('leaving the send views, or closing the modal, drops what is pending', async () => {
    const { portico, handle } = await connected()
    const replies = heldEstimates(handle)
    vi.useFakeTimers()
    openForm(portico)
    setSendAmount(portico, { amount: '0.1' })
    navigate(portico, { view: 'Account' })
    await vi.advanceTimersByTimeAsync(FEE_ESTIMATE_DEBOUNCE_MS)
    expect(estimates(handle)).toHaveLength(0)

    navigate(portico, { view: 'WalletSend' })
    await vi.advanceTimersByTimeAsync(FEE_ESTIMATE_DEBOUNCE_MS)
    expect(replies).toHaveLength(1)
    closeModal(portico)
    expect(getSend(portico).feeLoading).toBe(false)
    replies[0]?.(FEE)
    await vi.advanceTimersByTimeAsync(0)
    expect(getSend(portico).fee).toBeUndefined()
  })

  test('stops with the instance', async () => {
    const { portico, handle } = await connected()
    vi.useFakeTimers()
    openForm(portico)
    destroy(portico)
    setSendAmount(portico, { amount: '0.1' })
    await vi.advanceTimersByTimeAsync(FEE_ESTIMATE_DEBOUNCE_MS)
    expect(estimates(handle)).toHaveLength(0)
  })
})
