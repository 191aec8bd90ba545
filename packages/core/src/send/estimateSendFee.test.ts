// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest'
import { NotConnectedError, TransactionWouldFailError } from '../errors/base.js'
import { initialize } from '../initialize.js'
import { setup } from '../testing/fakeAdapter.testkit.js'
import {
  connectedSendAccount as connected,
  FEE,
  RECEIVER,
  SELF,
  USDC_CONTRACT,
  usdc,
} from '../testing/sendAccount.testkit.js'
import { estimateSendFee } from './estimateSendFee.js'
import { SendValidationError } from './sendErrors.js'

describe('estimateSendFee (the domain action)', () => {
  test('returns the adapter’s estimate for the transfer given, and stores nothing', async () => {
    const { portico, handle } = await connected()
    const estimate = await estimateSendFee(portico, {
      to: RECEIVER,
      amount: 2_500_000n,
      token: usdc('100.5'),
    })
    expect(estimate).toEqual(FEE)
    expect(handle.calls.find((c) => c.method === 'estimateFee')?.parameters).toMatchObject({
      address: SELF,
      to: RECEIVER,
      amount: 2_500_000n,
      token: USDC_CONTRACT,
      connectorId: 'io.metamask',
    })
    expect(portico.state.send.fee).toBeUndefined()
  })

  test('without a receiver or amount it estimates sending nothing to the account itself', async () => {
    const { portico, handle } = await connected()
    await estimateSendFee(portico)
    expect(handle.calls.find((c) => c.method === 'estimateFee')?.parameters).toMatchObject({
      to: SELF,
      amount: 0n,
    })
  })

  test("passes on the chain's refusal (TransactionWouldFailError)", async () => {
    const { portico, handle } = await connected()
    const thrown = new TransactionWouldFailError()
    handle.nextFee = thrown
    await expect(estimateSendFee(portico, { to: RECEIVER, amount: 1n })).rejects.toBe(thrown)
  })

  test('rejects with SendValidationError for an invalid receiver, and NotConnectedError without an account', async () => {
    const { portico, handle } = await connected()
    await expect(estimateSendFee(portico, { to: '0x12' })).rejects.toMatchObject({
      name: 'SendValidationError',
      problem: 'invalidAddress',
    })
    await expect(estimateSendFee(portico, { to: '0x12' })).rejects.toBeInstanceOf(SendValidationError)
    expect(handle.calls.some((c) => c.method === 'estimateFee')).toBe(false)

    const fresh = await setup()
    await initialize(fresh.portico)
    await expect(estimateSendFee(fresh.portico)).rejects.toBeInstanceOf(NotConnectedError)
  })
})
