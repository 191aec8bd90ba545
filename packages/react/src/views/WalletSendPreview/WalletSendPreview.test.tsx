import { connect, getSend, setSendAmount, setSendReceiver, UserRejectedRequestError } from '@portico/core'
import { cleanup, fireEvent, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { ADDRESS } from '../../testkit/createTestPortico.testkit.js'
import { open, renderPortico, run } from '../../testkit/render.testkit.js'
import { addSendCapabilities } from '../../testkit/sendAdapter.testkit.js'

afterEach(cleanup)

const RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const HASH = `0x${'ab'.repeat(32)}`

/** Connected, on the Send view with 0.5 ETH to RECEIVER filled in, then on the review. */
async function previewView() {
  const test = await renderPortico()
  const controls = addSendCapabilities(test)
  await run(async () => {
    const connecting = connect(test.portico, { connectorId: 'io.rabby' })
    test.approve()
    await connecting
  })
  const view = await open(test.portico, { route: { view: 'Account' } })
  await run(() => test.portico.state.router.history.push({ view: 'Account' }))
  await run(() => {
    test.portico.state.router.route = { view: 'WalletSend' }
  })
  await view.findByRole('button', { name: /^Token: ETH/ })
  await run(() => {
    setSendAmount(test.portico, { amount: '0.5' })
    setSendReceiver(test.portico, { address: RECEIVER })
  })
  // A native send waits for the fee, which core estimates once typing pauses.
  const review = (await view.findByRole('button', { name: 'Review' })) as HTMLButtonElement
  await waitFor(() => expect(review.disabled).toBe(false))
  await run(() => fireEvent.click(review))
  await view.findByRole('dialog', { name: 'Review send' })
  await view.findByRole('button', { name: 'Send' })
  return { ...test, view, controls }
}

describe('WalletSendPreview', () => {
  test('shows the amount, from and to, the network and the fee', async () => {
    const { view } = await previewView()
    expect(view.getByText('0.5 ETH')).toBeTruthy()
    // Shortened on screen, whole for screen readers and on hover or focus.
    expect(view.getByText('0x7099…79C8')).toBeTruthy()
    expect(view.getByText(ADDRESS, { selector: '.visually-hidden' })).toBeTruthy()
    expect(view.getByText(RECEIVER, { selector: '.visually-hidden' })).toBeTruthy()
    expect(view.getByText('0x3C44…93BC').closest('[tabindex="0"]')?.getAttribute('title')).toBe(RECEIVER)
    expect(view.getByText('Ethereum')).toBeTruthy()
    expect(view.getByText(/0\.000021 ETH/)).toBeTruthy()
  })

  test('Send asks the wallet and says so; Cancel stays available and returns to the form', async () => {
    const { view, controls, portico } = await previewView()
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Send' })))
    expect(controls.sends).toHaveLength(1)
    expect(controls.sends[0]).toMatchObject({ to: RECEIVER, amount: 500_000_000_000_000_000n })
    const waiting = view.getByRole('button', { name: 'Confirm in your wallet' }) as HTMLButtonElement
    expect(waiting.disabled).toBe(true)
    expect(waiting.getAttribute('aria-busy')).toBe('true')
    const cancel = view.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement
    expect(cancel.disabled).toBe(false)
    await run(() => fireEvent.click(cancel))
    expect(await view.findByRole('textbox', { name: 'Amount' })).toBeTruthy()
    expect(getSend(portico).sendTokenAmount).toBe('0.5')
    // The form is free at once, not after the wallet's prompt timeout.
    expect(getSend(portico).loading).toBe(false)
    expect((view.getByRole('button', { name: 'Review' }) as HTMLButtonElement).disabled).toBe(false)
  })

  test('a rejection in the wallet says so and offers Send again', async () => {
    const { view, controls } = await previewView()
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Send' })))
    await run(() => controls.sends[0]?.reject(new UserRejectedRequestError()))
    expect(view.getByRole('alert').textContent).toBe(
      'You declined the request in your wallet. Nothing was sent.',
    )
    expect((view.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false)
  })

  test("another failure says why and shows 'Something went wrong'", async () => {
    const { view, controls } = await previewView()
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Send' })))
    await run(() => controls.sends[0]?.reject(new Error('nonce too low')))
    expect(view.getByRole('alert').textContent).toBe('The transaction was not sent: Something went wrong')
    expect(view.getByText('Something went wrong', { selector: '.toast span, .toast *' })).toBeTruthy()
  })

  test('once sent, shows the transaction pending, then confirmed, and Done returns to Account', async () => {
    const { view, controls, portico } = await previewView()
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Send' })))
    await run(() => controls.sends[0]?.resolve(HASH))
    expect(await view.findByRole('dialog', { name: 'Transaction' })).toBeTruthy()
    expect(await view.findByText('Transaction sent')).toBeTruthy()
    expect(view.getByText('Waiting for confirmation…')).toBeTruthy()
    expect(view.getByText('0.5 ETH')).toBeTruthy()
    const link = view.getByRole('link', { name: /View on block explorer/ })
    expect(link.getAttribute('href')).toBe(`https://explorer.example/tx/${HASH}`)
    expect(view.getByText('Transaction started')).toBeTruthy()

    await run(() => controls.receipts[0]?.resolve({ status: 'success' }))
    expect(await view.findByText('Sent')).toBeTruthy()
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Done' })))
    expect(portico.state.router.route.view).toBe('Account')
    expect(portico.state.router.history).toEqual([])
  })

  test('a transaction that failed on chain says so', async () => {
    const { view, controls } = await previewView()
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Send' })))
    await run(() => controls.sends[0]?.resolve(HASH))
    await run(() => controls.receipts[0]?.resolve({ status: 'reverted' }))
    expect(await view.findByText('Failed on chain')).toBeTruthy()
  })
})
