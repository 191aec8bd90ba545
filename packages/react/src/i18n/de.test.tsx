import { ProviderTimeoutError, selectWallet, UserRejectedRequestError } from '@portico/core'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { ViewBoundary } from '../Modal/ViewBoundary.js'
import { modal, modalRoot, open, renderPortico, run } from '../testkit/render.testkit.js'
import { en } from './en.js'
import { de } from './locales/de.js'
import { MessagesContext } from './MessagesContext.js'
import { createTranslate } from './messages.js'

afterEach(cleanup)

// A catalogue key or an unfilled `{placeholder}` showing up anywhere a visitor could see or hear it.
const leak = new RegExp(`\\{\\w+\\}|\\b(${Object.keys(en).join('|')})\\b`)

function visibleText(root: ParentNode): string {
  const labels = [...root.querySelectorAll('[aria-label], [placeholder], [title]')].flatMap((element) =>
    ['aria-label', 'placeholder', 'title'].map((name) => element.getAttribute(name) ?? ''),
  )
  return [root.textContent ?? '', ...labels].join('\n')
}

/** The modal is in German, under `lang="de"`, and shows no key or placeholder. */
async function expectGermanModal() {
  const root = modalRoot()
  expect(root?.querySelector('.root')?.getAttribute('lang')).toBe('de')
  await waitFor(() => expect(modal().getByRole('button', { name: 'Schließen' })).toBeTruthy())
  expect(visibleText(root as ShadowRoot)).not.toMatch(leak)
  expect(visibleText(document.body)).not.toMatch(leak)
}

function Broken(): never {
  throw new Error('chunk missing')
}

async function german(options: Parameters<typeof renderPortico>[0] = {}) {
  const test = await renderPortico({ ...options, locale: 'de' })
  await screen.findByRole('button', { name: 'Wallet verbinden' })
  return test
}

async function connectedOn(chainId: number) {
  const test = await german()
  await run(async () => {
    const connecting = selectWallet(test.portico, { connectorId: 'io.rabby' })
    test.approve(chainId)
    await connecting
  })
  return test
}

