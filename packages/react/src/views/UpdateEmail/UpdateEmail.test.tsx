import { type EmbeddedWallet, openModal } from '@portico/core'
import { cleanup, fireEvent, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { modal, renderPortico, run } from '../../testkit/render.testkit.js'

afterEach(cleanup)

/** An embedded wallet whose e-mail change the test ends as the frame would. */
function changingWallet() {
  const shownOver: (Element | undefined)[] = []
  let settle: { resolve(value: { newEmail: string }): void; reject(error: unknown): void } | undefined
  const wallet: EmbeddedWallet = {
    connectEmail: async () => ({ action: 'VERIFY_OTP' }),
    connectDevice: async () => {},
    connectOtp: async () => ({ action: 'CONNECTED' }),
    getUser: async () => ({ email: 'ada@example.com', chainId: 1, address: '0x1', accountType: 'eoa' }),
    isConnected: async () => true,
    signOut: async () => {},
    updateEmail: () =>
      new Promise((resolve, reject) => {
        settle = { resolve, reject }
      }),
    showApproval: (container) => shownOver.push(container),
    hideApproval: () => shownOver.push(undefined),
  }
  return { wallet, shownOver, settle: () => settle as NonNullable<typeof settle> }
}

describe('UpdateEmail and UpdateEmailVerify: the codes are typed in the frame, not here', () => {
  test('the new address starts the change; the frame gets the view to lay its code screen over', async () => {
    const { wallet, shownOver, settle } = changingWallet()
    const { portico } = await renderPortico({ config: { embeddedWallet: wallet } })
    await run(() => openModal(portico, { route: { view: 'UpdateEmail' } }))
    const view = modal()
    const field = await view.findByRole('textbox', { name: 'New e-mail address' })
    await run(() => fireEvent.change(field, { target: { value: 'ada@new.example' } }))
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Continue' })))

    const dialog = await view.findByRole('dialog', { name: 'Change e-mail' })
    await waitFor(() => expect(shownOver).toHaveLength(1))
    expect(dialog.contains(shownOver[0] as Node)).toBe(true)
    // The page has no field for a code any more.
    expect(view.queryByRole('textbox')).toBeNull()
    expect(view.getByText(/codes .* in the secure wallet window/)).toBeTruthy()

    await run(() => settle().resolve({ newEmail: 'ada@new.example' }))
    expect(await view.findByRole('dialog', { name: 'Account' })).toBeTruthy()
    await waitFor(() => expect(shownOver.at(-1)).toBeUndefined())
  })

  test('a change that failed in the frame shows the address form again with the reason', async () => {
    const { wallet, settle } = changingWallet()
    const { portico } = await renderPortico({ config: { embeddedWallet: wallet } })
    await run(() => openModal(portico, { route: { view: 'UpdateEmail' } }))
    const view = modal()
    const field = await view.findByRole('textbox', { name: 'New e-mail address' })
    await run(() => fireEvent.change(field, { target: { value: 'ada@new.example' } }))
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Continue' })))
    await view.findByText(/codes .* in the secure wallet window/)
    await run(() => settle().reject(new Error('This code has expired: ask for a new one.')))
    expect((await view.findByRole('alert')).textContent).toBe('This code has expired: ask for a new one.')
    expect(view.getByRole('textbox', { name: 'New e-mail address' })).toBeTruthy()
  })
})
