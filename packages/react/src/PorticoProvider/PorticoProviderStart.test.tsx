import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { ConnectButton } from '../ConnectButton/ConnectButton.js'
import { useConnectors } from '../hooks/useConnectors.js'
import { createTestPortico } from '../testkit/createTestPortico.testkit.js'
import { modal } from '../testkit/render.testkit.js'
import { PorticoProvider } from './PorticoProvider.js'

// The idle callbacks the page asked for (the start's, then the modal's preload), run when the test
// says the browser is idle.
let idle: (() => void)[] = []

beforeEach(() => {
  idle = []
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback))
  vi.stubGlobal('cancelIdleCallback', (handle: number) => {
    idle[handle - 1] = () => {}
  })
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/** A site's own wallet list. */
function WalletNames() {
  const wallets = useConnectors()
  return <output>{wallets.map(({ connector }) => connector.name).join(', ')}</output>
}

function renderPage(children: ReactNode = <ConnectButton />) {
  const test = createTestPortico()
  const started = () => test.handle.calls.some((call) => call.method === 'start')
  const page = render(<PorticoProvider portico={test.portico}>{children}</PorticoProvider>)
  return { ...test, ...page, started }
}

describe('PorticoProvider starts the instance once the page is idle', () => {
  test('the button is the same before and after the start when nothing is connected', async () => {
    const { container, started } = renderPage()
    expect(started()).toBe(false)
    const before = container.innerHTML
    expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeTruthy()
    await act(async () => {
      for (const callback of idle) callback()
    })
    expect(started()).toBe(true)
    expect(container.innerHTML).toBe(before)
  })

  test('a click before the page is idle starts it at once: the modal lists the wallets', async () => {
    const { started } = renderPage()
    fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }))
    expect(started()).toBe(true)
    expect(await waitFor(() => modal().getByRole('button', { name: /Rabby/ }))).toBeTruthy()
  })

  test('a wallet list on the page starts it before its first paint', () => {
    const { started } = renderPage(<WalletNames />)
    expect(started()).toBe(true)
    expect(screen.getByRole('status').textContent).toBe('Rabby, MetaMask')
  })
})
