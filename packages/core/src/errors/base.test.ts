import { describe, expect, it } from 'vitest'
import {
  BaseError,
  ProviderRequestError,
  UserRejectedRequestError,
  type UserRejectedRequestErrorType,
} from './base.js'

describe('BaseError.walk', () => {
  it('returns the deepest cause without a predicate', () => {
    const root = new Error('socket closed')
    const error = new ProviderRequestError('send failed', { cause: new BaseError('inner', { cause: root }) })
    expect(error.walk()).toBe(root)
  })

  it('returns the first error on the chain that matches, the error itself included', () => {
    const rejected = new UserRejectedRequestError()
    const error = new ProviderRequestError('send failed', { cause: rejected })
    expect(error.walk((cause) => cause instanceof UserRejectedRequestError)).toBe(rejected)
    expect(error.walk((cause) => cause instanceof ProviderRequestError)).toBe(error)
    expect(error.walk((cause) => cause instanceof TypeError)).toBeNull()
  })

  it('stops on a cause that points back at itself', () => {
    const error = new BaseError('loop')
    ;(error as { cause?: unknown }).cause = error
    expect(error.walk()).toBe(error)
  })
})

describe('literal names', () => {
  it('narrow an error type on its name', () => {
    const error: unknown = new UserRejectedRequestError()
    const narrowed = (error as { name: string }).name === 'UserRejectedRequestError'
    expect(narrowed).toBe(true)
    const typed = error as UserRejectedRequestErrorType
    const name: 'UserRejectedRequestError' = typed.name
    expect(name).toBe('UserRejectedRequestError')
    expect(typed.code).toBe(4001)
  })
})
