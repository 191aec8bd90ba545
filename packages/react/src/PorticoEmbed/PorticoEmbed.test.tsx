import { initialize, selectWallet } from '@portico/core'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { StrictMode } from 'react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { ConnectButton } from '../ConnectButton/ConnectButton.js'
import { PorticoProvider } from '../PorticoProvider/PorticoProvider.js'
import { createTestPortico } from '../testkit/createTestPortico.testkit.js'
import { run } from '../testkit/render.testkit.js'
import { PorticoEmbed } from './PorticoEmbed.js'

afterEach(cleanup)

function embedRoot(): ShadowRoot | null {
  return document.querySelector('[data-portico-embed]')?.shadowRoot ?? null
}

/** Queries scoped to the embedded panel's shadow root. */
function embed() {
  const root = embedRoot()
  if (!root) throw new Error('The embedded panel is not there.')
  return within(root as unknown as HTMLElement)
}

async function renderEmbed(options: { enableEmbedded?: boolean; strict?: boolean } = {}) {
  const warn = vi.fn()
  const test = createTestPortico({
    config: {
      enableEmbedded: options.enableEmbedded ?? true,
      logger: { debug: () => {}, warn, error: () => {} },
    },
  })
  const tree = (
    <PorticoProvider portico={test.portico}>
      <header>
        <ConnectButton />
      </header>
      <main data-testid="column">
        <PorticoEmbed className="wallet" />
      </main>
    </PorticoProvider>
  )
  const utils = render(options.strict ? <StrictMode>{tree}</StrictMode> : tree)
  await run(() => initialize(test.portico))
  return { ...test, ...utils, warn }
}

/** Waits for a view's chunk, so the panel shows the view and not its skeleton. */
async function settled() {
  await waitFor(() => {
    if (!embedRoot()?.querySelector('section')) throw new Error('no panel yet')
    if (embedRoot()?.querySelector('.skeleton')) throw new Error('view still loading')
  })
}

