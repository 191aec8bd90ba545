// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest'
import { navigate } from '../../modal/navigate.js'
import {
  connectedSendAccount as connected,
  eth,
  openSendForm,
  usdc,
} from '../../testing/sendAccount.testkit.js'
import { finishSend } from './finishSend.js'

describe('finishSend (Done on the sent transaction)', () => {
  test('returns to Account with the send views gone from history', async () => {
    const { portico, native } = await connected()
    await openSendForm(portico, [eth(native), usdc('100.5')])
    navigate(portico, { view: 'WalletSendConfirmed', params: { hash: '0x01' } })
    finishSend(portico)
    expect(portico.state.router.route).toEqual({ view: 'Account' })
    expect(portico.state.router.history).toEqual([])
  })
})
