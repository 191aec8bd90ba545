// @vitest-environment happy-dom
// @vitest-environment-options {"url": "https://shop.example/cart?item=7"}
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { resolveFeatures } from '../config.js'
import { disconnect } from '../connection/disconnect.js'
import { createPortico } from '../createPortico.js'
import { EMBEDDED_WALLET_CONNECTOR_ID } from '../email/embeddedWalletConnectorId.js'
import type { EmbeddedWallet } from '../email/types.js'
import { BaseError } from '../errors/base.js'
import { initialize } from '../initialize.js'
import { closeModal } from '../modal/closeModal.js'
import { goBack } from '../modal/goBack.js'
import { acceptLegal } from '../modal/legalConsent.js'
import { navigate } from '../modal/navigate.js'
import { openModal } from '../modal/openModal.js'
import { fakeAdapter, flush, setup, testConnector, testNetwork } from '../testing/fakeAdapter.testkit.js'
import { connectMethodsOrder } from './connectMethodsOrder.js'
import { connectSocial, SOCIAL_WINDOW_NAME } from './modal/connectSocial.js'
import { SOCIAL_CLOSE_GRACE_MS } from './modal/relaySocialPopup.js'
import {
  SOCIAL_CLOSED_GRACE_MS,
  SOCIAL_REDIRECT_MAX_AGE_MS,
  SOCIAL_WINDOW_POLL_MS,
  SOCIAL_WINDOW_WAIT_MS,
} from './modal/runSocialLogin.js'
import { getSocialLogin } from './socialLogin.js'

const PAGE = 'https://shop.example/cart?item=7'
const PROVIDER_PAGE = 'https://accounts.provider.example/authorize?state=s'
// What the server's callback sends the window (or the page) back to: this page with an opaque marker.
const BACK = 'https://shop.example/cart?item=7&portico_social=opaque-marker'
// Where a popup's login asks the server to send the popup back: this page, marked as a popup's.
const POPUP_BACK = 'https://shop.example/cart?item=7&portico_popup=1'

/**
 * The provider's window as the page sees it: its address is readable while it is blank, and throws
 * like a real cross-origin window once it is at the provider.
 */
function fakeWindow() {
  let href = 'about:blank'
  const navigations: string[] = []
  const crossOrigin = () => {
    throw new DOMException('Blocked a frame from accessing a cross-origin frame.', 'SecurityError')
  }
  const popup = {
    closed: false,
    close: vi.fn(() => {
      popup.closed = true
    }),
    location: {
      get origin() {
        return href.startsWith('https://shop.example/') ? 'https://shop.example' : crossOrigin()
      },
      get href(): string {
        return href === 'about:blank' || href.startsWith('https://shop.example/') ? href : crossOrigin()
      },
      set href(next: string) {
        navigations.push(next)
        href = next
      },
    },
  }
  return { popup, navigations }
}

/** The page loaded again (a reload, the page a redirect or a popup comes back to), quiet, with `options`. */
const loadPage = (options: Omit<Parameters<typeof createPortico>[0], 'networks'>) =>
  createPortico({
    networks: [testNetwork(1, 'eip155', 'Ethereum')],
    ssr: true,
    logger: { debug: () => {}, warn: () => {}, error: () => {} },
    ...options,
  })

/** The frame's refusal of a relayed login it never started (its secret is in another browser's frame). */
const notStartedHere = () =>
  Object.assign(
    new Error('This social login was not started in this wallet frame, or it expired: start it again.'),
    { data: { reason: 'SOCIAL_NOT_STARTED_HERE' } },
  )

/** The frame's answer while the provider has not sent the visitor back (the server's wait ended). */
const pending = () =>
  new BaseError('The provider has not sent the visitor back yet.', { details: 'SOCIAL_LOGIN_PENDING' })

/**
 * The embedded wallet's social half as core calls it, answered by the test like the frame would:
 * finishing answers 'not back yet' until `callback()` (the provider sent the visitor back).
 */
