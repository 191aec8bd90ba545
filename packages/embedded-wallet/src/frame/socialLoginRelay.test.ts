// @vitest-environment node
import { randomBytes } from 'node:crypto'
import { type OAuthStandIn, startOAuthStandIn } from '@portico/test/social'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { sessionIdOf } from './authApi.js'
import { startTestPorticoServer, type TestPorticoServer } from './porticoServer.testkit.js'
import { SOCIAL_RELAY_WAIT_MS, SOCIAL_STORAGE_KEY } from './socialLogin.js'
import { makeTestBrowser, makeTestFrame, type TestBrowser, type TestFrame } from './testFrame.testkit.js'

// The popup flow against the real server: the opener's frame waits on `/finish` without the proof
// while the popup's page relays state and proof to its own frame, of the same partition.

/** The server's public URL, which the providers' callbacks name; the frame is served from it. */
const WALLET = 'https://wallet.portico.test'
const SITE = 'https://shop.example'
/** A popup's way back, as core marks it. */
const POPUP_PAGE = `${SITE}/checkout?portico_popup=1`

let standIn: OAuthStandIn
let portico: TestPorticoServer
beforeAll(async () => {
  standIn = await startOAuthStandIn({ serverUrls: [WALLET] })
  portico = await startTestPorticoServer(
    {
      publicUrl: WALLET,
      auth: {
        masterKey: randomBytes(32).toString('hex'),
        // A finish without the proof waits this long at most: the opener's is in flight meanwhile.
        social: { projects: { shop: { google: standIn.configFor('google') } }, finishWaitMs: 10_000 },
      },
    },
    { id: 'shop', name: 'Shop', origins: [SITE] },
  )
}, 120_000)
afterAll(async () => {
  await portico?.close()
  await standIn?.close()
})
afterEach(() => {
  vi.useRealTimers()
})

interface Call {
  path: string
  status?: number
  code?: string
}

/**
 * A frame page at the server's origin in `browser`: its requests carry the frame's Origin, as a
 * browser sends it, and are logged; `hold` may keep an answer from the frame until it resolves.
 */
function framePage(
  browser: TestBrowser,
  hold?: (call: Call) => Promise<void> | undefined,
): TestFrame & { calls: Call[] } {
  const calls: Call[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const headers = new Headers(init?.headers)
    headers.set('origin', WALLET)
    const call: Call = { path: new URL(String(input)).pathname }
    calls.push(call)
    const response = await browser.cookieFetch(input, { ...init, headers })
    call.status = response.status
    if (!response.ok) call.code = ((await response.clone().json()) as { error: { code: string } }).error.code
    await hold?.(call)
    return response
  }
  const frame = makeTestFrame({ server: { origin: portico.url, projectId: 'shop' }, browser, fetch })
  return Object.assign(frame, { calls })
}

async function startLogin(frame: TestFrame): Promise<string> {
  const reply = await frame.ask('APP_GET_SOCIAL_REDIRECT_URI', { provider: 'google', redirectTo: POPUP_PAGE })
  expect(reply?.type).toBe('FRAME_GET_SOCIAL_REDIRECT_URI_SUCCESS')
  return (reply?.payload as { uri?: string } | undefined)?.uri ?? ''
}

/**
 * The consent as `as` in the popup: the provider sends it to the server's callback, which sends it
 * back to the site's page with the state and the one-time proof; that page's address is returned.
 */
async function approveInPopup(uri: string, as: string): Promise<string> {
  const callback = await standIn.authorize(uri, { as })
  const url = new URL(callback.url)
  expect(url.origin).toBe(WALLET)
  const back = await fetch(new URL(`${url.pathname}${url.search}`, portico.url), {
    method: callback.method,
    redirect: 'manual',
    ...(callback.body !== undefined
      ? { body: callback.body, headers: { 'content-type': 'application/x-www-form-urlencoded' } }
      : {}),
  })
  expect(back.status).toBe(302)
  const page = back.headers.get('location') ?? ''
  expect(page.startsWith(`${POPUP_PAGE}&portico_social=`)).toBe(true)
  return page
}

/**
 * An opener's frame in `browser` that started a login and whose page asked for it while the popup
 * is open: its finish is waiting on the server (`waiting` is the frame's answer to come).
 */
async function openerWaiting(browser: TestBrowser, hold?: Parameters<typeof framePage>[1]) {
  const opener = framePage(browser, hold)
  const uri = await startLogin(opener)
  const waiting = opener.ask('APP_CONNECT_SOCIAL', { uri })
  await sent(opener, FINISH)
  return { opener, uri, waiting }
}

/** Resolves once `frame` has sent a request to `path`: the frame's wait is on the server. */
async function sent(frame: { calls: Call[] }, path: string): Promise<void> {
  await vi.waitFor(() => expect(frame.calls.map((call) => call.path)).toContain(path))
}

