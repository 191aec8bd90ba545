// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest'
import {
  NotConnectedError,
  SendFailedError,
  TransactionWouldFailError,
  UserRejectedRequestError,
  WrongNetworkError,
} from '../errors/base.js'
import { parseUnits } from '../format/parseUnits.js'
import { initialize } from '../initialize.js'
import { fakeAdapter, flush, rejected, setup } from '../testing/fakeAdapter.testkit.js'
import {
  connectedSendAccount as connected,
  eth,
  HASH,
  RECEIVER,
  SELF,
  USDC_CONTRACT,
  usdc,
} from '../testing/sendAccount.testkit.js'
import { SendConfirmationTimeoutError, SendUnavailableError, SendValidationError } from './sendErrors.js'
import { SEND_CONFIRMATION_TIMEOUT_MS, type SendTokensErrorType, sendTokens } from './sendTokens.js'

afterEach(() => {
  vi.useRealTimers()
})

/** What a caller without the modal sees of a rejection: the error, narrowed by its name. */
async function failure(promise: Promise<unknown>): Promise<SendTokensErrorType> {
  try {
    await promise
  } catch (error) {
    return error as SendTokensErrorType
  }
  throw new Error('expected the send to fail')
}

describe('sendTokens (the domain action)', () => {
  test('sends the amount given, lists it as pending, waits, and resolves the included transaction', async () => {
    const { portico, handle } = await connected()
    const onSent = vi.fn()
    const result = await sendTokens(portico, { to: RECEIVER, amount: 500_000n, token: usdc('100.5'), onSent })
    expect(handle.calls.find((c) => c.method === 'send')?.parameters).toEqual({
      connectorId: 'io.metamask',
      address: SELF,
      network: expect.objectContaining({ caipNetworkId: 'eip155:1' }),
      to: RECEIVER,
      amount: 500_000n,
      token: USDC_CONTRACT,
    })
    expect(result).toEqual({
      hash: HASH,
      caipNetworkId: 'eip155:1',
      from: SELF,
      to: RECEIVER,
      amount: '0.5',
      symbol: 'USDC',
      status: 'success',
      explorerUrl: `https://explorer.example/tx/${HASH}`,
    })
    expect(onSent).toHaveBeenCalledOnce()
    expect(onSent.mock.calls[0]?.[0]).toMatchObject({ hash: HASH, status: 'pending' })
    expect(handle.calls.find((c) => c.method === 'waitForTransaction')?.parameters).toMatchObject({
      hash: HASH,
      timeoutMs: SEND_CONFIRMATION_TIMEOUT_MS,
    })
    expect(portico.state.activity.pending[0]).toMatchObject({ hash: HASH, amount: '0.5', status: 'success' })
  })

  test('shows nothing and goes nowhere: no toast, no route, the form untouched', async () => {
    const { portico, handle } = await connected()
    const route = portico.state.router.route
    await sendTokens(portico, { to: RECEIVER, amount: 1n })
    handle.nextSend = rejected()
    await failure(sendTokens(portico, { to: RECEIVER, amount: 1n }))
    handle.nextSend = new Error('nonce too low')
    await failure(sendTokens(portico, { to: RECEIVER, amount: 1n }))
    expect(portico.state.toast.current).toBeUndefined()
    expect(portico.state.alert.current).toBeUndefined()
    expect(portico.state.router.route).toBe(route)
    expect(portico.state.send.sent).toBeUndefined()
    expect(portico.state.send.step).toBe('form')
  })

  test('without a token it sends the network’s own currency, without a contract', async () => {
    const { portico, handle } = await connected()
    const result = await sendTokens(portico, { to: RECEIVER, amount: parseUnits('0.25', 18) })
    const parameters = handle.calls.find((c) => c.method === 'send')?.parameters as Record<string, unknown>
    expect(parameters.amount).toBe(250_000_000_000_000_000n)
    expect('token' in parameters).toBe(false)
    expect(result).toMatchObject({ amount: '0.25', symbol: 'ETH' })
  })

  test('a transaction that fails on chain resolves as reverted', async () => {
    const { portico, handle } = await connected()
    handle.nextReceipt = 'reverted'
    const result = await sendTokens(portico, { to: RECEIVER, amount: 1n, token: eth('1.2345') })
    expect(result.status).toBe('reverted')
    expect(portico.state.activity.pending[0]?.status).toBe('reverted')
  })

  test('rejects with UserRejectedRequestError when the visitor declines in the wallet', async () => {
    const { portico, handle } = await connected()
    handle.nextSend = rejected()
    const error = await failure(sendTokens(portico, { to: RECEIVER, amount: 1n }))
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect(error.name).toBe('UserRejectedRequestError')
    expect(portico.state.activity.pending).toEqual([])
  })

  test("passes on the adapter's errors as they are: SendFailedError, WrongNetworkError, TransactionWouldFailError", async () => {
    const { portico, handle } = await connected()
    for (const thrown of [
      new SendFailedError('Failed to send transaction. Please try again.'),
      new WrongNetworkError({ expectedChainId: 1, actualChainId: 10 }),
      new TransactionWouldFailError(),
    ]) {
      handle.nextSend = thrown
      expect(await failure(sendTokens(portico, { to: RECEIVER, amount: 1n }))).toBe(thrown)
    }
    expect(handle.calls.filter((c) => c.method === 'waitForTransaction')).toHaveLength(0)
  })

  test('rejects with SendConfirmationTimeoutError, carrying the hash, when the chain does not report it in time', async () => {
    const { portico, handle } = await connected()
    handle.nextReceipt = 'hang'
    const onSent = vi.fn()
    vi.useFakeTimers()
    const sending = failure(sendTokens(portico, { to: RECEIVER, amount: 1n, onSent }))
    await vi.advanceTimersByTimeAsync(SEND_CONFIRMATION_TIMEOUT_MS + 4_999)
    expect(onSent).toHaveBeenCalledOnce()
    await vi.advanceTimersByTimeAsync(1)
    const error = await sending
    expect(error).toBeInstanceOf(SendConfirmationTimeoutError)
    expect(error.name === 'SendConfirmationTimeoutError' && error.hash).toBe(HASH)
    // It may still be included: it stays listed as pending.
    expect(portico.state.activity.pending[0]).toMatchObject({ hash: HASH, status: 'pending' })
  })

  test("the adapter's own timeout while waiting is a SendConfirmationTimeoutError too, with it as cause", async () => {
    const { portico, handle } = await connected()
    const cause = new Error('receipt polling timed out')
    handle.nextReceipt = cause
    const error = await failure(sendTokens(portico, { to: RECEIVER, amount: 1n }))
    expect(error).toBeInstanceOf(SendConfirmationTimeoutError)
    expect(error.cause).toBe(cause)
  })

  test('rejects with NotConnectedError without an account, and asks no wallet', async () => {
    const { portico, handle } = await setup()
    await initialize(portico)
    const error = await failure(sendTokens(portico, { to: RECEIVER, amount: 1n }))
    expect(error).toBeInstanceOf(NotConnectedError)
    expect(handle.calls.some((c) => c.method === 'send')).toBe(false)
  })

  test('rejects with SendUnavailableError when the adapter cannot send', async () => {
    const { factory } = fakeAdapter('eip155')
    const { portico } = await setup({ adapters: [factory] })
    await initialize(portico)
    const { connect } = await import('../connection/connect.js')
    await connect(portico, { connectorId: 'io.metamask' })
    await flush()
    const error = await failure(sendTokens(portico, { to: RECEIVER, amount: 1n }))
    expect(error).toBeInstanceOf(SendUnavailableError)
  })

  test.each([
    ['zeroAmount', { to: RECEIVER, amount: 0n }],
    ['invalidAmount', { to: RECEIVER, amount: -1n }],
    // From plain JavaScript: a number of whole tokens is not base units.
    ['invalidAmount', { to: RECEIVER, amount: 1 as unknown as bigint }],
    ['insufficientFunds', { to: RECEIVER, amount: parseUnits('1.2346', 18) }],
    ['insufficientFunds', { to: RECEIVER, amount: 100_500_001n, token: usdc('100.5') }],
    ['noReceiver', { to: '', amount: 1n }],
    ['invalidAddress', { to: '0x1234', amount: 1n }],
    ['noToken', { to: RECEIVER, amount: 1n, token: { ...usdc('100.5'), chainId: 'eip155:10' as const } }],
  ] as const)(
    'rejects with SendValidationError (%s) before the wallet is asked',
    async (problem, parameters) => {
      const { portico, handle } = await connected()
      const error = await failure(sendTokens(portico, parameters))
      expect(error).toBeInstanceOf(SendValidationError)
      expect(error.name === 'SendValidationError' && error.problem).toBe(problem)
      expect(handle.calls.some((c) => c.method === 'send')).toBe(false)
    },
  )

  test("an amount or receiver problem reads as SPEC §5's text", async () => {
    const { portico } = await connected()
    const error = await failure(sendTokens(portico, { to: 'nobody', amount: 1n }))
    expect(error.shortMessage).toBe('Please enter a valid amount and receiver address')
  })

  test("on an unsupported chain it rejects with SendValidationError ('Unsupported chain', SPEC §8)", async () => {
    const { portico, handle } = await connected()
    handle.context!.emit({ type: 'chainChanged', connectorId: 'io.metamask', chainId: 999 })
    const error = await failure(sendTokens(portico, { to: RECEIVER, amount: 1n }))
    expect(error.name === 'SendValidationError' && error.problem).toBe('unsupportedChain')
    expect(error.shortMessage).toBe('Unsupported chain')
    expect(handle.calls.some((c) => c.method === 'send')).toBe(false)
  })
})
