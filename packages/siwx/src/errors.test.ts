import { BaseError } from '@portico/core'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { SiwxMessageError, SiwxVerificationError } from './errors.js'

describe("siwx's errors", () => {
  const cause = new Error('bad signature bytes')
  it.each([
    { error: new SiwxMessageError('Line 2 is not an address.', { cause }), name: 'SiwxMessageError' },
    {
      error: new SiwxVerificationError('INVALID_SIGNATURE', 'The signature does not match.', { cause }),
      name: 'SiwxVerificationError',
    },
  ])('$name is a core BaseError with its literal name, and walk() reaches its cause', ({ error, name }) => {
    expect(error).toBeInstanceOf(BaseError)
    expect(error.name).toBe(name)
    expect(error.walk()).toBe(cause)
  })

  it('type each name as its literal', () => {
    expectTypeOf(new SiwxMessageError('x').name).toEqualTypeOf<'SiwxMessageError'>()
    expectTypeOf(new SiwxVerificationError('EXPIRED', 'x').name).toEqualTypeOf<'SiwxVerificationError'>()
  })
})
