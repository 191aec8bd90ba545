import { formatMessage, MESSAGES, SendFailedError } from '@portico/core'
import { describe, expect, it } from 'vitest'
import {
  BitcoinAdapterLoadError,
  BitcoinAddressNetworkError,
  BitcoinApiNotConfiguredError,
  BitcoinBroadcastError,
  type BitcoinSendProblem,
  BitcoinSendValidationError,
} from './errors.js'

// Core shows an adapter's error in the modal's language when its `notice` is one of core's message
// keys and says the same as its English message (toUserMessage); otherwise it quotes the English.
const PROBLEMS: Record<BitcoinSendProblem, keyof typeof MESSAGES> = {
  invalidReceiver: 'bitcoinInvalidReceiver',
  invalidSender: 'bitcoinInvalidSender',
  ordinalsSender: 'bitcoinOrdinalsSender',
  tokenNotSupported: 'bitcoinTokenNotSupported',
  invalidAmount: 'bitcoinInvalidAmount',
  belowDust: 'bitcoinBelowDust',
  insufficientFunds: 'bitcoinInsufficientFunds',
  walletChangedTransaction: 'bitcoinWalletChangedTransaction',
  walletCannotSign: 'bitcoinWalletCannotSign',
}

describe('the refusals are core message keys', () => {
  it.each(Object.entries(PROBLEMS))('%s says %s', (problem, key) => {
    const error = new BitcoinSendValidationError(problem as BitcoinSendProblem)
    expect(error.notice).toEqual({ key })
    expect(error.shortMessage).toBe(MESSAGES[key])
    expect(formatMessage(error.notice)).toBe(error.shortMessage)
  })

  it('says a network without an API and code that did not load with core keys too', () => {
    for (const [error, key] of [
      [new BitcoinApiNotConfiguredError(), 'bitcoinApiNotConfigured'],
      [new BitcoinAdapterLoadError(), 'bitcoinCodeLoadFailed'],
    ] as const) {
      expect(error.notice).toEqual({ key })
      expect(error.shortMessage).toBe(MESSAGES[key])
    }
  })

  it('names both chains of an address of another network', () => {
    const error = new BitcoinAddressNetworkError('Bitcoin testnet', 'Bitcoin mainnet')
    expect(error.notice).toEqual({
      key: 'bitcoinAddressOtherNetwork',
      params: { address: 'Bitcoin testnet', network: 'Bitcoin mainnet' },
    })
    expect(error.shortMessage).toBe('This is a Bitcoin testnet address; this send is on Bitcoin mainnet.')
    expect(formatMessage(error.notice)).toBe(error.shortMessage)
  })

  it.each([
    ['bad-txns-inputs-missingorspent', 'bitcoinCoinsAlreadySpent'],
    ['txn-mempool-conflict', 'bitcoinCoinsAlreadySpent'],
    ['insufficient priority', 'bitcoinFeeTooLow'],
    ['min relay fee not met', 'bitcoinFeeTooLow'],
    ['non-final', 'bitcoinTransactionRefused'],
  ] as const)('tells a node refusal "%s" as %s, with the node’s reason kept', (reason, key) => {
    const error = new BitcoinBroadcastError(reason)
    expect(error).toBeInstanceOf(SendFailedError)
    expect(error.notice).toEqual({ key })
    expect(error.shortMessage).toBe(MESSAGES[key])
    expect(error.details).toBe(reason)
  })
})