describe('every view in German', () => {
  test('Connect', async () => {
    const { portico } = await german()
    const view = await open(portico)
    expect(view.getByRole('dialog', { name: 'Wallet verbinden' })).toBeTruthy()
    expect(view.getByRole('list', { name: 'Wallets' })).toBeTruthy()
    expect(view.getAllByText('Installiert')).toHaveLength(2)
    expect(view.getByRole('button', { name: 'Alle Wallets' })).toBeTruthy()
    expect(view.getByText('Bereitgestellt von Portico · Open Source')).toBeTruthy()
    await expectGermanModal()
  })

  test('Connect with no wallet in the browser', async () => {
    const { portico } = await german({ connectors: [] })
    const view = await open(portico)
    expect(view.getByText('In diesem Browser wurde keine Wallet gefunden')).toBeTruthy()
    await expectGermanModal()
  })

  test('AllWallets, with its search and its empty result', async () => {
    const { portico } = await german()
    const view = await open(portico, { route: { view: 'AllWallets' } })
    expect(view.getByRole('dialog', { name: 'Alle Wallets' })).toBeTruthy()
    const search = view.getByRole('searchbox', { name: 'Wallets durchsuchen' })
    expect(search.getAttribute('placeholder')).toBe('Wallet suchen')
    expect(view.getByText('2 Wallets')).toBeTruthy()
    await run(() => fireEvent.change(search, { target: { value: 'phantom' } }))
    expect(view.getByText('Keine Wallet gefunden')).toBeTruthy()
    expect(view.getByText('Keine Treffer für „phantom“.')).toBeTruthy()
    await expectGermanModal()
  })

  test('ConnectingExternal, waiting and then declined', async () => {
    const { portico, reject } = await german()
    const view = await open(portico)
    await run(() => fireEvent.click(view.getByRole('button', { name: /MetaMask/ })))
    expect(await view.findByText('Weiter in MetaMask')).toBeTruthy()
    expect(view.getByText('Bestätige die Verbindungsanfrage in deiner Wallet')).toBeTruthy()
    await expectGermanModal()
    await run(() => reject(new UserRejectedRequestError()))
    expect(view.getByText('Verbindung abgelehnt')).toBeTruthy()
    expect(
      view.getByText('Du hast die Anfrage in MetaMask abgelehnt. Du kannst es erneut versuchen.'),
    ).toBeTruthy()
    expect(view.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy()
    await expectGermanModal()
  })

  test('ConnectingExternal, when the wallet does not answer', async () => {
    const { portico, reject } = await german()
    const view = await open(portico)
    await run(() => fireEvent.click(view.getByRole('button', { name: /Rabby/ })))
    await run(() => reject(new ProviderTimeoutError({ timeoutMs: 1000 })))
    expect(view.getByText('Keine Antwort von der Wallet')).toBeTruthy()
    expect(view.getByText('Die Wallet hat nicht rechtzeitig geantwortet.')).toBeTruthy()
    await expectGermanModal()
  })

  test('ConnectingWalletConnectBasic', async () => {
    const { portico } = await german({ adapters: false })
    const view = await open(portico)
    expect(view.getByText('Für diese Website sind keine Wallet-Adapter eingerichtet')).toBeTruthy()
    await expectGermanModal()
  })

  test('Account, and the ConnectButton of a connected wallet', async () => {
    await connectedOn(1)
    await run(() => fireEvent.click(screen.getByRole('button', { name: /^Konto 0x7099…79C8/ })))
    const view = modal()
    expect(await view.findByRole('dialog', { name: 'Konto' })).toBeTruthy()
    expect(await view.findByRole('button', { name: 'Adresse kopieren' })).toBeTruthy()
    expect(view.getByRole('button', { name: 'Netzwerk: Ethereum. Netzwerk wechseln' })).toBeTruthy()
    expect(view.getByRole('link', { name: /Im Block-Explorer ansehen/ })).toBeTruthy()
    expect(view.getByRole('button', { name: 'Trennen' })).toBeTruthy()
    expect(
      await screen.findByRole('button', { name: 'Konto 0x7099…79C8, Guthaben 1,23 ETH. Konto öffnen' }),
    ).toBeTruthy()
    expect(document.querySelector('.portico-cb')?.getAttribute('lang')).toBe('de')
    await expectGermanModal()
  })

  test('Networks', async () => {
    const { portico } = await connectedOn(1)
    const view = await open(portico, { route: { view: 'Networks' } })
    expect(view.getByRole('dialog', { name: 'Netzwerk auswählen' })).toBeTruthy()
    expect(view.getByRole('list', { name: 'Netzwerke' })).toBeTruthy()
    expect(view.getByText('Aktiv')).toBeTruthy()
    expect(view.getByRole('button', { name: 'Zurück' })).toBeTruthy()
    await expectGermanModal()
  })

  test('UnsupportedChain, and the ConnectButton on a wrong network', async () => {
    await connectedOn(5)
    const view = modal()
    expect(await view.findByRole('dialog', { name: 'Netzwerk wechseln' })).toBeTruthy()
    expect(await view.findByText(/Netzwerk verbunden, das diese Website nicht unterstützt/)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Falsches Netzwerk' })).toBeTruthy()
    await expectGermanModal()
  })

  test('the view that failed to load', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    render(
      <MessagesContext.Provider value={{ locale: 'de', t: createTranslate(de) }}>
        <ViewBoundary view="Account" onRetry={() => {}}>
          <Broken />
        </ViewBoundary>
      </MessagesContext.Provider>,
    )
    expect(screen.getByRole('alert').textContent).toMatch(/konnte nicht geladen werden/)
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy()
    expect(visibleText(document.body)).not.toMatch(leak)
    vi.restoreAllMocks()
  })
})
