import { describe, expect, it } from 'vitest'
import {
  BaseError,
  ProviderRequestError,
  ProviderTimeoutError,
  UnrecognizedChainError,
  UserRejectedRequestError,
  WrongNetworkError,
} from '../errors/base.js'
import { formatMessage, toUserMessage } from './messages.js'

/** An adapter's own kind of a core error, under its own name (as adapter-solana's are). */
class AdapterChainError extends UnrecognizedChainError {
  override name = 'AdapterChainError'
}

describe('toUserMessage', () => {
  it("says core's own errors by key, so a translated modal says them in its language", () => {
    expect(toUserMessage(new UserRejectedRequestError())).toEqual({ key: 'errorRejected' })
    expect(toUserMessage(new ProviderTimeoutError({ timeoutMs: 5 }))).toEqual({ key: 'errorTimeout' })
    const wrong = new WrongNetworkError({ expectedChainId: 1, actualChainId: 10 })
    expect(formatMessage(toUserMessage(wrong))).toBe(wrong.shortMessage)
  })

  it("passes on the words of a wallet, an adapter's subclass or a server as they came", () => {
    expect(toUserMessage(new ProviderRequestError('Ledger is locked'))).toEqual({
      key: 'walletError',
      params: { message: 'Ledger is locked' },
    })
    expect(toUserMessage(new UnrecognizedChainError())).toEqual({ key: 'errorUnrecognizedChain' })
    expect(toUserMessage(new AdapterChainError())).toEqual({
      key: 'walletError',
      params: { message: 'The wallet does not recognise this network.' },
    })
    expect(toUserMessage(new BaseError('Origin not allowed'))).toEqual({
      key: 'walletError',
      params: { message: 'Origin not allowed' },
    })
  })

  it("says 'Something went wrong' for anything that is not a Portico error", () => {
    expect(toUserMessage(new TypeError('x is undefined'))).toEqual({ key: 'somethingWentWrong' })
    expect(toUserMessage('nope')).toEqual({ key: 'somethingWentWrong' })
  })

  it("says an adapter's sentence by key when the error carries it as its notice, and only when they agree", () => {
    const refused = Object.assign(
      new BaseError('The chain refused the transaction: balances.InsufficientBalance.'),
      {
        notice: { key: 'polkadotDispatchFailed', params: { error: 'balances.InsufficientBalance' } },
      },
    )
    expect(toUserMessage(refused)).toEqual(refused.notice)
    const disagreeing = Object.assign(new BaseError('Something else'), {
      notice: { key: 'polkadotNativeOnly' },
    })
    expect(toUserMessage(disagreeing)).toEqual({ key: 'walletError', params: { message: 'Something else' } })
    const unknownKey = Object.assign(new BaseError('x'), { notice: { key: 'notAKey' } })
    expect(toUserMessage(unknownKey)).toEqual({ key: 'walletError', params: { message: 'x' } })
  })
})
