import { EMBEDDED_WALLET_CONNECTOR_ID, type EmbeddedWallet, openModal } from '@portico/core'
import { cleanup, fireEvent, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { wallets } from '../../testkit/createTestPortico.testkit.js'
import { modal, modalRoot, renderPortico, run } from '../../testkit/render.testkit.js'

const PROVIDER_PAGE = 'https://accounts.provider.example/authorize?state=s'

/**
 * The provider's window as the page sees it: readable while blank or back on the page's origin,
 * throwing like a real cross-origin window while it is at the provider.
 */
function fakeWindow() {
  const origin = window.location.origin
  let href = 'about:blank'
  const home = () => href === 'about:blank' || href.startsWith(`${origin}/`)
  const refuse = () => {
    throw new DOMException('Blocked a frame from accessing a cross-origin frame.', 'SecurityError')
  }
  const popup = {
    closed: false,
    close: () => {
      popup.closed = true
    },
    location: {
      get origin() {
        return home() && href !== 'about:blank' ? origin : refuse()
      },
      get href(): string {
        return home() ? href : refuse()
      },
      set href(next: string) {
        href = next
      },
    },
  }
  return { popup, at: () => href }
}

/** The frame as core calls it: finishing answers 'not back yet' until the provider's callback. */
function embedded(calls: string[] = []) {
  let back = false
  const wallet: EmbeddedWallet = {
    connectEmail: async () => ({ action: 'VERIFY_OTP' }),
    connectDevice: async () => {},
    connectOtp: async () => ({ action: 'CONNECTED' }),
    getUser: async () => ({ email: 'ada@example.com', chainId: 1, address: '0x1', accountType: 'eoa' }),
    isConnected: async () => true,
    signOut: async () => {},
    updateEmail: async () => ({ newEmail: 'x@example.com' }),
    getSocialRedirectUri: async ({ provider }) => {
      calls.push(`redirect ${provider}`)
      return { uri: PROVIDER_PAGE }
    },
    connectSocial: async ({ uri }) => {
      if (!back) throw new Error('Not back from the provider yet (SOCIAL_LOGIN_PENDING).')
      calls.push(`connectSocial ${uri}`)
      return { userName: 'ada_l' }
    },
  }
  const callback = () => {
    back = true
  }
  return { wallet, calls, callback }
}

const embeddedConnector = {
  id: EMBEDDED_WALLET_CONNECTOR_ID,
  name: 'E-mail',
  type: 'AUTH' as const,
  namespace: 'eip155' as const,
  installed: true,
}
const ALL = ['google', 'x', 'discord', 'github', 'apple', 'facebook'] as const

let current: ReturnType<typeof fakeWindow>
let opens: number
beforeEach(() => {
  opens = 0
  vi.stubGlobal(
    'open',
    vi.fn(() => {
      opens++
      current = fakeWindow()
      return current.popup
    }),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

async function start(options: { socials?: readonly (typeof ALL)[number][]; injected?: boolean } = {}) {
  const { wallet, calls, callback } = embedded()
  const test = await renderPortico({
    connectors: [...(options.injected === false ? [] : wallets), embeddedConnector],
    config: { embeddedWallet: wallet, features: { socials: [...(options.socials ?? ALL)] } },
  })
  await run(() => openModal(test.portico))
  return { ...test, calls, callback, wallet, view: modal() }
}

describe('the social section of Connect', () => {
  test('the first provider as a row, the next as icons and more for the rest, each named for screen readers', async () => {
    const { view } = await start()
    const section = await view.findByRole('region', { name: 'Social logins' })
    const buttons = () =>
      [...section.querySelectorAll('button')].map((b) => b.getAttribute('aria-label') ?? b.textContent)
    expect(buttons()).toEqual([
      'Continue with Google',
      'Continue with X',
      'Continue with Discord',
      'Continue with GitHub',
      '2 more ways to log in',
    ])
    await run(() => fireEvent.click(view.getByRole('button', { name: '2 more ways to log in' })))
    expect(buttons()).toEqual([
      'Continue with Google',
      'Continue with X',
      'Continue with Discord',
      'Continue with GitHub',
      'Continue with Apple',
      'Continue with Facebook',
    ])
    // The control that had focus is gone: focus moves to the first provider it revealed.
    await waitFor(() =>
      expect((section.getRootNode() as ShadowRoot).activeElement?.getAttribute('aria-label')).toBe(
        'Continue with Apple',
      ),
    )
  })

  test('SPEC §9: after the wallets when the browser has some, before them when it has none', async () => {
    const withWallets = await start({ socials: ['github'] })
    const section = await withWallets.view.findByRole('region', { name: 'Social logins' })
    const list = withWallets.view.getByRole('list', { name: 'Wallets' })
    expect(list.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    cleanup()
    const without = await start({ socials: ['github'], injected: false })
    const alone = await without.view.findByRole('region', { name: 'Social logins' })
    const email = without.view.getByRole('textbox', { name: 'E-mail address' })
    const getWallet = without.view.getByRole('button', { name: 'Get a wallet' })
    expect(email.compareDocumentPosition(alone) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(alone.compareDocumentPosition(getWallet) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  test('no section without providers', async () => {
    const { view } = await start({ socials: [] })
    await view.findByRole('textbox', { name: 'E-mail address' })
    expect(view.queryByRole('region', { name: 'Social logins' })).toBeNull()
  })
})

describe('ConnectingSocial', () => {
  test('waits for the window, connects when it comes back, and Account shows the username', async () => {
    const { view, portico, calls, callback, approve } = await start({ socials: ['github', 'google'] })
    const button = await view.findByRole('button', { name: 'Continue with GitHub' })
    await run(() => fireEvent.click(button))
    expect(opens).toBe(1)
    expect(await view.findByRole('dialog', { name: 'Log in' })).toBeTruthy()
    expect(view.getByRole('heading', { name: 'Continue in the GitHub window' })).toBeTruthy()
    expect(view.getByRole('img', { name: 'Waiting for the login' })).toBeTruthy()
    await waitFor(() => expect(current.at()).toBe(PROVIDER_PAGE))
    // The provider sends the visitor back to the server, whose page closes the window.
    await run(() => {
      callback()
      current.popup.closed = true
    })
    await waitFor(() => expect(calls).toContain(`connectSocial ${PROVIDER_PAGE}`))
    await run(() => approve())
    await waitFor(() => expect(portico.state.router.route.view).toBe('Account'))
    expect(current.popup.closed).toBe(true)
    await run(() => openModal(portico))
    const account = modal()
    expect(await account.findByText('ada_l')).toBeTruthy()
    expect(account.getByText('Logged in with GitHub')).toBeTruthy()
  })

  test('a denied consent says so and offers Try again, which opens a new window; Cancel leads back to Connect', async () => {
    const { view, portico, wallet } = await start({ socials: ['google'] })
    wallet.connectSocial = async () => {
      throw new Error('You declined the login at the provider (SOCIAL_CONSENT_DENIED).')
    }
    const button = await view.findByRole('button', { name: 'Continue with Google' })
    await run(() => fireEvent.click(button))
    expect((await view.findByRole('alert')).textContent).toBe('You declined the Google login.')
    expect(view.getByRole('heading', { name: 'Not logged in with Google' })).toBeTruthy()
    expect(current.popup.closed).toBe(true)
    // This time the visitor takes their time at the provider.
    wallet.connectSocial = () => new Promise(() => {})
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Try again' })))
    expect(opens).toBe(2)
    expect(view.queryByRole('alert')).toBeNull()
    const second = current
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Cancel' })))
    expect(second.popup.closed).toBe(true)
    await waitFor(() => expect(portico.state.router.route.view).toBe('Connect'))
    expect(await view.findByRole('region', { name: 'Social logins' })).toBeTruthy()
  })

  test('a login back in a browser whose frame never started it is refused: nothing was shared, and Connect leads on', async () => {
    const page = window.location.href
    // The server's callback sent this browser back with the marker and proof, yet it noted no redirect.
    window.history.replaceState(null, '', `${page}?portico_social=opaque-marker&portico_proof=one-time-proof`)
    const { calls } = embedded()
    await renderPortico({
      connectors: [...wallets, embeddedConnector],
      config: { embeddedWallet: embedded(calls).wallet, features: { socials: ['google'] } },
    })
    await waitFor(() => expect(modalRoot()).not.toBeNull())
    const view = modal()
    expect(await view.findByRole('heading', { name: 'Not logged in' })).toBeTruthy()
    expect(view.getByRole('alert').textContent).toBe(
      'This login was started in another browser, so it was not finished here. If someone sent you this link, nothing was shared with them: start the login here if you want one.',
    )
    expect(window.location.href).toBe(page)
    expect(calls).toEqual([])
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Connect' })))
    expect(await view.findByRole('region', { name: 'Social logins' })).toBeTruthy()
  })

  test('the refusal in German', async () => {
    window.history.replaceState(null, '', `${window.location.pathname}?portico_social=opaque-marker`)
    await renderPortico({
      connectors: [...wallets, embeddedConnector],
      config: { embeddedWallet: embedded().wallet, features: { socials: ['google'] } },
      locale: 'de',
    })
    await waitFor(() => expect(modalRoot()).not.toBeNull())
    const view = modal()
    expect(await view.findByRole('heading', { name: 'Nicht angemeldet' })).toBeTruthy()
    expect(view.getByRole('alert').textContent).toMatch(
      /^Diese Anmeldung wurde in einem anderen Browser begonnen/,
    )
    expect(view.getByRole('button', { name: 'Verbinden' })).toBeTruthy()
  })
})
