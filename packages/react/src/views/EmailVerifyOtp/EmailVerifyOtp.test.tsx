import { EMBEDDED_WALLET_CONNECTOR_ID, type EmbeddedWallet, openModal } from '@portico/core'
import { cleanup, fireEvent, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { wallets } from '../../testkit/createTestPortico.testkit.js'
import { modal, renderPortico, run } from '../../testkit/render.testkit.js'

afterEach(cleanup)

/** The embedded wallet as core calls it, recording what the views asked for. */
function embedded(codeIsRight: (otp: string) => boolean) {
  const calls: string[] = []
  const wallet: EmbeddedWallet = {
    connectEmail: async ({ email }) => {
      calls.push(`email ${email}`)
      return { action: 'VERIFY_OTP' }
    },
    connectDevice: async () => {},
    connectOtp: async ({ otp }) => {
      calls.push(`otp ${otp}`)
      if (!codeIsRight(otp)) throw new Error('The code is not right. 4 tries left.')
      return { action: 'CONNECTED' }
    },
    getUser: async () => ({ email: 'ada@example.com', chainId: 1, address: '0x1', accountType: 'eoa' }),
    isConnected: async () => true,
    signOut: async () => {},
    updateEmail: async () => ({ newEmail: 'x@example.com' }),
  }
  return { wallet, calls }
}

describe('e-mail login views', () => {
  test('Connect offers the e-mail field after the wallets; a code is asked for and checked', async () => {
    const { wallet, calls } = embedded((otp) => otp === '123456')
    const connectors = [
      ...wallets,
      {
        id: EMBEDDED_WALLET_CONNECTOR_ID,
        name: 'E-mail',
        type: 'AUTH' as const,
        namespace: 'eip155' as const,
        installed: true,
      },
    ]
    const { portico, approve } = await renderPortico({ connectors, config: { embeddedWallet: wallet } })
    await run(() => openModal(portico))
    const view = modal()
    const field = await view.findByRole('textbox', { name: 'E-mail address' })
    const lists = view.getAllByRole('list')
    // SPEC §9 default order: wallet, then e-mail.
    expect(lists[0]!.compareDocumentPosition(field) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    await run(() => fireEvent.change(field, { target: { value: 'not-an-address' } }))
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Continue' })))
    expect(view.getByRole('alert').textContent).toBe('Enter a valid e-mail address.')
    await run(() => fireEvent.change(field, { target: { value: 'ada@example.com' } }))
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Continue' })))
    expect(await view.findByRole('dialog', { name: 'Enter the code' })).toBeTruthy()
    expect(await view.findByText('ada@example.com')).toBeTruthy()
    expect(view.getByRole('button', { name: /Send a new code in \d+ s/ })).toHaveProperty('disabled', true)
    const code = view.getByRole('textbox', { name: 'Code' })
    await run(() => fireEvent.change(code, { target: { value: '000000' } }))
    expect((await view.findByRole('alert')).textContent).toBe('The code is not right. 4 tries left.')
    await run(() => fireEvent.change(code, { target: { value: '12 34 56' } }))
    // The connector's wallet answers the connection request.
    await run(() => approve())
    await waitFor(() => expect(portico.state.router.route.view).toBe('Account'))
    expect(calls).toEqual(['email ada@example.com', 'otp 000000', 'otp 123456'])
  })
})
