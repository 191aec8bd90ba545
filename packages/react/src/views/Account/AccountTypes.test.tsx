import { connect } from '@portico/core'
import { cleanup, fireEvent, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { ADDRESS } from '../../testkit/createTestPortico.testkit.js'
import { open, renderPortico, run } from '../../testkit/render.testkit.js'

afterEach(cleanup)

const ORDINALS = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

/** A wallet with a payment and an ordinals address, as the Bitcoin adapter reports them. */
async function typedWallet(locale?: 'de') {
  const test = await renderPortico(locale ? { locale } : {})
  let active: 'payment' | 'ordinal' = 'payment'
  test.adapter.accountTypes = {
    get: () => [
      { type: 'payment', address: ADDRESS },
      { type: 'ordinal', address: ORDINALS },
    ],
    set: ({ connectorId, type }) => {
      active = type
      test.handle.context?.emit({
        type: 'accountsChanged',
        connectorId,
        accounts: type === 'ordinal' ? [ORDINALS, ADDRESS] : [ADDRESS, ORDINALS],
      })
    },
  }
  await run(async () => {
    const connecting = connect(test.portico, { connectorId: 'io.rabby' })
    test.approve()
    await connecting
  })
  const view = await open(test.portico)
  return { ...test, view, active: () => active }
}

describe('Account: payment and ordinals addresses', () => {
  test('shows the payment address as the active one, and switches to the ordinals address and back', async () => {
    const { view, active } = await typedWallet()
    const group = view.getByRole('group', { name: 'Address in use' })
    const payment = view.getByRole('button', { name: 'Payment' })
    const ordinals = view.getByRole('button', { name: 'Ordinals' })
    expect(group.contains(payment)).toBe(true)
    expect(payment.getAttribute('aria-pressed')).toBe('true')
    expect(ordinals.getAttribute('aria-pressed')).toBe('false')
    await run(() => fireEvent.click(ordinals))
    expect(active()).toBe('ordinal')
    await waitFor(() => expect(view.getByText('0x3C44…93BC')).toBeTruthy())
    expect(view.getByRole('button', { name: 'Ordinals' }).getAttribute('aria-pressed')).toBe('true')
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Payment' })))
    await waitFor(() => expect(view.getByText('0x7099…79C8')).toBeTruthy())
  })

  test('says it in German', async () => {
    const { view } = await typedWallet('de')
    expect(view.getByRole('group', { name: 'Verwendete Adresse' })).toBeTruthy()
    expect(view.getByRole('button', { name: 'Zahlungen' })).toBeTruthy()
  })

  test('shows nothing of it for a wallet with one kind of account', async () => {
    const test = await renderPortico()
    await run(async () => {
      const connecting = connect(test.portico, { connectorId: 'io.rabby' })
      test.approve()
      await connecting
    })
    const view = await open(test.portico)
    expect(view.queryByRole('group', { name: 'Address in use' })).toBeNull()
  })
})
