import {
  InvalidChainIdError,
  ProviderRequestError,
  ProviderTimeoutError,
  UnrecognizedChainError,
  UserRejectedRequestError,
} from '@portico/core'
import { describe, expect, it } from 'vitest'
import { getProviderErrorCode, mapProviderError } from './mapProviderError.js'

describe('mapProviderError', () => {
  it('maps 4001 to UserRejectedRequestError and keeps the wallet error as cause', () => {
    const raw = { code: 4001, message: 'User rejected the request.' }
    const error = mapProviderError(raw, { method: 'personal_sign' })
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect(error.code).toBe(4001)
    expect(error.cause).toBe(raw)
    expect(error.details).toContain('personal_sign')
  })

  it('maps 4902, also when MetaMask mobile nests it', () => {
    expect(mapProviderError({ code: 4902 }, { method: 'wallet_switchEthereumChain' })).toBeInstanceOf(
      UnrecognizedChainError,
    )
    const nested = { code: -32603, data: { originalError: { code: 4902 } } }
    expect(getProviderErrorCode(nested)).toBe(4902)
    expect(mapProviderError(nested, { method: 'wallet_switchEthereumChain' })).toBeInstanceOf(
      UnrecognizedChainError,
    )
  })

  it('maps ±32603 to InvalidChainIdError only while switching or adding a chain', () => {
    expect(mapProviderError({ code: -32603 }, { method: 'wallet_switchEthereumChain' })).toBeInstanceOf(
      InvalidChainIdError,
    )
    expect(mapProviderError({ code: 32603 }, { method: 'wallet_addEthereumChain' })).toBeInstanceOf(
      InvalidChainIdError,
    )
    expect(mapProviderError({ code: -32603 }, { method: 'personal_sign' })).toBeInstanceOf(
      ProviderRequestError,
    )
  })

  it('maps anything else to ProviderRequestError with code 5000', () => {
    for (const raw of [{ code: 4100 }, new Error('boom'), 'text', undefined]) {
      const error = mapProviderError(raw, { method: 'eth_requestAccounts' })
      expect(error).toBeInstanceOf(ProviderRequestError)
      expect(error.code).toBe(5000)
    }
  })

  it('passes Portico errors through', () => {
    const timeout = new ProviderTimeoutError({ timeoutMs: 5 })
    expect(mapProviderError(timeout, { method: 'eth_accounts' })).toBe(timeout)
  })
})
