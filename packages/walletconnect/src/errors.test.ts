import { BaseError, ProviderRequestError, UnrecognizedChainError } from '@portico/core'
import { describe, expect, expectTypeOf, it } from 'vitest'
import {
  WalletConnectAbortedError,
  WalletConnectChainNotApprovedError,
  WalletConnectDestroyedError,
  WalletConnectProposalError,
  WalletConnectRelayError,
  WalletConnectRequestError,
} from './errors.js'

describe("walletconnect's errors", () => {
  it.each([
    { error: new WalletConnectAbortedError(), name: 'WalletConnectAbortedError' },
    { error: new WalletConnectDestroyedError(), name: 'WalletConnectDestroyedError' },
    { error: new WalletConnectRelayError({ relayUrl: 'wss://relay.test' }), name: 'WalletConnectRelayError' },
    { error: new WalletConnectProposalError(), name: 'WalletConnectProposalError' },
    { error: new WalletConnectRequestError('Nope.', { code: -32000 }), name: 'WalletConnectRequestError' },
    {
      error: new WalletConnectChainNotApprovedError('eip155:10', ['eip155:1']),
      name: 'WalletConnectChainNotApprovedError',
    },
  ])('$name is a core BaseError with its literal name', ({ error, name }) => {
    expect(error).toBeInstanceOf(BaseError)
    expect(error.name).toBe(name)
  })

  it("keeps the core class a wallet's refusal specialises, under its own name", () => {
    const request = new WalletConnectRequestError('Nope.', { code: -32000, data: { reason: 'x' } })
    expect(request).toBeInstanceOf(ProviderRequestError)
    expect(request.code).toBe(-32000)
    const chain = new WalletConnectChainNotApprovedError('eip155:10', [])
    expect(chain).toBeInstanceOf(UnrecognizedChainError)
    expect(chain.code).toBe(4902)
    expectTypeOf(request.name).toEqualTypeOf<'WalletConnectRequestError'>()
    expectTypeOf(chain.name).toEqualTypeOf<'WalletConnectChainNotApprovedError'>()
    expectTypeOf(new WalletConnectAbortedError().name).toEqualTypeOf<'WalletConnectAbortedError'>()
  })
})
