// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest'
import { navigate } from '../../modal/navigate.js'
import {
  connectedSendAccount as connected,
  eth,
  openSendForm,
  usdc,
} from '../../testing/sendAccount.testkit.js'
import { getSend } from '../send.js'
import { chooseSendToken } from './chooseSendToken.js'

describe('chooseSendToken (a row of the token list)', () => {
  test('the form sends the token picked, and the list gives way to the form', async () => {
    const { portico, native } = await connected()
    await openSendForm(portico, [eth(native), usdc('100.5')])
    navigate(portico, { view: 'WalletSendSelectToken' })
    chooseSendToken(portico, { token: usdc('100.5') })
    expect(getSend(portico).token?.symbol).toBe('USDC')
    expect(portico.state.router.route.view).toBe('WalletSend')
  })
})
