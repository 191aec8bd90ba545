import { readFileSync } from 'node:fs'
import { describe, expect, expectTypeOf, it } from 'vitest'
import {
  BaseError,
  ProviderRequestError,
  SendFailedError,
  UnrecognizedChainError,
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

describe('classes adapters specialise', () => {
  it("take the subclass's own literal name and stay the core class core reacts to", () => {
    class ChainNotInSessionError extends UnrecognizedChainError {
      override name = 'ChainNotInSessionError' as const
    }
    class NodeRefusedSendError extends SendFailedError {
      override name = 'NodeRefusedSendError' as const
    }
    class WalletRpcError extends ProviderRequestError {
      override name = 'WalletRpcError' as const
    }
    const chain = new ChainNotInSessionError()
    expect(chain).toBeInstanceOf(UnrecognizedChainError)
    expect({ name: chain.name, code: chain.code }).toEqual({ name: 'ChainNotInSessionError', code: 4902 })
    expect(new NodeRefusedSendError('Failed to send transaction.')).toBeInstanceOf(SendFailedError)
    expect(new WalletRpcError('Nope.').name).toBe('WalletRpcError')
    expectTypeOf(chain.name).toEqualTypeOf<'ChainNotInSessionError'>()
  })

  it("carry a server's string code as well as a wallet's number", () => {
    expect(new BaseError('Refused.', { code: 'RATE_LIMITED' }).code).toBe('RATE_LIMITED')
    expect(new UserRejectedRequestError().code).toBe(4001)
  })
})

describe('@portico/core/errors', () => {
  it('imports nothing, so the server and the wallet frame take the error classes without core', () => {
    const source = readFileSync(new URL('./base.ts', import.meta.url), 'utf8')
    expect(source).not.toMatch(/^\s*(import|export .* from)\b/m)
  })
})
