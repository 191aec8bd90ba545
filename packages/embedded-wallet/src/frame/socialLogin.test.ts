// @vitest-environment node
import { createHash } from 'node:crypto'
import { Window } from 'happy-dom'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { AUTH_API_TIMEOUT_MS, DEVICE_STORAGE_KEY, type FrameStorage } from './authApi.js'
import { type AuthTestServer, startAuthTestServer, startStallingProxy } from './authTestServer.testkit.js'
import { frameStorage } from './frameStorage.js'
import { SOCIAL_FINISH_WAIT_MS, SOCIAL_STORAGE_KEY } from './socialLogin.js'
import {
  askPastTheBound,
  makeTestBrowser,
  makeTestFrame,
  frameRequest as request,
} from './testFrame.testkit.js'

let server: AuthTestServer
beforeAll(async () => {
  server = await startAuthTestServer({ cooldownMs: 0 })
})
afterAll(() => server?.close())

/** One browser's frame origin storage and cookies; `frame()` is one frame page in it (a reload is another). */
function makeBrowser(storageOfPage?: () => FrameStorage) {
  const browser = makeTestBrowser()
  return {
    storage: browser.storage,
    // Each page load of the frame opens its origin's storage again.
    frame: () => makeTestFrame({ server, browser, ...(storageOfPage ? { storage: storageOfPage() } : {}) }),
  }
}

type Frame = ReturnType<ReturnType<typeof makeBrowser>['frame']>

async function redirectUri(frame: Frame, payload: { provider: string; redirectTo?: string }) {
  const reply = await frame.handlers.handle(request('APP_GET_SOCIAL_REDIRECT_URI', payload))
  expect(reply?.type).toBe('FRAME_GET_SOCIAL_REDIRECT_URI_SUCCESS')
  const { uri } = (reply?.payload ?? { uri: '' }) as { uri: string }
  const state = new URL(uri).searchParams.get('state') ?? ''
  return { uri, state }
}

const alice = {
  user: { subject: '1001', email: 'alice@social.example', emailVerified: true, userName: 'Alice' },
}
const handle = { user: { subject: '77', emailVerified: false, userName: '@handle' } }

