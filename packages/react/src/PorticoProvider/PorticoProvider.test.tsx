import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { ConnectButton } from '../ConnectButton/ConnectButton.js'
import { createTestPortico } from '../testkit/createTestPortico.testkit.js'
import { open, run } from '../testkit/render.testkit.js'
import { PorticoProvider } from './PorticoProvider.js'

afterEach(cleanup)

// The German chunk is fetched once per module graph, so this file's first test is the one that
// sees it arrive; keep it first.
describe('PorticoProvider locale', () => {
  test('shows English until the German texts arrive, then German, never a blank', async () => {
    const { portico } = createTestPortico()
    render(
      <PorticoProvider portico={portico} locale="de">
        <ConnectButton />
      </PorticoProvider>,
    )
    const button = screen.getByRole('button')
    expect(button.textContent).toBe('Connect Wallet')
    expect(button.closest('.portico-cb')?.getAttribute('lang')).toBe('en')
    expect(await screen.findByRole('button', { name: 'Wallet verbinden' })).toBe(button)
    expect(button.closest('.portico-cb')?.getAttribute('lang')).toBe('de')
  })

  test('a locale loaded once shows in the first render, and English comes back at once', async () => {
    const { portico } = createTestPortico()
    const app = (locale: 'en' | 'de') => (
      <PorticoProvider portico={portico} locale={locale}>
        <ConnectButton />
      </PorticoProvider>
    )
    const { rerender } = render(app('de'))
    expect(screen.getByRole('button').textContent).toBe('Wallet verbinden')
    rerender(app('en'))
    expect(screen.getByRole('button').textContent).toBe('Connect Wallet')
  })

  test('messages replace single texts of the locale, in the button and in the modal', async () => {
    const { portico } = createTestPortico()
    const messages = { connectWallet: 'Sign in', continueIn: 'Open {name}', titleConnect: 'Sign in' }
    render(
      <PorticoProvider portico={portico} locale="de" messages={messages}>
        <ConnectButton />
      </PorticoProvider>,
    )
    expect(screen.getByRole('button').textContent).toBe('Sign in')
    const view = await open(portico)
    expect(view.getByRole('dialog', { name: 'Sign in' })).toBeTruthy()
    expect(view.getByRole('button', { name: 'Schließen' })).toBeTruthy()
    await run(() => view.getByRole('button', { name: /Rabby/ }).click())
    expect(await view.findByText('Open Rabby')).toBeTruthy()
  })
})
