import { connect } from '@portico/core'
import { cleanup, fireEvent, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { COPY_FEEDBACK_MS } from '../../components/useCopy.js'
import { ADDRESS } from '../../testkit/createTestPortico.testkit.js'
import { open, renderPortico, run } from '../../testkit/render.testkit.js'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

async function connected() {
  const test = await renderPortico()
  await run(async () => {
    const connecting = connect(test.portico, { connectorId: 'io.rabby' })
    test.approve()
    await connecting
  })
  const view = await open(test.portico)
  return { ...test, view }
}

describe('Account', () => {
  test('shows the shortened address, the balance, the network and an explorer link', async () => {
    const { view } = await connected()
    expect(view.getByRole('dialog', { name: 'Account' })).toBeTruthy()
    expect(view.getByText('0x7099…79C8')).toBeTruthy()
    // the balance under the address, and the native token in the Tokens tab
    await waitFor(() => expect(view.getAllByText('1.23 ETH')).toHaveLength(2))
    expect(view.getByRole('button', { name: 'Network: Ethereum. Change network' })).toBeTruthy()
    const link = view.getByRole('link', { name: /View on block explorer/ })
    expect(link.getAttribute('href')).toBe(`https://explorer.example/address/${ADDRESS}`)
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
  })

  test('copies the full address and says Copied for a moment', async () => {
    const { view } = await connected()
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Copy address' })))
    expect(writeText).toHaveBeenCalledWith(ADDRESS)
    const feedback = view.getByText('Copied')
    expect(feedback.getAttribute('aria-live')).toBe('polite')
    await run(() => vi.advanceTimersByTime(COPY_FEEDBACK_MS))
    expect(view.queryByText('Copied')).toBeNull()
  })

  test('the network chip opens Networks, and Back returns to Account', async () => {
    const { view } = await connected()
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Network: Ethereum. Change network' })))
    expect(await view.findByRole('dialog', { name: 'Choose a network' })).toBeTruthy()
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Back' })))
    expect(await view.findByRole('dialog', { name: 'Account' })).toBeTruthy()
  })

  test('Disconnect disconnects the wallet and closes the modal', async () => {
    const { view, calls, portico } = await connected()
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Disconnect' })))
    expect(calls.disconnect).toEqual(['io.rabby'])
    expect(portico.state.connection.status).toBe('disconnected')
    expect(portico.state.modal.open).toBe(false)
  })
})
