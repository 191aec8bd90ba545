import { connect, initialize } from '@portico/core'
import { act, cleanup, fireEvent, render } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { ConnectButton } from '../ConnectButton/ConnectButton.js'
import { PorticoProvider } from '../PorticoProvider/PorticoProvider.js'
import { createTestPortico } from '../testkit/createTestPortico.testkit.js'
import { modal, modalRoot } from '../testkit/render.testkit.js'
import { PRELOAD_FALLBACK_DELAY_MS, PRELOAD_IDLE_TIMEOUT_MS, preloadModal } from './preloadModal.js'
import { isViewLoaded } from './views.js'

// View modules are fetched once per module graph (one per test file), so each test asks about a
// view no earlier test of this file fetched.

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

test('the provider fetches the Connect view once the page is idle after load, not before', async () => {
  vi.useFakeTimers()
  const { portico } = createTestPortico()
  render(<PorticoProvider portico={portico} />)
  // Without requestIdleCallback (this DOM has none, like Safari) it waits a moment after load.
  await vi.advanceTimersByTimeAsync(PRELOAD_FALLBACK_DELAY_MS - 1)
  expect(isViewLoaded('Connect')).toBe(false)
  await vi.advanceTimersByTimeAsync(1)
  vi.useRealTimers()
  await vi.waitFor(() => expect(isViewLoaded('Connect')).toBe(true), { timeout: 10_000 })
})

test('with requestIdleCallback, the preload waits for the idle callback, with a timeout', async () => {
  const idle: Array<{ run: () => void; timeout?: number | undefined }> = []
  vi.stubGlobal('requestIdleCallback', (run: () => void, options?: { timeout?: number }) => {
    idle.push({ run, timeout: options?.timeout })
    return idle.length
  })
  vi.stubGlobal('cancelIdleCallback', () => {})
  const { portico, approve } = createTestPortico()
  await initialize(portico)
  const connecting = connect(portico, { connectorId: 'io.rabby' })
  approve()
  await connecting
  render(<PorticoProvider portico={portico} />)
  expect(idle).toHaveLength(1)
  expect(idle[0]?.timeout).toBe(PRELOAD_IDLE_TIMEOUT_MS)
  expect(isViewLoaded('Account')).toBe(false)
  // Connected, the modal opens on Account: that is the view fetched.
  act(() => idle[0]?.run())
  await vi.waitFor(() => expect(isViewLoaded('Account')).toBe(true), { timeout: 10_000 })
})

test('nothing is fetched ahead when the browser saves data, or when the site turns it off', async () => {
  // Only the preload's idle callbacks: the instance's start waits for idle too, with its own timeout.
  const idle: Array<() => void> = []
  vi.stubGlobal('requestIdleCallback', (run: () => void, options?: { timeout?: number }) => {
    if (options?.timeout === PRELOAD_IDLE_TIMEOUT_MS) idle.push(run)
  })
  vi.stubGlobal('cancelIdleCallback', () => {})
  vi.useFakeTimers()
  vi.stubGlobal('navigator', { ...navigator, connection: { saveData: true } })
  render(<PorticoProvider portico={createTestPortico().portico} />)
  cleanup()
  vi.stubGlobal('navigator', { ...navigator, connection: { saveData: false } })
  render(<PorticoProvider portico={createTestPortico().portico} preload={false} />)
  expect(idle).toHaveLength(0)
  expect(vi.getTimerCount()).toBe(0)
  // The same page with the preload on schedules it: the two above stayed quiet for their reason.
  cleanup()
  render(<PorticoProvider portico={createTestPortico().portico} />)
  expect(idle).toHaveLength(1)
})

test("preloadModal fetches the view the modal would open on, for a site's own button", async () => {
  const { portico } = createTestPortico({ adapters: false })
  // No adapters, not on a phone: the modal opens on the basic WalletConnect pairing.
  preloadModal(portico)
  await vi.waitFor(() => expect(isViewLoaded('ConnectingWalletConnectBasic')).toBe(true), {
    timeout: 10_000,
  })
})

test('a preloaded modal is rendered hidden ahead of the click, out of reach, and the click reveals that same dialog', async () => {
  const { portico } = createTestPortico()
  const page = render(
    <PorticoProvider portico={portico} preload={false}>
      <ConnectButton />
    </PorticoProvider>,
  )
  await act(async () => {
    await initialize(portico)
  })
  const opener = page.getByRole('button', { name: 'Connect Wallet' })
  opener.focus()
  preloadModal(portico)
  await vi.waitFor(
    () => expect(modalRoot()?.querySelector('[role="dialog"][data-view="Connect"]')).toBeTruthy(),
    {
      timeout: 10_000,
    },
  )
  const dialog = modalRoot()!.querySelector<HTMLElement>('[role="dialog"]')!
  const backdrop = dialog.parentElement!
  // Out of reach: laid out but unseen (React's display: none is taken off, so the click needs no
  // first layout), in an inert root hidden from the accessibility tree, and none of the open
  // modal's effects ran (focus stayed, the page still scrolls, Esc is not heard).
  const root = modalRoot()!.querySelector<HTMLElement>('.root')!
  await vi.waitFor(() => expect(backdrop.style.display).toBe(''))
  expect(root.classList.contains('closed')).toBe(true)
  expect(root.hasAttribute('inert')).toBe(true)
  expect(root.getAttribute('aria-hidden')).toBe('true')
  expect(modal().queryByRole('dialog')).toBeNull()
  expect(document.activeElement).toBe(opener)
  expect(document.body.style.getPropertyValue('overflow')).toBe('')
  fireEvent.keyDown(document.body, { key: 'Escape' })
  expect(portico.state.modal.open).toBe(false)

  await act(async () => {
    fireEvent.click(opener)
  })
  expect(modal().getByRole('dialog', { name: 'Connect a wallet' })).toBe(dialog)
  expect(backdrop.style.display).toBe('')
  expect(root.classList.contains('closed')).toBe(false)
  expect(root.hasAttribute('inert')).toBe(false)
  expect(root.hasAttribute('aria-hidden')).toBe(false)
  expect(modalRoot()!.activeElement).toBe(dialog)
  expect(document.body.style.getPropertyValue('overflow')).toBe('hidden')

  await act(async () => {
    fireEvent.keyDown(dialog, { key: 'Escape' })
  })
  expect(portico.state.modal.open).toBe(false)
  expect(modalRoot()?.querySelector('[role="dialog"]')).toBeNull()
  expect(document.activeElement).toBe(opener)
  expect(document.body.style.getPropertyValue('overflow')).toBe('')
})