function embedded(overrides: Partial<EmbeddedWallet> = {}) {
  const calls: string[] = []
  let back = false
  const wallet: EmbeddedWallet = {
    connectEmail: async () => ({ action: 'VERIFY_OTP' }),
    connectDevice: async () => {},
    connectOtp: async () => ({ action: 'CONNECTED' }),
    getUser: async () => ({ email: 'ada@example.com', chainId: 1, address: '0x1', accountType: 'eoa' }),
    isConnected: async () => true,
    signOut: async () => {
      calls.push('signOut')
    },
    updateEmail: async () => ({ newEmail: 'new@example.com' }),
    getSocialRedirectUri: async ({ provider, redirectTo }) => {
      calls.push(redirectTo ? `redirect ${provider} ${redirectTo}` : `redirect ${provider}`)
      return { uri: PROVIDER_PAGE }
    },
    connectSocial: async ({ uri }) => {
      if (uri === PROVIDER_PAGE && !back) throw pending()
      calls.push(`connectSocial ${uri}`)
      return { userName: 'ada_l' }
    },
    ...overrides,
  }
  return {
    wallet,
    calls,
    callback: () => {
      back = true
    },
  }
}

const connectors = [testConnector(EMBEDDED_WALLET_CONNECTOR_ID, { type: 'AUTH', name: 'E-mail' })]

async function start(wallet: EmbeddedWallet, features = { socials: ['google', 'github'] as const }) {
  const { portico, handle, storage } = await setup(
    { embeddedWallet: wallet, features: { socials: [...features.socials] } },
    connectors,
  )
  await initialize(portico)
  openModal(portico)
  return { portico, handle, storage }
}