describe('PorticoEmbed', () => {
  test('renders in place, inside its own shadow root, as a region named by the view', async () => {
    document.body.style.setProperty('overflow', 'auto')
    const { portico } = await renderEmbed()
    await settled()
    const host = document.querySelector('[data-portico-embed]')
    expect(host?.parentElement).toBe(screen.getByTestId('column'))
    expect(host?.className).toBe('wallet')
    const region = embed().getByRole('region', { name: 'Connect a wallet' })
    expect(region.getRootNode()).toBe(embedRoot())
    expect(region.hasAttribute('aria-modal')).toBe(false)
    expect(embedRoot()?.querySelector('.backdrop')).toBeNull()
    expect(embed().queryByRole('dialog')).toBeNull()
    expect(portico.state.modal.open).toBe(true)
    // The page keeps scrolling and keeps its focus.
    expect(document.body.style.getPropertyValue('overflow')).toBe('auto')
    expect(document.activeElement).toBe(document.body)
    document.body.style.removeProperty('overflow')
  })

  test('shows Connect, then Account after connecting through it', async () => {
    const { approve, calls } = await renderEmbed()
    await settled()
    await run(() => fireEvent.click(embed().getByRole('button', { name: /Rabby/ })))
    expect(calls.connect).toEqual(['io.rabby'])
    expect(await embed().findByText('Continue in Rabby')).toBeTruthy()
    await run(() => approve())
    expect(await embed().findByRole('region', { name: 'Account' })).toBeTruthy()
    expect(await embed().findByRole('button', { name: 'Copy address' })).toBeTruthy()
  })

  test('has no close button on the start view; elsewhere closing returns to it and stays shown', async () => {
    const { portico, approve } = await renderEmbed()
    await run(async () => {
      const connecting = selectWallet(portico, { connectorId: 'io.rabby' })
      approve()
      await connecting
    })
    await settled()
    expect(await embed().findByRole('region', { name: 'Account' })).toBeTruthy()
    expect(embed().queryByRole('button', { name: /Close/ })).toBeNull()
    await run(() => fireEvent.click(embed().getByRole('button', { name: /^Network: Ethereum/ })))
    expect(await embed().findByRole('region', { name: 'Choose a network' })).toBeTruthy()
    await run(() => fireEvent.click(embed().getByRole('button', { name: 'Close and return to Account' })))
    expect(await embed().findByRole('region', { name: 'Account' })).toBeTruthy()
    expect(portico.state.modal.open).toBe(true)
  })

  test('Back returns to the previous view, and from the first view to the start', async () => {
    const { portico } = await renderEmbed()
    await settled()
    await run(() => fireEvent.click(embed().getByRole('button', { name: 'All Wallets' })))
    expect(await embed().findByRole('region', { name: 'All wallets' })).toBeTruthy()
    await run(() => fireEvent.click(embed().getByRole('button', { name: 'Back' })))
    expect(await embed().findByRole('region', { name: 'Connect a wallet' })).toBeTruthy()
    expect(embed().queryByRole('button', { name: 'Back' })).toBeNull()
    expect(portico.state.modal.open).toBe(true)
  })

  test('Esc does not close it, in the panel or in the page', async () => {
    const { portico } = await renderEmbed()
    await settled()
    await run(() => fireEvent.click(embed().getByRole('button', { name: 'All Wallets' })))
    const region = await embed().findByRole('region', { name: 'All wallets' })
    await run(() => fireEvent.keyDown(region, { key: 'Escape' }))
    await run(() => fireEvent.keyDown(document.body, { key: 'Escape' }))
    expect(portico.state.modal.open).toBe(true)
    expect(embed().getByRole('region', { name: 'All wallets' })).toBeTruthy()
  })

  test('Tab is not trapped: from the last control it leaves the panel', async () => {
    await renderEmbed()
    await settled()
    const region = embed().getByRole('region')
    const last = [...region.querySelectorAll<HTMLElement>('button')].at(-1)!
    last.focus()
    const tab = fireEvent.keyDown(last, { key: 'Tab' })
    // Not cancelled: the browser moves focus on to the page.
    expect(tab).toBe(true)
    expect(embedRoot()?.activeElement).toBe(last)
  })

  test('is the only place the modal shows: the ConnectButton navigates it, no overlay opens', async () => {
    const { portico, approve } = await renderEmbed()
    await run(async () => {
      const connecting = selectWallet(portico, { connectorId: 'io.rabby' })
      approve()
      await connecting
    })
    await settled()
    await run(() => fireEvent.click(screen.getByRole('button', { name: /^Network: Ethereum/ })))
    expect(await embed().findByRole('region', { name: 'Choose a network' })).toBeTruthy()
    expect(document.querySelector('[data-portico-modal]')).toBeNull()
    expect(document.querySelectorAll('[data-portico-embed]')).toHaveLength(1)
  })

  test('disconnecting returns to Connect, still shown', async () => {
    const { portico, approve, calls } = await renderEmbed()
    await run(async () => {
      const connecting = selectWallet(portico, { connectorId: 'io.rabby' })
      approve()
      await connecting
    })
    await settled()
    await run(async () => fireEvent.click(await embed().findByRole('button', { name: 'Disconnect' })))
    expect(calls.disconnect).toEqual(['io.rabby'])
    expect(await embed().findByRole('region', { name: 'Connect a wallet' })).toBeTruthy()
    expect(portico.state.modal.open).toBe(true)
  })

  test('without enableEmbedded it warns once and renders nothing; the overlay still works', async () => {
    const { portico, warn } = await renderEmbed({ enableEmbedded: false, strict: true })
    expect(document.querySelector('[data-portico-embed]')).toBeNull()
    expect(portico.state.modal.open).toBe(false)
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0]?.[0]).toMatch(/enableEmbedded: true/)
    await run(() => fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' })))
    await waitFor(() => expect(document.querySelector('[data-portico-modal]')).toBeTruthy())
  })

  test('under StrictMode one host and one shadow root, without warnings', async () => {
    const { warn } = await renderEmbed({ strict: true })
    await settled()
    expect(document.querySelectorAll('[data-portico-embed]')).toHaveLength(1)
    expect(embed().getAllByRole('region')).toHaveLength(1)
    expect(warn).not.toHaveBeenCalled()
  })

  test('takes the theme mode and locale of the instance', async () => {
    const { portico } = await renderEmbed()
    await settled()
    const root = embedRoot()?.querySelector('.root')
    expect(root?.getAttribute('data-theme')).toBe(portico.state.theme.themeMode)
    expect(root?.getAttribute('lang')).toBe('en')
  })
})
