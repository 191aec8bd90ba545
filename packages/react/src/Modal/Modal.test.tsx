import { connect, MODAL_CLOSE_GUARD_MS, openModal, shakeModal, UserRejectedRequestError } from '@portico/core'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { StrictMode } from 'react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { PorticoProvider } from '../PorticoProvider/PorticoProvider.js'
import { createTestPortico } from '../testkit/createTestPortico.testkit.js'
import { modal, modalRoot, open, renderPortico, run } from '../testkit/render.testkit.js'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

function activeInModal() {
  return modalRoot()?.activeElement ?? null
}

describe('Modal', () => {
  test('renders nothing and adds no element to the page before it first opens', async () => {
    await renderPortico()
    expect(document.querySelector('[data-portico-modal]')).toBeNull()
  })

  test('opens on Connect, as a labelled dialog inside a shadow root', async () => {
    const { portico } = await renderPortico()
    const view = await open(portico)
    const dialog = view.getByRole('dialog', { name: 'Connect a wallet' })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(dialog.getRootNode()).toBe(modalRoot())
    // Not reachable from the page's DOM: page CSS and queries stop at the shadow boundary.
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(await view.findByRole('button', { name: /Rabby/ })).toBeTruthy()
    expect(view.getByRole('button', { name: /MetaMask/ })).toBeTruthy()
  })

  test('opens on Account when a wallet is connected', async () => {
    const { portico, approve } = await renderPortico()
    await run(async () => {
      const connecting = connect(portico, { connectorId: 'io.rabby' })
      approve()
      await connecting
    })
    await run(() => openModal(portico))
    expect(await modal().findByRole('dialog', { name: 'Account' })).toBeTruthy()
    expect(await modal().findByRole('button', { name: 'Copy address' })).toBeTruthy()
  })

  test('moves focus into the dialog on open and returns it to the opener on Esc', async () => {
    await renderPortico()
    const opener = screen.getByRole('button', { name: 'Connect Wallet' })
    opener.focus()
    fireEvent.click(opener)
    await waitFor(() => expect(activeInModal()?.getAttribute('role')).toBe('dialog'))
    await run(() => fireEvent.keyDown(activeInModal() as Element, { key: 'Escape' }))
    expect(modalRoot()?.querySelector('[role="dialog"]')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  test('wraps Tab from the last control to the first and Shift+Tab back', async () => {
    const { portico } = await renderPortico()
    const view = await open(portico)
    await view.findByRole('button', { name: /Rabby/ })
    const dialog = view.getByRole('dialog')
    const controls = [...dialog.querySelectorAll<HTMLElement>('button')]
    const first = controls[0]!
    const last = controls.at(-1)!
    last.focus()
    fireEvent.keyDown(last, { key: 'Tab' })
    expect(activeInModal()).toBe(first)
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true })
    expect(activeInModal()).toBe(last)
  })

  test('Esc and Tab still work when focus fell back to the page (the focused control was unmounted)', async () => {
    const { portico } = await renderPortico()
    const view = await open(portico)
    await view.findByRole('button', { name: /Rabby/ })
    ;(modalRoot()?.activeElement as HTMLElement | null)?.blur()
    expect(activeInModal()).toBeFalsy()
    fireEvent.keyDown(document.body, { key: 'Tab' })
    expect(activeInModal()).toBe(view.getByRole('dialog').querySelector('button'))
    ;(activeInModal() as HTMLElement).blur()
    await run(() => fireEvent.keyDown(document.body, { key: 'Escape' }))
    expect(portico.state.modal.open).toBe(false)
  })

  test('closes on a click on the backdrop but not on a click inside the dialog', async () => {
    const { portico } = await renderPortico()
    const view = await open(portico)
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.advanceTimersByTime(MODAL_CLOSE_GUARD_MS)
    await run(() => fireEvent.click(view.getByRole('dialog')))
    expect(portico.state.modal.open).toBe(true)
    const backdrop = modalRoot()?.querySelector('.backdrop') as Element
    await run(() => fireEvent.pointerDown(backdrop))
    await run(() => fireEvent.click(backdrop))
    expect(portico.state.modal.open).toBe(false)
  })

  test('a press inside the dialog released over the backdrop does not close it', async () => {
    const { portico } = await renderPortico()
    const view = await open(portico)
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.advanceTimersByTime(MODAL_CLOSE_GUARD_MS)
    await run(() => fireEvent.pointerDown(view.getByRole('dialog')))
    // The browser sends the click to the element both ends share: the backdrop.
    await run(() => fireEvent.click(modalRoot()?.querySelector('.backdrop') as Element))
    expect(portico.state.modal.open).toBe(true)
  })

  test('the second click of a double-click (backdrop or close button) does not close what the first opened', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const { portico } = await renderPortico()
    const view = await open(portico)
    const backdrop = modalRoot()?.querySelector('.backdrop') as Element
    vi.advanceTimersByTime(30)
    await run(() => fireEvent.pointerDown(backdrop))
    await run(() => fireEvent.click(backdrop, { detail: 2 }))
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Close' }), { detail: 2 }))
    expect(portico.state.modal.open).toBe(true)
    vi.advanceTimersByTime(MODAL_CLOSE_GUARD_MS)
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Close' }), { detail: 1 }))
    expect(portico.state.modal.open).toBe(false)
  })

  test('Enter on the close button closes at once: the guard is for pointers', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const { portico } = await renderPortico()
    const view = await open(portico)
    // A keyboard activation is a click with no pointer count.
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Close' }), { detail: 0 }))
    expect(portico.state.modal.open).toBe(false)
  })

  test('Back on the first view closes the modal', async () => {
    const { portico } = await renderPortico()
    const view = await open(portico, { route: { view: 'Networks' } })
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Back' })))
    expect(portico.state.modal.open).toBe(false)
    expect(modalRoot()?.querySelector('[role="dialog"]')).toBeNull()
  })

  test('arrow keys move focus between wallet rows', async () => {
    const { portico } = await renderPortico()
    const view = await open(portico)
    const rabby = await view.findByRole('button', { name: /Rabby/ })
    const metamask = view.getByRole('button', { name: /MetaMask/ })
    rabby.focus()
    fireEvent.keyDown(rabby, { key: 'ArrowDown' })
    expect(activeInModal()).toBe(metamask)
    fireEvent.keyDown(metamask, { key: 'ArrowUp' })
    expect(activeInModal()).toBe(rabby)
    fireEvent.keyDown(rabby, { key: 'End' })
    expect(activeInModal()).toBe(view.getByRole('button', { name: 'All Wallets' }))
  })

  test('choosing a wallet asks the adapter and shows the connecting view', async () => {
    const { portico, calls } = await renderPortico()
    const view = await open(portico)
    await run(() => fireEvent.click(view.getByRole('button', { name: /Rabby/ })))
    expect(calls.connect).toEqual(['io.rabby'])
    expect(await view.findByText('Continue in Rabby')).toBeTruthy()
    expect(view.getByText('Accept the connection request in your wallet')).toBeTruthy()
    expect(view.getByRole('dialog', { name: 'Rabby' })).toBeTruthy()
  })

  test('a declined request says so, and Try again asks the wallet again', async () => {
    const { portico, calls, reject, approve } = await renderPortico()
    const view = await open(portico)
    await run(() => fireEvent.click(view.getByRole('button', { name: /Rabby/ })))
    await run(() => reject(new UserRejectedRequestError()))
    expect(await view.findByText('Connection declined')).toBeTruthy()
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Try again' })))
    expect(calls.connect).toEqual(['io.rabby', 'io.rabby'])
    expect(await view.findByText('Continue in Rabby')).toBeTruthy()
    await run(() => approve())
    // Connected: the modal closes.
    await waitFor(() => expect(portico.state.modal.open).toBe(false))
  })

  test('a failed request shows its message with a retry, and Back still leaves', async () => {
    const { portico, reject } = await renderPortico()
    const view = await open(portico)
    await run(() => fireEvent.click(view.getByRole('button', { name: /MetaMask/ })))
    await run(() => reject(new Error('boom')))
    expect(await view.findByText('Connection failed')).toBeTruthy()
    expect(view.getByRole('button', { name: 'Try again' })).toBeTruthy()
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Back' })))
    expect(await view.findByRole('dialog', { name: 'Connect a wallet' })).toBeTruthy()
    expect(portico.state.connection.status).toBe('disconnected')
  })

  test('shakes for 500 ms when core asks it to', async () => {
    const { portico } = await renderPortico()
    const view = await open(portico)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    await run(() => shakeModal(portico))
    expect(view.getByRole('dialog').classList.contains('shake')).toBe(true)
    await run(() => vi.advanceTimersByTime(499))
    expect(view.getByRole('dialog').classList.contains('shake')).toBe(true)
    await run(() => vi.advanceTimersByTime(1))
    expect(view.getByRole('dialog').classList.contains('shake')).toBe(false)
  })

  test('keeps every control named', async () => {
    const { portico } = await renderPortico()
    const view = await open(portico)
    await view.findByRole('button', { name: /Rabby/ })
    for (const button of view.getAllByRole('button'))
      expect(button.getAttribute('aria-label') ?? button.textContent?.trim()).toBeTruthy()
  })
})

