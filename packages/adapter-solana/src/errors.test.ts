import { BaseError, SendFailedError, UnrecognizedChainError } from '@portico/core'
import { describe, expect, expectTypeOf, it } from 'vitest'
import {
  InvalidSolanaNetworkError,
  InvalidSolanaTransactionOptionsError,
  SolanaAdapterLoadError,
  SolanaChainNotSupportedError,
  SolanaSendFailedError,
  SolanaSendValidationError,
} from './errors.js'

describe("the Solana adapter's errors", () => {
  it.each([
    { error: new InvalidSolanaNetworkError(), name: 'InvalidSolanaNetworkError' },
    { error: new InvalidSolanaTransactionOptionsError(), name: 'InvalidSolanaTransactionOptionsError' },
    { error: new SolanaChainNotSupportedError(), name: 'SolanaChainNotSupportedError' },
    { error: new SolanaSendFailedError(), name: 'SolanaSendFailedError' },
    { error: new SolanaSendValidationError('invalidAmount'), name: 'SolanaSendValidationError' },
    { error: new SolanaAdapterLoadError(), name: 'SolanaAdapterLoadError' },
  ])('$name is a core BaseError with its literal name', ({ error, name }) => {
    expect(error).toBeInstanceOf(BaseError)
    expect(error.name).toBe(name)
  })

  it('stays the core class core reacts to (an unknown chain, a failed send), under its own name', () => {
    expect(new SolanaChainNotSupportedError()).toBeInstanceOf(UnrecognizedChainError)
    expect(new SolanaSendFailedError()).toBeInstanceOf(SendFailedError)
    expectTypeOf(new SolanaChainNotSupportedError().name).toEqualTypeOf<'SolanaChainNotSupportedError'>()
    expectTypeOf(new SolanaSendFailedError().name).toEqualTypeOf<'SolanaSendFailedError'>()
    expectTypeOf(
      new SolanaSendValidationError('invalidAmount').name,
    ).toEqualTypeOf<'SolanaSendValidationError'>()
  })
})