describe('social login in the frame', () => {
  test('gives the page the authorise URL and keeps the secret in the frame: the server holds only its hash', async () => {
    const browser = makeBrowser()
    const { uri, state } = await redirectUri(browser.frame(), { provider: 'google' })
    expect(uri).toMatch(/^https:\/\/google\.provider\.test\/authorize\?/)
    const stored = JSON.parse(browser.storage.getItem(SOCIAL_STORAGE_KEY) ?? '{}')
    const secret = stored[state].secret as string
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(uri).not.toContain(secret)
    expect(server.socialAttempts.get(state)?.secretHash).toBe(
      createHash('sha256').update(secret).digest('base64url'),
    )
    expect(server.socialAttempts.get(state)?.redirectTo).toBeUndefined()
  })

  test("connects the popup flow: the popup's page relays state and proof to its own frame, and the opener's frame then reads the session from the cookie", async () => {
    const browser = makeBrowser()
    const opener = browser.frame()
    const { uri, state } = await redirectUri(opener, {
      provider: 'google',
      redirectTo: 'http://site.test/shop?portico_popup=1',
    })
    const proof = server.completeSocial(state, alice)
    // Approved, but the popup's page has not relayed the proof yet: the opener hears "pending".
    const early = await opener.handlers.handle(request('APP_CONNECT_SOCIAL', { uri }))
    expect(early).toMatchObject({ payload: { data: { reason: 'SOCIAL_LOGIN_PENDING' } } })
    expect(server.socialAttempts.get(state)?.finished).toBe(false)
    // The popup came back to the site's page, whose frame is another frame of the same partition.
    const popup = browser.frame()
    const relayed = await popup.handlers.handle(
      request('APP_CONNECT_SOCIAL', {
        uri: `http://site.test/shop?portico_popup=1&portico_social=${state}&portico_proof=${proof}`,
      }),
    )
    expect(relayed).toMatchObject({ type: 'FRAME_CONNECT_SOCIAL_SUCCESS', payload: { userName: 'Alice' } })
    // The opener asks again: finished by the page, so its session is the partition's cookie.
    const reply = await opener.handlers.handle(request('APP_CONNECT_SOCIAL', { uri }))
    expect(reply).toMatchObject({
      type: 'FRAME_CONNECT_SOCIAL_SUCCESS',
      payload: { email: 'alice@social.example', userName: 'Alice', socialProvider: 'google' },
    })
    const frame = opener
    expect(frame.events.map((event) => event.type)).toEqual(['FRAME_SESSION_UPDATE'])
    // The opener's second ask needed no server wait: the popup's frame marked the login finished.
    expect(server.socialAttempts.get(state)?.waits).toEqual([SOCIAL_FINISH_WAIT_MS, SOCIAL_FINISH_WAIT_MS])
    expect(browser.storage.getItem(SOCIAL_STORAGE_KEY)).toBeNull()
    expect(SOCIAL_FINISH_WAIT_MS).toBeLessThan(30_000)
    const user = await frame.handlers.handle(request('APP_GET_USER', { chainId: 1 }))
    expect(user).toMatchObject({
      type: 'FRAME_GET_USER_SUCCESS',
      payload: { email: 'alice@social.example', userName: 'Alice', socialProvider: 'google' },
    })
    expect(server.seedOf('alice@social.example')).toMatch(/^0x[0-9a-f]{64}$/i)
  })

  test('finishes a full-page redirect in the reloaded frame from the marker the page hands over', async () => {
    const browser = makeBrowser()
    const { state } = await redirectUri(browser.frame(), {
      provider: 'x',
      redirectTo: 'http://site.test/shop?item=1',
    })
    expect(server.socialAttempts.get(state)?.redirectTo).toBe('http://site.test/shop?item=1')
    const proof = server.completeSocial(state, handle)
    const reloaded = browser.frame()
    // The marker without the proof is refused: only the browser that approved holds the proof.
    const bare = await reloaded.handlers.handle(
      request('APP_CONNECT_SOCIAL', { uri: `http://site.test/shop?item=1&portico_social=${state}` }),
    )
    expect(bare).toMatchObject({ payload: { data: { reason: 'SOCIAL_LOGIN_PENDING' } } })
    const reply = await reloaded.handlers.handle(
      request('APP_CONNECT_SOCIAL', {
        uri: `http://site.test/shop?item=1&portico_social=${state}&portico_proof=${proof}`,
      }),
    )
    expect(reply).toMatchObject({ type: 'FRAME_CONNECT_SOCIAL_SUCCESS', payload: { userName: '@handle' } })
    const user = await reloaded.handlers.handle(request('APP_GET_USER', { chainId: 1 }))
    expect(user?.payload).not.toHaveProperty('email')
    expect(user?.payload).toMatchObject({ userName: '@handle', socialProvider: 'x' })
    expect(browser.storage.getItem(SOCIAL_STORAGE_KEY)).toBeNull()
    const change = await reloaded.handlers.handle(request('APP_UPDATE_EMAIL', { email: 'new@example.com' }))
    expect(change).toMatchObject({
      type: 'FRAME_UPDATE_EMAIL_ERROR',
      payload: { message: 'This account has no e-mail address to change: it logs in with X.' },
    })
  })

  test('finishes a full-page redirect where the browser blocks the frame’s localStorage: the secret waits in a partitioned cookie of the frame', async () => {
    // Chromium with third-party cookies blocked: `localStorage` throws in the embedded frame, and
    // only partitioned cookies of the frame origin are kept (a real cookie jar: happy-dom's).
    const frameWindow = new Window({ url: 'https://wallet.test/frame/?projectId=p' })
    const blocked = {
      document: frameWindow.document as unknown as Document,
      get localStorage(): Storage {
        throw new DOMException('Access is denied for this document.', 'SecurityError')
      },
    }
    const browser = makeBrowser(() => frameStorage(blocked))
    const { state } = await redirectUri(browser.frame(), {
      provider: 'x',
      redirectTo: 'http://site.test/shop',
    })
    expect(frameWindow.document.cookie).toContain(encodeURIComponent(SOCIAL_STORAGE_KEY))
    const proof = server.completeSocial(state, handle)
    // The page loads again: a new frame, whose storage opens over the same cookies.
    const reloaded = browser.frame()
    const reply = await reloaded.handlers.handle(
      request('APP_CONNECT_SOCIAL', {
        uri: `http://site.test/shop?portico_social=${state}&portico_proof=${proof}`,
      }),
    )
    expect(reply).toMatchObject({ type: 'FRAME_CONNECT_SOCIAL_SUCCESS', payload: { userName: '@handle' } })
    // A finished login leaves nothing behind but the device.
    expect(frameWindow.document.cookie).not.toContain(encodeURIComponent(SOCIAL_STORAGE_KEY))
    expect(frameWindow.document.cookie).toContain(encodeURIComponent(DEVICE_STORAGE_KEY))
    frameWindow.close()
  })

  test('says a login is still pending (a closed popup), then connects when asked again', async () => {
    const frame = makeBrowser().frame()
    const { uri, state } = await redirectUri(frame, { provider: 'discord' })
    const pending = await frame.handlers.handle(request('APP_CONNECT_SOCIAL', { uri }))
    expect(pending).toMatchObject({
      type: 'FRAME_CONNECT_SOCIAL_ERROR',
      payload: { data: { reason: 'SOCIAL_LOGIN_PENDING' } },
    })
    const proof = server.completeSocial(state, {
      user: { subject: '5', emailVerified: false, userName: 'Disco' },
    })
    const done = await frame.handlers.handle(
      request('APP_CONNECT_SOCIAL', {
        uri: `http://site.test/?portico_social=${state}&portico_proof=${proof}`,
      }),
    )
    expect(done?.type).toBe('FRAME_CONNECT_SOCIAL_SUCCESS')
  })

  test('a finish its server never answers ends as pending before the page gives up, and the login is kept', async () => {
    const proxy = await startStallingProxy(server.origin)
    try {
      const frame = makeTestFrame({ server: { origin: proxy.origin, projectId: server.projectId } })
      const { uri, state } = await redirectUri(frame, { provider: 'google' })
      proxy.stalled.add('/v1/auth/social/finish')
      const reply = await askPastTheBound(frame, () => proxy.held.length, 'APP_CONNECT_SOCIAL', { uri })
      expect(reply).toMatchObject({
        type: 'FRAME_CONNECT_SOCIAL_ERROR',
        payload: {
          message: "The wallet's server did not answer POST /v1/auth/social/finish within 28 s.",
          data: { reason: 'SOCIAL_LOGIN_PENDING' },
        },
      })
      // The page's own bound for the request is 30 s (SPEC §9): the frame's answer comes first.
      expect(AUTH_API_TIMEOUT_MS).toBeLessThan(30_000)
      proxy.stalled.clear()
      const proof = server.completeSocial(state, alice)
      const done = await frame.ask('APP_CONNECT_SOCIAL', {
        uri: `http://site.test/?portico_social=${state}&portico_proof=${proof}`,
      })
      expect(done?.type).toBe('FRAME_CONNECT_SOCIAL_SUCCESS')
    } finally {
      await proxy.close()
    }
  })

  test.each([
    ['SOCIAL_CONSENT_DENIED', 'The google login was cancelled: access was not granted.'],
    ['SOCIAL_PROVIDER_ERROR', 'google ended the login with an error (server_error).'],
    ['SOCIAL_STATE_EXPIRED', 'The login took too long: start it again.'],
  ])('passes the refusal %s on with its reason, and forgets the login', async (reason, message) => {
    const frame = makeBrowser().frame()
    const { uri, state } = await redirectUri(frame, { provider: 'google' })
    server.completeSocial(state, { error: reason, message })
    const refused = await frame.handlers.handle(request('APP_CONNECT_SOCIAL', { uri }))
    expect(refused).toMatchObject({
      type: 'FRAME_CONNECT_SOCIAL_ERROR',
      payload: { message, data: { reason } },
    })
    const again = await frame.handlers.handle(request('APP_CONNECT_SOCIAL', { uri }))
    expect(again).toMatchObject({ payload: { data: { reason: 'SOCIAL_NOT_STARTED_HERE' } } })
  })

  test('a login an attacker started and a victim approved (a link sent to the victim) is finished by neither', async () => {
    const attacker = makeBrowser().frame()
    const { uri, state } = await redirectUri(attacker, {
      provider: 'google',
      redirectTo: 'http://site.test/',
    })
    const proof = server.completeSocial(state, alice)
    // The victim's browser lands on the site's page with the state and the proof; its frame has
    // no secret of this login.
    const victim = makeBrowser().frame()
    const landed = await victim.handlers.handle(
      request('APP_CONNECT_SOCIAL', {
        uri: `http://site.test/?portico_social=${state}&portico_proof=${proof}`,
      }),
    )
    expect(landed).toMatchObject({ payload: { data: { reason: 'SOCIAL_NOT_STARTED_HERE' } } })
    // The attacker's frame has the secret but never the proof: it only ever hears "pending".
    const stolen = await attacker.handlers.handle(request('APP_CONNECT_SOCIAL', { uri }))
    expect(stolen).toMatchObject({ payload: { data: { reason: 'SOCIAL_LOGIN_PENDING' } } })
    expect(server.socialAttempts.get(state)?.finished).toBe(false)
    expect(attacker.events).toEqual([])
  })

  test('another browser cannot finish a login with the URI alone', async () => {
    const { uri, state } = await redirectUri(makeBrowser().frame(), { provider: 'github' })
    server.completeSocial(state, alice)
    const stranger = makeBrowser().frame()
    const reply = await stranger.handlers.handle(request('APP_CONNECT_SOCIAL', { uri }))
    expect(reply).toMatchObject({
      type: 'FRAME_CONNECT_SOCIAL_ERROR',
      payload: { data: { reason: 'SOCIAL_NOT_STARTED_HERE' } },
    })
    expect(server.socialAttempts.get(state)?.finished).toBe(false)
  })

  test('refuses a URI that names no login, and a provider the project has not configured', async () => {
    const frame = makeBrowser().frame()
    const noState = await frame.handlers.handle(
      request('APP_CONNECT_SOCIAL', { uri: 'http://site.test/?x=1' }),
    )
    expect(noState).toMatchObject({ payload: { data: { reason: 'SOCIAL_URI_INVALID' } } })
    const unconfigured = await frame.handlers.handle(
      request('APP_GET_SOCIAL_REDIRECT_URI', { provider: 'facebook' }),
    )
    expect(unconfigured).toMatchObject({
      type: 'FRAME_GET_SOCIAL_REDIRECT_URI_ERROR',
      payload: { message: 'Project has no facebook login.' },
    })
  })
})