const FINISH = '/v1/auth/social/finish'
const SESSION = '/v1/auth/session'

/** The frame's refusal of a login it cannot take the session of, with `message`. */
const codeUsed = (message: unknown) => ({
  type: 'FRAME_CONNECT_SOCIAL_ERROR',
  payload: { message, data: { reason: 'SOCIAL_CODE_USED' } },
})

/** A gate a test opens: what waits on it waits until then. */
function gate() {
  let open: () => void = () => undefined
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { opened, open: () => open() }
}

describe("the opener's frame while the popup's page finishes the login (same partition)", () => {
  test("its in-flight finish is answered SOCIAL_CODE_USED, and it connects with the session the popup's frame opened", async () => {
    const browser = makeTestBrowser()
    // The page asks while the popup is open: the frame's finish waits on the server.
    const { opener, uri, waiting } = await openerWaiting(browser)

    const popup = framePage(browser)
    const relayed = await popup.ask('APP_CONNECT_SOCIAL', { uri: await approveInPopup(uri, 'alice') })
    expect(relayed).toMatchObject({
      type: 'FRAME_CONNECT_SOCIAL_SUCCESS',
      payload: { email: 'alice@example.com', socialProvider: 'google' },
    })

    expect(await waiting).toMatchObject({
      type: 'FRAME_CONNECT_SOCIAL_SUCCESS',
      payload: { email: 'alice@example.com', socialProvider: 'google' },
    })
    // One finish, answered "finished already", then the partition's session read from its cookie.
    expect(opener.calls.filter((call) => call.path === FINISH)).toEqual([
      { path: FINISH, status: 409, code: 'SOCIAL_CODE_USED' },
    ])
    expect(opener.calls.map((call) => call.path)).toContain(SESSION)
    // The same session: the popup's frame holds its token, the opener the cookie of that token.
    const token = popup.api.getToken() ?? ''
    expect(browser.cookieFetch.cookies.get('portico_session')).toBe(token)
    expect(opener.api.getToken()).toBeUndefined()
    expect(opener.events).toEqual([expect.objectContaining({ payload: { token: sessionIdOf(token) } })])
    expect(popup.events).toEqual(opener.events)
    // The same user and wallet in both frames; nothing of the login is left in the partition.
    const [inOpener, inPopup] = await Promise.all(
      [opener, popup].map((frame) => frame.ask('APP_GET_USER', { chainId: 1 })),
    )
    expect(inOpener).toMatchObject({
      type: 'FRAME_GET_USER_SUCCESS',
      payload: { email: 'alice@example.com' },
    })
    expect(inOpener?.payload).toEqual(inPopup?.payload)
    expect(browser.storage.getItem(SOCIAL_STORAGE_KEY)).toBeNull()
  })

  test("waits for the popup's frame when the server answers the opener before that frame has its own answer", async () => {
    const browser = makeTestBrowser()
    const { opener, uri, waiting } = await openerWaiting(browser)
    // The popup's frame gets its answer only once the opener has heard "finished already".
    const popup = framePage(browser, (call) =>
      call.path === FINISH
        ? vi.waitFor(() => expect(opener.calls.some((seen) => seen.code === 'SOCIAL_CODE_USED')).toBe(true), {
            timeout: 15_000,
          })
        : undefined,
    )
    const relayed = popup.ask('APP_CONNECT_SOCIAL', { uri: await approveInPopup(uri, 'alice') })
    expect(await waiting).toMatchObject({
      type: 'FRAME_CONNECT_SOCIAL_SUCCESS',
      payload: { email: 'alice@example.com' },
    })
    expect(await relayed).toMatchObject({ type: 'FRAME_CONNECT_SOCIAL_SUCCESS' })
    expect(opener.events).toEqual(popup.events)
  })

  test('refuses clearly, without a crash, when the session the popup opened is gone from the partition', async () => {
    const browser = makeTestBrowser()
    // The answer to the opener's wait reaches it after the popup's page signed out again.
    const signedOut = gate()
    const { opener, uri, waiting } = await openerWaiting(browser, (call) =>
      call.path === FINISH ? signedOut.opened : undefined,
    )
    const popup = framePage(browser)
    expect(await popup.ask('APP_CONNECT_SOCIAL', { uri: await approveInPopup(uri, 'alice') })).toMatchObject({
      type: 'FRAME_CONNECT_SOCIAL_SUCCESS',
    })
    expect(await popup.ask('APP_SIGN_OUT')).toMatchObject({ type: 'FRAME_SIGN_OUT_SUCCESS' })
    expect(browser.cookieFetch.cookies.has('portico_session')).toBe(false)
    signedOut.open()

    expect(await waiting).toMatchObject(
      codeUsed(
        "This login was finished in another window, but its session is no longer in this browser's wallet: start it again.",
      ),
    )
    expect(opener.events).toEqual([])
    expect(await opener.ask('APP_GET_USER', { chainId: 1 })).toMatchObject({ type: 'FRAME_GET_USER_ERROR' })
    expect(browser.storage.getItem(SOCIAL_STORAGE_KEY)).toBeNull()
  })

  test("does not take another login's session that the partition's cookie holds by then (two tabs of the site)", async () => {
    const browser = makeTestBrowser()
    // Tab A's opener waits on alice's login; its answer reaches it after tab B's login, bob's, ended.
    const bobDone = gate()
    const {
      opener: openerA,
      uri: uriA,
      waiting: waitingA,
    } = await openerWaiting(browser, (call) => (call.path === FINISH ? bobDone.opened : undefined))
    const { uri: uriB, waiting: waitingB } = await openerWaiting(browser)

    const popupA = framePage(browser)
    expect(
      await popupA.ask('APP_CONNECT_SOCIAL', { uri: await approveInPopup(uriA, 'alice') }),
    ).toMatchObject({
      payload: { email: 'alice@example.com' },
    })
    const popupB = framePage(browser)
    expect(await popupB.ask('APP_CONNECT_SOCIAL', { uri: await approveInPopup(uriB, 'bob') })).toMatchObject({
      type: 'FRAME_CONNECT_SOCIAL_SUCCESS',
    })
    expect(await waitingB).toMatchObject({ type: 'FRAME_CONNECT_SOCIAL_SUCCESS' })
    bobDone.open()

    // The cookie is bob's now: tab A is not logged in as bob for alice's login.
    expect(await waitingA).toMatchObject(
      codeUsed(
        "This login was finished in another window, but this browser's wallet now holds another login's session: start it again.",
      ),
    )
    expect(openerA.events).toEqual([])
    expect(openerA.calls.filter((call) => call.path === SESSION)).toHaveLength(1)
  })

  test('refuses at once when no frame of the partition is finishing the login', async () => {
    // The partition's storage says no frame of it is finishing this login, so the session its
    // cookie holds is no proof of it. (Here a frame page with a copy of the storage as it was, the
    // secret included, finished the login: the partition never hears of it.)
    const browser = makeTestBrowser()
    const opener = framePage(browser)
    const uri = await startLogin(opener)
    const elsewhere = framePage({ ...browser, storage: copyOf(browser) })
    expect(
      await elsewhere.ask('APP_CONNECT_SOCIAL', { uri: await approveInPopup(uri, 'alice') }),
    ).toMatchObject({ type: 'FRAME_CONNECT_SOCIAL_SUCCESS' })
    expect(await opener.ask('APP_CONNECT_SOCIAL', { uri })).toMatchObject(codeUsed(expect.any(String)))
    expect(opener.calls.map((call) => call.path)).not.toContain(SESSION)
    expect(opener.events).toEqual([])
  })

  test("waits SOCIAL_RELAY_WAIT_MS at most for a popup's frame that never writes what it opened, then refuses", async () => {
    const browser = makeTestBrowser()
    const opener = framePage(browser)
    const uri = await startLogin(opener)
    // The popup's page closes while its frame's finish is answered: the server took the login, the
    // cookie is set, and the frame never gets to write it down.
    const closed = new Promise<void>(() => undefined)
    const popup = framePage(browser, (call) => (call.path === FINISH ? closed : undefined))
    void popup.ask('APP_CONNECT_SOCIAL', { uri: await approveInPopup(uri, 'alice') })
    await vi.waitFor(() => expect(popup.calls.find((call) => call.path === FINISH)?.status).toBe(200))

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    let settled = false
    const answer = opener.ask('APP_CONNECT_SOCIAL', { uri }).finally(() => {
      settled = true
    })
    let waited = 0
    while (!settled) {
      // The opener's requests are real I/O: let them through, then move the frame's clock.
      await new Promise((resolve) => setImmediate(resolve))
      if (opener.calls.some((call) => call.code === 'SOCIAL_CODE_USED')) {
        await vi.advanceTimersByTimeAsync(100)
        waited += 100
      }
      expect(waited).toBeLessThanOrEqual(SOCIAL_RELAY_WAIT_MS + 200)
    }
    expect(waited).toBeGreaterThanOrEqual(SOCIAL_RELAY_WAIT_MS)
    expect(await answer).toMatchObject(codeUsed(expect.any(String)))
    expect(opener.calls.map((call) => call.path)).not.toContain(SESSION)
  })
})

/** Another storage with what `browser`'s holds now: a frame page that shares the secret, not what comes after. */
function copyOf(browser: TestBrowser): TestBrowser['storage'] {
  const copy = makeTestBrowser().storage
  for (const [key, value] of browser.storage.entries?.() ?? []) copy.setItem(key, value)
  return copy
}
