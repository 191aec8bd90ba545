import { ProviderRequestError, ProviderTimeoutError, UserRejectedRequestError } from '@portico/core'
import { describe, expect, it } from 'vitest'
import { callWallet, isUserRejection, mapWalletError } from './mapWalletError.js'

describe('isUserRejection', () => {
  it('recognises the ways wallets say the visitor declined', () => {
    expect(isUserRejection({ code: 4001, message: 'anything' })).toBe(true)
    expect(isUserRejection(new Error('User rejected the request.'))).toBe(true)
    expect(
      isUserRejection({ name: 'WalletSignTransactionError', message: 'Transaction cancelled by user' }),
    ).toBe(true)
    expect(isUserRejection({ name: 'UserRejectedRequestError', message: '' })).toBe(true)
    expect(isUserRejection('User denied the signature')).toBe(true)
  })

  it('does not take a network refusal or a plain failure for the visitor declining', () => {
    expect(isUserRejection(new Error('Transaction simulation failed: rejected by the node'))).toBe(false)
    expect(isUserRejection({ code: -32603, message: 'Internal error' })).toBe(false)
    expect(isUserRejection(undefined)).toBe(false)
  })
})

describe('mapWalletError', () => {
  it('maps a refusal to UserRejectedRequestError and anything else to ProviderRequestError', () => {
    const rejected = mapWalletError(
      { code: 4001, message: 'User rejected the request.' },
      { feature: 'standard:connect' },
    )
    expect(rejected).toBeInstanceOf(UserRejectedRequestError)
    expect(rejected.details).toBe('standard:connect (code 4001): User rejected the request.')
    const failed = mapWalletError(new Error('boom'), { feature: 'solana:signMessage' })
    expect(failed).toBeInstanceOf(ProviderRequestError)
    expect(failed.details).toBe('solana:signMessage: boom')
  })
})

describe('callWallet', () => {
  it('turns a synchronous throw into a mapped rejection', async () => {
    await expect(
      callWallet(
        'standard:connect',
        () => {
          throw { code: 4001 }
        },
        { timeoutMs: 1_000 },
      ),
    ).rejects.toBeInstanceOf(UserRejectedRequestError)
  })

  it('gives up after timeoutMs with ProviderTimeoutError naming the feature', async () => {
    const error = (await callWallet('solana:signMessage', () => new Promise(() => {}), {
      timeoutMs: 20,
    }).catch((e) => e)) as ProviderTimeoutError
    expect(error).toBeInstanceOf(ProviderTimeoutError)
    expect(error.details).toBe('solana:signMessage got no answer.')
  })
})
