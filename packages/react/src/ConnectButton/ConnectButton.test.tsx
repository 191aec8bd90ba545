import { type ConnectResult, initialize, RECONNECT_TIMEOUT_MS, selectWallet } from '@portico/core'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { useAccount } from '../hooks/useAccount.js'
import { PorticoProvider } from '../PorticoProvider/PorticoProvider.js'
import { ADDRESS, createTestPortico } from '../testkit/createTestPortico.testkit.js'
import { modal, modalRoot, renderPortico, run } from '../testkit/render.testkit.js'
import { ConnectButton } from './ConnectButton.js'

afterEach(cleanup)

/** What useAccount says, for the test to read. */
function AccountStatus() {
  const account = useAccount()
  return <output>{`${account.status} ${account.isReconnecting}`}</output>
}

describe('ConnectButton', () => {
  test('says Connect Wallet while disconnected, or the label it is given', async () => {
    await renderPortico({ children: <ConnectButton label="Sign in with a wallet" /> })
    expect(screen.getByRole('button', { name: 'Sign in with a wallet' })).toBeTruthy()
    cleanup()
    await renderPortico()
    expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeTruthy()
  })

  // The first Intl.NumberFormat of a page loads the browser's number data: the button's first paint
  // must not wait for it when it shows no amount. (Runs before any test that shows one.)
  test('reads no number format while disconnected, so its first paint does not wait for Intl', async () => {
    const numberFormat = vi.spyOn(Intl, 'NumberFormat')
    try {
      await renderPortico()
      expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeTruthy()
      expect(numberFormat).not.toHaveBeenCalled()
    } finally {
      numberFormat.mockRestore()
    }
  })

  test('shows a busy state while the wallet is asked', async () => {
    const { portico } = await renderPortico()
    await run(() => void selectWallet(portico, { connectorId: 'io.rabby' }))
    const button = screen.getByRole('button', { name: 'Connecting…' })
    expect(button.getAttribute('aria-busy')).toBe('true')
  })

  test('says Reconnecting… while a wallet of the last visit answers late, opens the modal meanwhile, then shows the account', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const test = createTestPortico()
      test.portico.internal.storage.set('connections', { eip155: { connectorId: 'io.rabby', name: 'Rabby' } })
      let answer: (result: ConnectResult | undefined) => void = () => {}
      test.adapter.reconnect = () =>
        new Promise((resolve) => {
          answer = resolve
        })
      render(
        <PorticoProvider portico={test.portico} locale="en">
          <ConnectButton />
          <AccountStatus />
        </PorticoProvider>,
      )
      void initialize(test.portico)
      await act(() => vi.advanceTimersByTimeAsync(RECONNECT_TIMEOUT_MS))
      const button = screen.getByRole('button', { name: 'Reconnecting…' })
      expect(button.getAttribute('aria-busy')).toBe('true')
      expect(screen.getByRole('status').textContent).toBe('reconnecting true')
      await act(async () => fireEvent.click(button))
      vi.useRealTimers()
      await waitFor(() => expect(modalRoot()).toBeTruthy())
      expect(await modal().findByRole('dialog', { name: 'Connect a wallet' })).toBeTruthy()
      await act(async () => answer({ address: ADDRESS, accounts: [ADDRESS], chainId: 1 }))
      expect(await screen.findByText('0x7099…79C8')).toBeTruthy()
      expect(screen.getByRole('status').textContent).toBe('connected false')
    } finally {
      vi.useRealTimers()
    }
  })

  test('shows the network, the native balance and the shortened address once connected', async () => {
    const { portico, approve } = await renderPortico()
    await run(async () => {
      const connecting = selectWallet(portico, { connectorId: 'io.rabby' })
      approve()
      await connecting
    })
    expect(await screen.findByText('1.23 ETH')).toBeTruthy()
    expect(screen.getByText('0x7099…79C8')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Network: Ethereum. Change network' })).toBeTruthy()
    expect(
      screen.getByRole('button', { name: 'Account 0x7099…79C8, balance 1.23 ETH. Open account' }),
    ).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Connect Wallet' })).toBeNull()
  })

  test('says Wrong network on an unlisted network and opens UnsupportedChain', async () => {
    const { portico, approve } = await renderPortico()
    await run(async () => {
      const connecting = selectWallet(portico, { connectorId: 'io.rabby' })
      approve(5)
      await connecting
    })
    // Core opens UnsupportedChain by itself; close it and reopen from the button.
    await run(() => fireEvent.keyDown(modal().getByRole('dialog'), { key: 'Escape' }))
    fireEvent.click(screen.getByRole('button', { name: 'Wrong network' }))
    expect(await modal().findByRole('dialog', { name: 'Switch network' })).toBeTruthy()
  })

  test('keeps its styles in a constructed stylesheet while mounted, and removes it after', async () => {
    const before = document.adoptedStyleSheets.length
    await renderPortico()
    expect(document.adoptedStyleSheets.length).toBe(before + 1)
    expect(document.querySelector('style')).toBeNull()
    cleanup()
    expect(document.adoptedStyleSheets.length).toBe(before)
  })
})
