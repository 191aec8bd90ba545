// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest'
import type { FeeEstimate } from '../../adapterKit/contract.js'
import {
  connectedSendAccount as connected,
  eth,
  FEE,
  fillSendForm as fill,
  RECEIVER,
  SELF,
  USDC_CONTRACT,
  usdc,
} from '../../testing/sendAccount.testkit.js'
import { getSend, getSendValidation } from '../send.js'
import { setSendAmount } from '../setSendAmount.js'
import { setSendToken } from '../setSendToken.js'
import { estimateFormFee } from './estimateFormFee.js'

describe('estimateFormFee', () => {
  test('estimates the transfer in the form, with the token contract', async () => {
    const { portico, handle } = await connected()
    fill(portico, usdc('100.5'), '2.5')
    await estimateFormFee(portico)
    const call = handle.calls.filter((c) => c.method === 'estimateFee').at(-1)
    expect(call?.parameters).toMatchObject({
      address: SELF,
      to: RECEIVER,
      amount: 2_500_000n,
      token: USDC_CONTRACT,
      connectorId: 'io.metamask',
    })
  })

  test('before the form is valid, estimates a transfer to the account itself', async () => {
    const { portico, handle } = await connected()
    setSendToken(portico, { token: eth('1.2345') })
    setSendAmount(portico, { amount: '5000' })
    await estimateFormFee(portico)
    const call = handle.calls.filter((c) => c.method === 'estimateFee').at(-1)
    expect(call?.parameters).toMatchObject({ to: SELF, amount: 0n })
    expect(call?.parameters).not.toHaveProperty('token')
  })

  test('drops an estimate that a newer one overtook', async () => {
    const { portico, handle } = await connected()
    const replies: ((fee: FeeEstimate) => void)[] = []
    handle.adapter!.send!.estimateFee = () => new Promise((resolve) => replies.push(resolve))
    fill(portico, usdc('100.5'), '1')
    const first = estimateFormFee(portico)
    const second = estimateFormFee(portico)
    replies[1]?.({ ...FEE, fee: 2n })
    await second
    replies[0]?.({ ...FEE, fee: 1n })
    await first
    expect(getSend(portico).fee).toBe(2n)
    expect(getSend(portico).feeLoading).toBe(false)
  })

  test('drops an estimate for a token that is no longer chosen', async () => {
    const { portico, handle } = await connected()
    const replies: ((fee: FeeEstimate) => void)[] = []
    handle.adapter!.send!.estimateFee = () => new Promise((resolve) => replies.push(resolve))
    fill(portico, usdc('100.5'), '1')
    const pending = estimateFormFee(portico)
    setSendToken(portico, { token: eth('1.2345') })
    replies[0]?.(FEE)
    await pending
    expect(getSend(portico).fee).toBeUndefined()
  })

  test('a failed estimate is reported and leaves no fee', async () => {
    const { portico, handle } = await connected()
    handle.nextFee = new Error('execution reverted')
    fill(portico, eth('1.2345'), '0.1')
    await estimateFormFee(portico)
    expect(getSend(portico).fee).toBeUndefined()
    expect(getSend(portico).feeError).toEqual({ key: 'somethingWentWrong' })
    expect(getSendValidation(portico).problem).toBe('noFeeEstimate')
  })
})