describe('Modal page interplay', () => {
  test('stops the page behind from scrolling while open and restores it after', async () => {
    document.body.style.setProperty('overflow', 'auto')
    const { portico } = await renderPortico()
    await open(portico)
    expect(document.body.style.getPropertyValue('overflow')).toBe('hidden')
    await run(() => fireEvent.keyDown(modal().getByRole('dialog'), { key: 'Escape' }))
    expect(document.body.style.getPropertyValue('overflow')).toBe('auto')
    document.body.style.removeProperty('overflow')
  })

  test('removes its host element when the provider unmounts', async () => {
    const { portico, unmount } = await renderPortico()
    await open(portico)
    expect(document.querySelectorAll('[data-portico-modal]')).toHaveLength(1)
    unmount()
    expect(document.querySelector('[data-portico-modal]')).toBeNull()
  })
})

describe('Modal focus after connecting', () => {
  test('returns focus to the account button when the Connect Wallet button it came from is gone', async () => {
    const { approve } = await renderPortico()
    const opener = screen.getByRole('button', { name: 'Connect Wallet' })
    opener.focus()
    await run(() => fireEvent.click(opener))
    await waitFor(() => expect(modalRoot()).toBeTruthy())
    const view = modal()
    await run(async () => fireEvent.click(await view.findByRole('button', { name: /Rabby/ })))
    await run(() => approve())
    // The modal closes once connected; focus lands on the account buttons that replaced the opener.
    await waitFor(() => expect(modalRoot()?.querySelector('[role="dialog"]')).toBeNull())
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^Network: Ethereum/)
  })

  test('with keepOpenAfterConnect, Account stays and Esc returns focus to the account button', async () => {
    const { approve } = await renderPortico({ config: { keepOpenAfterConnect: true } })
    const opener = screen.getByRole('button', { name: 'Connect Wallet' })
    opener.focus()
    await run(() => fireEvent.click(opener))
    await waitFor(() => expect(modalRoot()).toBeTruthy())
    const view = modal()
    await run(async () => fireEvent.click(await view.findByRole('button', { name: /Rabby/ })))
    await run(() => approve())
    expect(await view.findByRole('dialog', { name: 'Account' })).toBeTruthy()
    await run(() => fireEvent.keyDown(view.getByRole('dialog'), { key: 'Escape' }))
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^Network: Ethereum/)
  })
})

describe('Modal under StrictMode', () => {
  test('creates one host even though effects run twice', async () => {
    const { portico } = createTestPortico()
    // Open before mounting, so the effect that creates the host is the one StrictMode runs twice.
    openModal(portico)
    await run(() =>
      render(
        <StrictMode>
          <PorticoProvider portico={portico} />
        </StrictMode>,
      ),
    )
    expect(await modal().findByRole('dialog')).toBeTruthy()
    expect(document.querySelectorAll('[data-portico-modal]')).toHaveLength(1)
  })
})
