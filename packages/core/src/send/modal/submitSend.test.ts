// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest'
import { SendFailedError } from '../../errors/base.js'
import { closeModal } from '../../modal/closeModal.js'
import { navigate } from '../../modal/navigate.js'
import { MESSAGES } from '../../notices/messages.js'
import { flush, rejected } from '../../testing/fakeAdapter.testkit.js'
import {
  connectedSendAccount as connected,
  eth,
  fillSendForm as fill,
  HASH,
  openSendForm,
  RECEIVER,
  SELF,
  USDC_CONTRACT,
  usdc,
} from '../../testing/sendAccount.testkit.js'
import { getSend, getSendValidation } from '../send.js'
import { SEND_CONFIRMATION_TIMEOUT_MS } from '../sendTokens.js'
import { setSendAmount } from '../setSendAmount.js'
import { setSendReceiver } from '../setSendReceiver.js'
import { cancelSend } from './cancelSend.js'
import { estimateFormFee } from './estimateFormFee.js'
import { submitSend } from './submitSend.js'

afterEach(() => {
  vi.useRealTimers()
})

describe("submitSend (the review's Send button)", () => {
  async function ready(options: Parameters<typeof connected>[0] = {}) {
    const context = await connected(options)
    const { portico } = context
    await openSendForm(portico, [eth(context.native, options.price), usdc('100.5')])
    fill(portico, usdc('100.5'), '0.5')
    await estimateFormFee(portico)
    navigate(portico, { view: 'WalletSendPreview' })
    return context
  }

  test("sends, says 'Transaction started', shows the transaction and lists it as pending", async () => {
    const { portico, handle } = await ready()
    const balanceReads = handle.calls.filter((c) => c.method === 'getBalance').length
    const result = await submitSend(portico)
    expect(result).toEqual({ status: 'sent', hash: HASH, confirmation: 'success' })
    expect(handle.calls.find((c) => c.method === 'send')?.parameters).toEqual({
      connectorId: 'io.metamask',
      address: SELF,
      network: expect.objectContaining({ caipNetworkId: 'eip155:1' }),
      to: RECEIVER,
      amount: 500_000n,
      token: USDC_CONTRACT,
    })
    expect(portico.state.toast.current).toMatchObject({
      message: { key: 'transactionStarted' },
      variant: 'success',
    })
    expect(portico.state.router.route).toEqual({ view: 'WalletSendConfirmed', params: { hash: HASH } })
    expect(portico.state.activity.pending[0]).toMatchObject({
      hash: HASH,
      caipNetworkId: 'eip155:1',
      from: SELF,
      to: RECEIVER,
      amount: '0.5',
      symbol: 'USDC',
      status: 'success',
    })
    const send = getSend(portico)
    expect(send.sent).toMatchObject({
      hash: HASH,
      amount: '0.5',
      symbol: 'USDC',
      status: 'success',
      explorerUrl: `https://explorer.example/tx/${HASH}`,
    })
    expect(handle.calls.find((c) => c.method === 'waitForTransaction')?.parameters).toMatchObject({
      hash: HASH,
      timeoutMs: SEND_CONFIRMATION_TIMEOUT_MS,
    })
    // The balances are read again after the send.
    expect(handle.calls.filter((c) => c.method === 'getBalance').length).toBeGreaterThan(balanceReads)
    // A new send starts empty, on the same token.
    expect(send.sendTokenAmount).toBe('')
    expect(send.receiverAddress).toBe('')
    expect(send.token?.symbol).toBe('USDC')
    expect(send.step).toBe('sent')
  })

  test('a native send carries no token contract', async () => {
    const { portico, handle } = await ready()
    fill(portico, eth('1.2345'), '0.25')
    await estimateFormFee(portico)
    await submitSend(portico)
    const parameters = handle.calls.find((c) => c.method === 'send')?.parameters as Record<string, unknown>
    expect(parameters.amount).toBe(250_000_000_000_000_000n)
    expect('token' in parameters).toBe(false)
  })

  test('a reverted transaction is shown as failed on chain', async () => {
    const { portico, handle } = await ready()
    handle.nextReceipt = 'reverted'
    const result = await submitSend(portico)
    expect(result).toMatchObject({ status: 'sent', confirmation: 'reverted' })
    expect(getSend(portico).sent?.status).toBe('reverted')
    expect(portico.state.activity.pending[0]?.status).toBe('reverted')
  })

  test('a transaction the chain does not report in time stays pending, as unknown', async () => {
    const { portico, handle } = await ready()
    handle.nextReceipt = 'hang'
    vi.useFakeTimers()
    const sending = submitSend(portico)
    await vi.advanceTimersByTimeAsync(SEND_CONFIRMATION_TIMEOUT_MS + 5_000)
    const result = await sending
    expect(result).toMatchObject({ status: 'sent', confirmation: 'unknown' })
    expect(getSend(portico).sent?.status).toBe('unknown')
    expect(portico.state.activity.pending[0]?.status).toBe('pending')
  })

  test("a rejection in the wallet keeps the form, says so, and shows no 'Something went wrong'", async () => {
    const { portico, handle } = await ready()
    handle.nextSend = rejected()
    const result = await submitSend(portico)
    expect(result).toEqual({ status: 'rejected' })
    const send = getSend(portico)
    expect(send.error).toEqual({
      kind: 'rejected',
      message: { key: 'errorRejected' },
    })
    expect(send.sendTokenAmount).toBe('0.5')
    expect(send.receiverAddress).toBe(RECEIVER)
    expect(send.loading).toBe(false)
    expect(send.step).toBe('form')
    expect(portico.state.toast.current).toBeUndefined()
    expect(portico.state.router.route.view).toBe('WalletSendPreview')
    expect(portico.state.activity.pending).toEqual([])
  })

  test("any other failure shows 'Something went wrong' and keeps the form", async () => {
    const { portico, handle } = await ready()
    handle.nextSend = new Error('nonce too low')
    const result = await submitSend(portico)
    expect(result).toEqual({ status: 'failed' })
    expect(portico.state.toast.current).toMatchObject({
      message: { key: 'somethingWentWrong' },
      variant: 'error',
    })
    expect(getSend(portico).error?.kind).toBe('failed')
    expect(getSend(portico).sendTokenAmount).toBe('0.5')
    expect(portico.state.router.route.view).toBe('WalletSendPreview')
  })

  test("on an unsupported chain it shows 'Unsupported chain' and asks nothing of the wallet", async () => {
    const { portico, handle } = await ready()
    handle.context!.emit({ type: 'chainChanged', connectorId: 'io.metamask', chainId: 999 })
    expect(getSendValidation(portico).problem).toBe('unsupportedChain')
    expect(await submitSend(portico)).toEqual({ status: 'invalid', problem: 'unsupportedChain' })
    expect(portico.state.toast.current).toMatchObject({
      message: { key: 'sendUnsupportedChain' },
      variant: 'error',
    })
    expect(handle.calls.some((c) => c.method === 'send')).toBe(false)
  })

  test("an incomplete form is refused before the wallet is asked, with SPEC §5's text", async () => {
    const { portico, handle } = await ready()
    setSendReceiver(portico, { address: 'nobody' })
    expect(await submitSend(portico)).toEqual({ status: 'invalid', problem: 'invalidAddress' })
    expect(portico.state.toast.current).toMatchObject({
      message: { key: 'enterAmountAndReceiver' },
      variant: 'error',
    })
    expect(handle.calls.some((c) => c.method === 'send')).toBe(false)
  })

  test("a failure the adapter words (SendFailedError) shows its text, e.g. SPEC §8's for Solana", async () => {
    const { portico, handle } = await ready()
    handle.nextSend = new SendFailedError(MESSAGES.solanaSendFailed, {
      cause: new Error('blockhash expired'),
    })
    expect(await submitSend(portico)).toEqual({ status: 'failed' })
    // An adapter's own sentence is passed on as the parameter of a generic key.
    const notice = {
      key: 'walletError',
      params: { message: 'Failed to send transaction. Please try again.' },
    }
    expect(portico.state.toast.current).toMatchObject({ message: notice, variant: 'error' })
    expect(getSend(portico).error).toMatchObject({ kind: 'failed', message: notice })
  })

  test('is confirming while the wallet is open, and a second call does not ask again', async () => {
    const { portico, handle } = await ready()
    handle.nextSend = 'hang'
    void submitSend(portico)
    await flush()
    expect(getSend(portico).loading).toBe(true)
    expect(getSend(portico).step).toBe('confirming')
    expect(await submitSend(portico)).toEqual({ status: 'busy' })
    expect(handle.calls.filter((c) => c.method === 'send')).toHaveLength(1)
  })

  test('a hash that arrives after the visitor left the preview does not move them', async () => {
    const { portico, handle } = await ready()
    let answer: (hash: string) => void = () => {}
    handle.adapter!.send!.send = () =>
      new Promise((resolve) => {
        answer = resolve
      })
    const sending = submitSend(portico)
    navigate(portico, { view: 'Account' })
    answer(HASH)
    await sending
    expect(portico.state.router.route.view).toBe('Account')
    expect(portico.state.activity.pending[0]?.hash).toBe(HASH)
  })

  test('Cancel while the wallet is open frees the form at once; a late hash is still listed, the new form kept', async () => {
    const { portico, handle } = await ready()
    let answer: (hash: string) => void = () => {}
    handle.adapter!.send!.send = () =>
      new Promise((resolve) => {
        answer = resolve
      })
    const sending = submitSend(portico)
    await flush()
    expect(getSend(portico).loading).toBe(true)
    cancelSend(portico)
    expect(getSend(portico)).toMatchObject({ loading: false, step: 'form' })
    expect(portico.state.router.route.view).toBe('WalletSend')
    // The visitor goes on with another amount and may send again straight away.
    setSendAmount(portico, { amount: '0.25' })
    expect(getSendValidation(portico).problem).toBeUndefined()
    // The wallet sends the first request after all.
    answer(HASH)
    await sending
    expect(portico.state.activity.pending[0]?.hash).toBe(HASH)
    expect(portico.state.toast.current).toMatchObject({ message: { key: 'transactionStarted' } })
    expect(getSend(portico)).toMatchObject({ sendTokenAmount: '0.25', step: 'form', sent: undefined })
    expect(portico.state.router.route.view).toBe('WalletSend')
  })

  test('closing the modal while the wallet never answers frees the form: the reopened modal sends at once', async () => {
    const { portico, handle } = await ready()
    handle.nextSend = 'hang'
    void submitSend(portico)
    await flush()
    expect(getSend(portico).step).toBe('confirming')
    closeModal(portico)
    expect(getSend(portico)).toMatchObject({ loading: false, step: 'form', error: undefined })
    handle.nextSend = HASH
    const second = await submitSend(portico)
    expect(second).toMatchObject({ status: 'sent' })
    expect(handle.calls.filter((c) => c.method === 'send')).toHaveLength(2)
  })

  test('a failure of a cancelled send says nothing: no form is waiting for it', async () => {
    const { portico, handle } = await ready()
    let fail: (error: Error) => void = () => {}
    handle.adapter!.send!.send = () =>
      new Promise((_, reject) => {
        fail = reject
      })
    const sending = submitSend(portico)
    await flush()
    cancelSend(portico)
    fail(new Error('nonce too low'))
    expect(await sending).toEqual({ status: 'failed' })
    expect(portico.state.toast.current).toBeUndefined()
    expect(getSend(portico).error).toBeUndefined()
  })

  test('reads the balances and the activity again once the chain has included the send, not before', async () => {
    const { portico, handle } = await ready()
    let include: (status: { status: 'success' }) => void = () => {}
    handle.adapter!.send!.waitForTransaction = () =>
      new Promise((resolve) => {
        include = resolve
      })
    const reads = () => handle.calls.filter((c) => c.method === 'getBalance').length
    const before = reads()
    const sending = submitSend(portico)
    await flush()
    expect(portico.state.router.route.view).toBe('WalletSendConfirmed')
    expect(reads()).toBe(before)
    include({ status: 'success' })
    expect(await sending).toMatchObject({ status: 'sent', confirmation: 'success' })
    // The native balance and the token list (forced past the 30 s cache) are both read.
    expect(reads()).toBe(before + 2)
  })

  test('logs why a send failed through the instance logger, and never throws', async () => {
    const warn = vi.fn()
    const { portico, handle } = await ready({ logger: { debug: () => {}, warn, error: () => {} } })
    const cause = new Error('nonce too low')
    handle.nextSend = cause
    await expect(submitSend(portico)).resolves.toEqual({ status: 'failed' })
    expect(warn).toHaveBeenCalledWith('send: not sent', cause)
    setSendReceiver(portico, { address: '' })
    await expect(submitSend(portico)).resolves.toMatchObject({ status: 'invalid' })
    expect(warn).toHaveBeenLastCalledWith('send: the form cannot be sent (noReceiver)')
  })

  test("a namespace's own kind of SendFailedError, with a name of its own, is heard too", async () => {
    const { portico, handle } = await ready()
    const error = new SendFailedError(MESSAGES.solanaSendFailed)
    // As an adapter's subclass names itself (SolanaSendFailedError).
    Object.defineProperty(error, 'name', { value: 'SolanaSendFailedError' })
    handle.nextSend = error
    expect(await submitSend(portico)).toEqual({ status: 'failed' })
    expect(portico.state.toast.current?.message).toEqual({
      key: 'walletError',
      params: { message: 'Failed to send transaction. Please try again.' },
    })
  })
})
