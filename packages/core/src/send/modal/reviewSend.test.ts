// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest'
import {
  connectedSendAccount as connected,
  eth,
  fillSendForm as fill,
  openSendForm,
  usdc,
} from '../../testing/sendAccount.testkit.js'
import { setSendAmount } from '../setSendAmount.js'
import { reviewSend } from './reviewSend.js'

describe('reviewSend (the form’s primary button)', () => {
  test('stays on the form and names the problem while there is one, then moves on to the review', async () => {
    const { portico, native } = await connected()
    await openSendForm(portico, [eth(native), usdc('100.5')])
    fill(portico, usdc('100.5'), '')
    expect(reviewSend(portico)).toEqual({ problem: 'noAmount' })
    expect(portico.state.router.route.view).toBe('WalletSend')
    setSendAmount(portico, { amount: '1' })
    expect(reviewSend(portico)).toEqual({ problem: undefined })
    expect(portico.state.router.route.view).toBe('WalletSendPreview')
    expect(portico.state.router.history.at(-1)?.view).toBe('WalletSend')
  })
})
