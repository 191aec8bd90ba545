import { showAlert, showToast, TOAST_DURATION_MS } from '@portico/core'
import { cleanup, fireEvent } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { open, renderPortico, run } from '../testkit/render.testkit.js'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

async function openModal() {
  const { portico } = await renderPortico()
  const view = await open(portico)
  // Faked after opening, so only the toast's own timer is under the test's control.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  return { portico, view }
}

describe('Notices', () => {
  test('a toast is read out from a polite status region with its text', async () => {
    const { portico, view } = await openModal()
    await run(() => showToast(portico, { message: { key: 'transactionStarted' }, variant: 'success' }))
    const status = view.getByRole('status')
    expect(status.textContent).toBe('Transaction started')
    expect(status.getAttribute('aria-live')).toBe('polite')
    expect(status.getAttribute('data-variant')).toBe('success')
  })

  test.each(['success', 'error'] as const)('a %s toast disappears after 3 s', async (variant) => {
    const { portico, view } = await openModal()
    await run(() => showToast(portico, { message: { key: 'tokenBalanceUnavailable' }, variant }))
    await run(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1))
    expect(view.getByRole('status').textContent).toBe('Token Balance Unavailable')
    await run(() => vi.advanceTimersByTime(1))
    expect(view.getByRole('status').textContent).toBe('')
    expect(view.queryByText('Token Balance Unavailable')).toBeNull()
  })

  test('a loading toast stays until something replaces it', async () => {
    const { portico, view } = await openModal()
    await run(() => showToast(portico, { message: { key: 'authenticating' }, variant: 'loading' }))
    await run(() => vi.advanceTimersByTime(TOAST_DURATION_MS * 10))
    expect(view.getByRole('status').textContent).toBe('Authenticating...')
    await run(() => showToast(portico, { message: { key: 'signatureDeclined' }, variant: 'error' }))
    expect(view.getByRole('status').textContent).toBe('Signature declined')
    await run(() => vi.advanceTimersByTime(TOAST_DURATION_MS))
    expect(view.getByRole('status').textContent).toBe('')
  })

  test('the alert banner is a role alert that Dismiss removes, leaving the toast', async () => {
    const { portico, view } = await openModal()
    await run(() => showAlert(portico, { message: { key: 'networkNotFound' } }))
    await run(() => showToast(portico, { message: { key: 'authenticating' }, variant: 'loading' }))
    expect(view.getByRole('alert').textContent).toContain('Network Not Found')
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Dismiss' })))
    expect(view.queryByRole('alert')).toBeNull()
    expect(view.queryByText('Network Not Found')).toBeNull()
    expect(view.getByRole('status').textContent).toBe('Authenticating...')
  })
})
