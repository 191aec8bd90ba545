import {
  InvalidChainIdError,
  type Notice,
  selectNetwork,
  selectWallet,
  showApiAlert,
  showToast,
  UserRejectedRequestError,
} from '@portico/core'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { modal, open, renderPortico, run } from '../testkit/render.testkit.js'
import { en } from './en.js'
import { de } from './locales/de.js'
import { createTranslate, type Locale, noticeText } from './messages.js'

afterEach(cleanup)

// Core puts keys in state; what the visitor reads comes from the catalogue of the chosen locale.
const texts = {
  en: {
    declined: 'Connection declined',
    switchDeclined: 'Switch declined in the wallet',
    switchInvalid: 'Your wallet reported an invalid chain id for this network.',
    refusal: 'Invalid App Configuration',
    toast: 'Transaction started',
    emailChanged: 'Your e-mail is now ada@new.example',
  },
  de: {
    declined: 'Verbindung abgelehnt',
    switchDeclined: 'Netzwerkwechsel in der Wallet abgelehnt',
    switchInvalid: 'Deine Wallet hat für dieses Netzwerk eine ungültige Chain-ID gemeldet.',
    refusal: 'Ungültige App-Konfiguration',
    toast: 'Transaktion gestartet',
    emailChanged: 'Deine E-Mail-Adresse ist jetzt ada@new.example',
  },
} satisfies Record<Locale, Record<string, string>>

async function connected(locale: Locale) {
  const test = await renderPortico({ locale })
  await screen.findByRole('button', { name: locale === 'de' ? 'Wallet verbinden' : 'Connect Wallet' })
  await run(async () => {
    const connecting = selectWallet(test.portico, { connectorId: 'io.rabby' })
    test.approve(1)
    await connecting
  })
  return test
}

describe.each(['en', 'de'] as const)('what core reports, shown in %s', (locale) => {
  const text = texts[locale]

  test('a declined connection', async () => {
    const test = await renderPortico({ locale })
    const view = await open(test.portico)
    await run(() => fireEvent.click(view.getByRole('button', { name: /MetaMask/ })))
    await run(() => test.reject(new UserRejectedRequestError()))
    expect(test.portico.state.connection.error?.message).toEqual({ key: 'connectionDeclined' })
    expect(await view.findByText(text.declined)).toBeTruthy()
  })

  test('a declined network switch, and one the wallet failed with a code (also in the alert, said once)', async () => {
    const test = await connected(locale)
    const view = await open(test.portico, { route: { view: 'Networks' } })
    test.adapter.switchNetwork = async () => {
      throw new UserRejectedRequestError()
    }
    await run(() => selectNetwork(test.portico, { networkId: 'eip155:10' }))
    expect(view.getByRole('alert').textContent).toBe(text.switchDeclined)
    test.adapter.switchNetwork = async () => {
      throw new InvalidChainIdError()
    }
    await run(() => selectNetwork(test.portico, { networkId: 'eip155:10' }))
    const alerts = view.getAllByRole('alert')
    expect(alerts).toHaveLength(1)
    expect(alerts[0]?.textContent).toContain(text.switchInvalid)
  })

  test("an alert for the server's refusal and toasts, with their params", async () => {
    const test = await renderPortico({ locale })
    const view = await open(test.portico)
    await run(() => showApiAlert(test.portico, { apiCode: 'ORIGIN_NOT_ALLOWED', status: 403 }))
    expect(view.getByRole('alert').textContent).toBe(text.refusal)
    await run(() => showToast(test.portico, { message: { key: 'transactionStarted' }, variant: 'success' }))
    expect(view.getByRole('status').textContent).toBe(text.toast)
    const changed: Notice = { key: 'emailChanged', params: { email: 'ada@new.example' } }
    await run(() => showToast(test.portico, { message: changed, variant: 'success' }))
    expect(view.getByRole('status').textContent).toBe(text.emailChanged)
  })
})

test("a wallet's own sentence is shown as it came, in every locale", () => {
  const notice: Notice = { key: 'walletError', params: { message: 'The wallet is locked.' } }
  expect(noticeText(createTranslate(en), notice)).toBe('The wallet is locked.')
  expect(noticeText(createTranslate(de), notice)).toBe('The wallet is locked.')
})

test('a German modal shows a refusal alert in German', async () => {
  const test = await renderPortico({ locale: 'de' })
  await open(test.portico)
  await run(() => showApiAlert(test.portico, { apiCode: 'PROJECT_ID_MISSING', status: 400 }))
  expect(modal().getByRole('alert').textContent).toBe('Projekt-ID nicht konfiguriert')
})