let opened: ReturnType<typeof fakeWindow> | null
let open: ReturnType<typeof vi.fn>
beforeEach(() => {
  opened = fakeWindow()
  open = vi.fn(() => opened?.popup ?? null)
  vi.stubGlobal('open', open)
  window.history.replaceState(null, '', PAGE)
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** Lets the lazily loaded login code and the frame's answers run, and the window be looked at. */
async function poll(times = 2) {
  for (let i = 0; i < times; i++) {
    await vi.advanceTimersByTimeAsync(SOCIAL_WINDOW_POLL_MS)
  }
}

describe('social login in a window (SPEC §7 APP_GET_SOCIAL_REDIRECT_URI, APP_CONNECT_SOCIAL)', () => {
  test('opens the window in the click itself, sends it to the provider, asks the frame to finish until the provider sent the visitor back, and connects', async () => {
    const { wallet, calls, callback } = embedded()
    const { portico, handle } = await start(wallet)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const login = connectSocial(portico, { provider: 'github' })
    // Before anything was awaited: a window opened later than the click is blocked by browsers.
    expect(open).toHaveBeenCalledWith('about:blank', SOCIAL_WINDOW_NAME, expect.stringContaining('popup'))
    expect(portico.state.router.route).toEqual({ view: 'ConnectingSocial', params: { provider: 'github' } })
    expect(getSocialLogin(portico)).toMatchObject({ status: 'waiting', provider: 'github' })
    expect(portico.state.chains.eip155?.accountState.socialProvider).toBe('github')
    expect(portico.state.chains.eip155?.accountState.socialWindow?.closed).toBe(false)
    await poll()
    // The server sends the window back to this page, marked as a popup's way back: the page it
    // loads there relays the login (with the proof only that browser gets) to its own frame.
    expect(calls).toEqual([`redirect github ${POPUP_BACK}`])
    expect(opened?.navigations).toEqual([PROVIDER_PAGE])
    // The visitor is still at the provider: the frame says so, and is asked again.
    await poll(12)
    expect(getSocialLogin(portico).status).toBe('waiting')
    callback()
    // The server's callback page closes the window by itself.
    if (opened) opened.popup.closed = true
    await poll(8)
    await login
    expect(calls).toEqual([`redirect github ${POPUP_BACK}`, `connectSocial ${PROVIDER_PAGE}`])
    expect(handle.calls.find((call) => call.method === 'connect')?.parameters).toMatchObject({
      connectorId: EMBEDDED_WALLET_CONNECTOR_ID,
    })
    expect(portico.state.router.route.view).toBe('Account')
    expect(portico.state.modal.open).toBe(false)
    expect(getSocialLogin(portico)).toMatchObject({
      status: 'idle',
      error: undefined,
      accountUsername: 'ada_l',
      accountProvider: 'github',
    })
    // SPEC §3: the social username and provider are in storage.
    expect(portico.internal.storage.get('socialUsername')).toBe('ada_l')
    expect(portico.internal.storage.get('socialProvider')).toBe('github')
    expect(portico.state.chains.eip155?.accountState.socialWindow).toBeUndefined()
  })

  test('a window the visitor closed ends with its reason after a short grace, and retrying opens a new one', async () => {
    const { wallet, calls, callback } = embedded()
    const { portico } = await start(wallet)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    void connectSocial(portico, { provider: 'google' })
    await poll()
    if (opened) opened.popup.closed = true
    await vi.advanceTimersByTimeAsync(SOCIAL_CLOSED_GRACE_MS - 2 * SOCIAL_WINDOW_POLL_MS)
    expect(getSocialLogin(portico)).toMatchObject({ status: 'waiting', error: undefined })
    await poll(4)
    expect(getSocialLogin(portico)).toMatchObject({
      status: 'idle',
      error: { key: 'socialPopupClosed', params: { provider: 'Google' } },
    })
    expect(portico.state.router.route.view).toBe('ConnectingSocial')
    expect(calls.some((call) => call.startsWith('connectSocial'))).toBe(false)
    // Retry: a new window, and ConnectingSocial replaced so Back still leads to Connect.
    opened = fakeWindow()
    const retry = connectSocial(portico, { provider: 'google' })
    expect(open).toHaveBeenCalledTimes(2)
    expect(portico.state.router.history.map((route) => route.view)).toEqual(['Connect'])
    await poll()
    callback()
    await poll(8)
    await retry
    expect(getSocialLogin(portico).accountUsername).toBe('ada_l')
  })

  test(`a window left open past ${SOCIAL_WINDOW_WAIT_MS / 60_000} min is closed and the login ends`, async () => {
    const { wallet } = embedded()
    const { portico } = await start(wallet)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    void connectSocial(portico, { provider: 'google' })
    await poll()
    await vi.advanceTimersByTimeAsync(SOCIAL_WINDOW_WAIT_MS - 4 * SOCIAL_WINDOW_POLL_MS)
    expect(getSocialLogin(portico).status).toBe('waiting')
    await poll(8)
    expect(getSocialLogin(portico)).toMatchObject({ status: 'idle', error: { key: 'socialTimedOut' } })
    expect(opened?.popup.closed).toBe(true)
  })

  test('Cancel closes the window and a late answer from the frame is ignored', async () => {
    let answer: (value: { uri: string }) => void = () => {}
    const { wallet, calls } = embedded({
      getSocialRedirectUri: () =>
        new Promise((resolve) => {
          answer = resolve
        }),
    })
    const { portico } = await start(wallet)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    void connectSocial(portico, { provider: 'github' })
    await poll()
    goBack(portico)
    expect(opened?.popup.closed).toBe(true)
    expect(portico.state.router.route.view).toBe('Connect')
    expect(getSocialLogin(portico)).toMatchObject({ status: 'idle', provider: undefined, error: undefined })
    answer({ uri: PROVIDER_PAGE })
    await poll()
    expect(opened?.navigations).toEqual([])
    expect(calls).toEqual([])
    expect(portico.state.chains.eip155?.accountState.socialWindow).toBeUndefined()
    // Closing the modal abandons a login too.
    opened = fakeWindow()
    void connectSocial(portico, { provider: 'github' })
    closeModal(portico)
    expect(opened.popup.closed).toBe(true)
    expect(getSocialLogin(portico).status).toBe('idle')
  })

  test('a denied consent and a provider error each end with their own message (SPEC §8: the frame’s words)', async () => {
    let failure: Error = new BaseError('You declined the login at the provider.', {
      details: 'SOCIAL_CONSENT_DENIED',
    })
    const { wallet } = embedded({
      connectSocial: async () => {
        throw failure
      },
    })
    const { portico, handle } = await start(wallet)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    void connectSocial(portico, { provider: 'github' })
    await poll()
    expect(getSocialLogin(portico)).toMatchObject({
      status: 'idle',
      error: { key: 'socialDenied', params: { provider: 'GitHub' } },
    })
    // The provider's error page stays for the visitor to read; the modal closes the window.
    expect(opened?.popup.closed).toBe(true)
    expect(handle.calls.some((call) => call.method === 'connect')).toBe(false)
    failure = new BaseError('GitHub answered: the application is suspended.')
    opened = fakeWindow()
    void connectSocial(portico, { provider: 'github' })
    await poll()
    expect(getSocialLogin(portico).error).toEqual({
      key: 'walletError',
      params: { message: 'GitHub answered: the application is suspended.' },
    })
    expect(portico.internal.storage.get('socialUsername')).toBeUndefined()
  })

  test('the frame not answering for the address (its 30 s timeout) ends the login and closes the window', async () => {
    const { wallet } = embedded({
      getSocialRedirectUri: async () => {
        throw new BaseError('The embedded wallet did not answer APP_GET_SOCIAL_REDIRECT_URI in 30000 ms.')
      },
    })
    const { portico } = await start(wallet)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    void connectSocial(portico, { provider: 'google' })
    await poll()
    expect(opened?.popup.closed).toBe(true)
    expect(getSocialLogin(portico).error).toMatchObject({ key: 'walletError' })
  })

  test('nothing starts until the legal checkbox is ticked', async () => {
    const { wallet } = embedded()
    const { portico } = await setup(
      { embeddedWallet: wallet, features: { socials: ['google'], legalCheckbox: true } },
      connectors,
    )
    await initialize(portico)
    openModal(portico)
    await connectSocial(portico, { provider: 'google' })
    expect(open).not.toHaveBeenCalled()
    expect(portico.state.router.route.view).toBe('Connect')
    acceptLegal(portico, true)
    void connectSocial(portico, { provider: 'google' })
    expect(open).toHaveBeenCalledTimes(1)
  })
})

describe('the full-page redirect when the window is blocked', () => {
  test('leaves for the provider, comes back, relays the marker, puts the address back and connects', async () => {
    opened = null
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
    const { wallet, calls } = embedded()
    const { portico, storage } = await start(wallet)
    await connectSocial(portico, { provider: 'github' })
    expect(assign).toHaveBeenCalledWith(PROVIDER_PAGE)
    expect(portico.internal.storage.get('socialRedirect')).toMatchObject({
      provider: 'github',
      returnUrl: PAGE,
    })
    expect(calls).toEqual([`redirect github ${PAGE}`])

    // The page comes back from the provider: a new page load, on the same storage.
    window.history.replaceState(null, '', BACK)
    const { factory, handle } = fakeAdapter('eip155', connectors)
    const back = loadPage({
      adapters: [factory],
      storage,
      embeddedWallet: wallet,
      features: { socials: ['github'] },
      isMobile: () => false,
    })
    await initialize(back)
    await vi.waitFor(() => expect(back.state.router.route.view).toBe('Account'))
    expect(calls).toEqual([`redirect github ${PAGE}`, `connectSocial ${BACK}`])
    // The single-use marker is gone from the address bar, and the note from storage.
    expect(window.location.href).toBe(PAGE)
    expect(back.internal.storage.get('socialRedirect')).toBeUndefined()
    expect(handle.calls.some((call) => call.method === 'connect')).toBe(true)
    expect(getSocialLogin(back)).toMatchObject({ accountUsername: 'ada_l', accountProvider: 'github' })
  })

  test('a failure after the redirect shows on ConnectingSocial, and Back leads to Connect', async () => {
    const { wallet } = embedded({
      connectSocial: async () => {
        throw new BaseError('The sign-in could not be finished: state mismatch.')
      },
    })
    const { storage } = await setup({}, connectors)
    storage.setItem(
      'portico:v1:socialRedirect',
      JSON.stringify({ provider: 'google', returnUrl: PAGE, startedAt: Date.now() }),
    )
    window.history.replaceState(null, '', BACK)
    const { factory } = fakeAdapter('eip155', connectors)
    const back = loadPage({
      adapters: [factory],
      storage,
      embeddedWallet: wallet,
      features: { socials: ['google'] },
    })
    await initialize(back)
    await vi.waitFor(() => expect(getSocialLogin(back).error).toBeDefined())
    expect(back.state.router.route).toEqual({ view: 'ConnectingSocial', params: { provider: 'google' } })
    expect(getSocialLogin(back).error).toEqual({
      key: 'walletError',
      params: { message: 'The sign-in could not be finished: state mismatch.' },
    })
    goBack(back)
    expect(back.state.router.route.view).toBe('Connect')
  })

  test('a page that comes back without the server’s marker finishes nothing', async () => {
    const { wallet, calls } = embedded()
    const { storage } = await setup({}, connectors)
    storage.setItem(
      'portico:v1:socialRedirect',
      JSON.stringify({ provider: 'google', returnUrl: PAGE, startedAt: Date.now() }),
    )
    window.history.replaceState(null, '', PAGE)
    const back = loadPage({
      storage,
      embeddedWallet: wallet,
      features: { socials: ['google'] },
    })
    await initialize(back)
    await flush()
    await flush()
    expect(calls).toEqual([])
    expect(back.state.modal.open).toBe(false)
    // Without the marker the page loads none of the social code: the note waits for the next login
    // to replace it, or runs out (10 min).
    expect(back.internal.storage.get('socialRedirect')).toBeDefined()
  })

  test('a page back with the server’s marker but no note of a redirect (a login started in another browser) asks no frame, cleans its address and is refused in the modal', async () => {
    const { wallet, calls } = embedded()
    const { storage } = await setup({}, connectors)
    window.history.replaceState(null, '', `${BACK}&portico_proof=one-time-proof`)
    const back = loadPage({
      storage,
      embeddedWallet: wallet,
      features: { socials: ['google'] },
    })
    await initialize(back)
    await vi.waitFor(() => expect(back.state.modal.open).toBe(true))
    expect(back.state.router.route).toEqual({ view: 'ConnectingSocial', params: {} })
    expect(getSocialLogin(back).error).toEqual({ key: 'socialNotStartedHere' })
    expect(window.location.href).toBe(PAGE)
    expect(calls).toEqual([])
  })

  test('a redirect note older than 10 min is dropped without asking the frame', async () => {
    const { wallet, calls } = embedded()
    const { storage } = await setup({}, connectors)
    storage.setItem(
      'portico:v1:socialRedirect',
      JSON.stringify({
        provider: 'google',
        returnUrl: PAGE,
        startedAt: Date.now() - SOCIAL_REDIRECT_MAX_AGE_MS - 1,
      }),
    )
    window.history.replaceState(null, '', BACK)
    const back = loadPage({
      storage,
      embeddedWallet: wallet,
      features: { socials: ['google'] },
    })
    await initialize(back)
    await flush()
    await flush()
    expect(calls).toEqual([])
    expect(back.internal.storage.get('socialRedirect')).toBeUndefined()
    expect(back.state.modal.open).toBe(false)
  })
})

describe('the social username (SPEC §3)', () => {
  test('comes back with a reload and goes with a disconnect', async () => {
    const { wallet, calls, callback } = embedded()
    const { portico, storage } = await start(wallet)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    callback()
    void connectSocial(portico, { provider: 'github' })
    await poll(4)
    const reloaded = loadPage({
      storage,
      embeddedWallet: wallet,
      features: { socials: ['github'] },
    })
    // The page loads the social code only once storage shows a login it kept.
    expect(getSocialLogin(reloaded)).toMatchObject({ accountUsername: undefined })
    await initialize(reloaded)
    await vi.waitFor(() =>
      expect(getSocialLogin(reloaded)).toMatchObject({ accountUsername: 'ada_l', accountProvider: 'github' }),
    )
    await disconnect(portico)
    expect(calls).toContain('signOut')
    expect(portico.internal.storage.get('socialUsername')).toBeUndefined()
    expect(portico.internal.storage.get('socialProvider')).toBeUndefined()
    expect(getSocialLogin(portico)).toMatchObject({ accountUsername: undefined, accountProvider: undefined })
  })
})

describe('the page loaded in the popup, sent back by the server', () => {
  /**
   * Loads the page at `address`; `closes` says whether `window.close()` closes it (a window the
   * opener's script opened) or does nothing (a tab the visitor opened, a link followed elsewhere).
   */
  async function loadInPopup(
    address: string,
    options: { overrides?: Partial<EmbeddedWallet>; closes?: boolean } = {},
  ) {
    const { wallet, calls } = embedded(options.overrides)
    const close = vi.fn(() => {
      if (options.closes !== false) vi.stubGlobal('closed', true)
    })
    vi.stubGlobal('close', close)
    vi.stubGlobal('closed', false)
    window.history.replaceState(null, '', address)
    const { factory, handle } = fakeAdapter('eip155', connectors)
    const popupPage = loadPage({
      adapters: [factory],
      embeddedWallet: wallet,
      features: { socials: ['github'] },
      isMobile: () => false,
    })
    await initialize(popupPage)
    await vi.waitFor(() => expect(close).toHaveBeenCalled())
    return { popupPage, calls, handle }
  }

  const PROVED = `${POPUP_BACK}&portico_social=opaque-marker&portico_proof=one-time-proof`

  test('relays the state and the proof to its own frame, which finishes the login, cleans its address and closes; it connects nothing itself', async () => {
    const { popupPage, calls, handle } = await loadInPopup(PROVED)
    expect(calls).toEqual([`connectSocial ${PROVED}`])
    expect(window.location.href).toBe(PAGE)
    expect(handle.calls.some((call) => call.method === 'connect')).toBe(false)
    expect(popupPage.state.modal.open).toBe(false)
  })

  test('without a proof (a refused consent, a provider error) relays nothing: the opener hears the failure from the server', async () => {
    const { calls } = await loadInPopup(`${POPUP_BACK}&portico_social=opaque-marker`)
    expect(calls).toEqual([])
    expect(window.location.href).toBe(PAGE)
  })

  test('in a tab the visitor opened (a login started in another browser, its link sent here), a frame that never started the login is refused in the modal', async () => {
    const { popupPage, handle } = await loadInPopup(PROVED, {
      overrides: { connectSocial: async () => Promise.reject(notStartedHere()) },
      closes: false,
    })
    await vi.waitFor(() => expect(popupPage.state.modal.open).toBe(true))
    expect(popupPage.state.router.route).toEqual({ view: 'ConnectingSocial', params: {} })
    expect(getSocialLogin(popupPage)).toMatchObject({
      status: 'idle',
      provider: undefined,
      error: { key: 'socialNotStartedHere' },
    })
    expect(window.location.href).toBe(PAGE)
    expect(handle.calls.some((call) => call.method === 'connect')).toBe(false)
    // The way on: Back leads to the ways of connecting, and closing the modal forgets the refusal.
    goBack(popupPage)
    expect(popupPage.state.router.route.view).toBe('Connect')
    closeModal(popupPage)
    expect(getSocialLogin(popupPage).error).toBeUndefined()
  })

  test('a refusal in a window its opener opened closes it and shows nothing: the opener tells the visitor', async () => {
    const { popupPage } = await loadInPopup(PROVED, {
      overrides: { connectSocial: async () => Promise.reject(notStartedHere()) },
    })
    await new Promise((resolve) => setTimeout(resolve, SOCIAL_CLOSE_GRACE_MS * 2))
    expect(popupPage.state.modal.open).toBe(false)
    expect(popupPage.state.socialLogin?.error).toBeUndefined()
  })

  test('another refusal in a tab (the server’s, not this frame’s) shows nothing here', async () => {
    const { popupPage } = await loadInPopup(PROVED, {
      overrides: {
        connectSocial: async () => {
          throw new BaseError('The sign-in could not be finished: state mismatch.')
        },
      },
      closes: false,
    })
    await new Promise((resolve) => setTimeout(resolve, SOCIAL_CLOSE_GRACE_MS * 2))
    expect(popupPage.state.modal.open).toBe(false)
  })
})

test('a page that never met a social login carries no social state', async () => {
  const { wallet } = embedded()
  const { portico } = await start(wallet)
  await flush()
  expect(portico.state.socialLogin).toBeUndefined()
  expect(portico.state.farcasterLogin).toBeUndefined()
  expect(getSocialLogin(portico)).toMatchObject({ status: 'idle', accountUsername: undefined })
})

describe('which social logins Connect offers', () => {
  test('the site’s providers in its order, known ones once; none without a wallet that speaks the social messages', async () => {
    expect(
      resolveFeatures({ socials: ['github', 'google', 'github', 'myspace' as 'google'] }).socials,
    ).toEqual(['github', 'google'])
    expect(resolveFeatures(undefined).socials).toEqual([])
    const { wallet } = embedded()
    const { portico } = await start(wallet)
    expect(getSocialLogin(portico).providers).toEqual(['google', 'github'])
    const { connectSocial: _a, getSocialRedirectUri: _b, ...emailOnly } = wallet
    const { portico: older } = await start(emailOnly)
    expect(getSocialLogin(older).providers).toEqual([])
  })

  test('SPEC §9: wallet, email, social when the browser has wallets; the logins first when it has none; the site’s own order wins', () => {
    const features = resolveFeatures({})
    expect(connectMethodsOrder({}, features, true)).toEqual(['wallet', 'email', 'social'])
    expect(connectMethodsOrder({}, features, false)).toEqual(['email', 'social', 'wallet'])
    const own = resolveFeatures({ connectMethodsOrder: ['social', 'wallet'] })
    expect(connectMethodsOrder({ connectMethodsOrder: ['social', 'wallet'] }, own, false)).toEqual([
      'social',
      'wallet',
      'email',
    ])
  })
})

test('navigating away from ConnectingSocial elsewhere than Back keeps nothing running in the page', async () => {
  const { wallet } = embedded()
  const { portico } = await start(wallet)
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  void connectSocial(portico, { provider: 'google' })
  navigate(portico, { view: 'AllWallets' })
  goBack(portico)
  expect(portico.state.router.route.view).toBe('ConnectingSocial')
})
