import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createAuthApi } from '../frame/authApi.js'
import { createFrameHandlers } from '../frame/handlers.js'
import { InvalidFrameMessageError } from '../protocol/errors.js'
import type { AppMessageType } from '../protocol/messages.js'
import {
  type CreateEmbeddedWalletClientParameters,
  createEmbeddedWalletClient,
  type EmbeddedWalletClient,
} from './createEmbeddedWalletClient.js'
import {
  FRAME_ERROR_TEXTS,
  FrameLoadError,
  FrameNotSetError,
  FrameRequestAbortedError,
  FrameRequestError,
  FrameTimeoutError,
  FrameVersionMismatchError,
  InvalidFrameUrlError,
  UnexpectedFrameReplyError,
  UntrustedFrameMessageError,
} from './errors.js'
import {
  APP_ORIGIN,
  attachFrame,
  BROKEN_FRAME_URL,
  createPage,
  FRAME_ORIGIN,
  FRAME_URL,
  flush,
  type Page,
} from './frameHarness.testkit.js'

const address = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

let page: Page
let client: EmbeddedWalletClient | undefined

beforeEach(() => {
  page = createPage()
})

afterEach(async () => {
  client?.destroy()
  client = undefined
  vi.useRealTimers()
  await page.close()
})

function create(overrides: Partial<CreateEmbeddedWalletClientParameters> = {}) {
  client = createEmbeddedWalletClient({
    frameUrl: FRAME_URL,
    projectId: 'shop-project',
    chainId: 8453,
    document: page.document,
    logger: page.logger,
    ...overrides,
  })
  return client
}

/** A client whose frame has loaded and said FRAME_READY. */
async function readyClient(overrides: Partial<CreateEmbeddedWalletClientParameters> = {}) {
  const c = create(overrides)
  const frame = await attachFrame(page, c)
  frame.ready()
  await c.ready()
  return { client: c, frame }
}

/** Settles a promise into a value or an error, so a test can await it after moving the clock. */
function outcome<T>(promise: Promise<T>) {
  return promise.then(
    (value) => ({ value, error: undefined }),
    (error: unknown) => ({ value: undefined, error: error as Error }),
  )
}

describe('the iframe', () => {
  test('its src is the frame URL with projectId, chainId, version and enableLogger, and the page loads it', async () => {
    const c = create({ enableLogger: true, chainId: 'eip155:8453' })
    const src = new URL(c.iframe?.src ?? '')
    expect(src.origin + src.pathname).toBe(FRAME_URL)
    expect(Object.fromEntries(src.searchParams)).toEqual({
      projectId: 'shop-project',
      chainId: 'eip155:8453',
      version: '1.1.0',
      enableLogger: 'true',
    })
    await attachFrame(page, c)
    expect(page.requested).toEqual([src.href])
    expect(c.frameOrigin).toBe(FRAME_ORIGIN)
  })

  test('is hidden, sandboxed to what the frame needs and sends only its origin as referrer', () => {
    const iframe = create().iframe as HTMLIFrameElement
    expect(iframe.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms allow-popups')
    expect(iframe.getAttribute('referrerpolicy')).toBe('origin')
    expect(iframe.hasAttribute('allow')).toBe(false)
    expect(iframe.getAttribute('aria-hidden')).toBe('true')
    expect(iframe.style.opacity).toBe('0')
    expect(iframe.style.width).toBe('0px')
    expect(iframe.isConnected).toBe(true)
    expect(new URL(create({ enableLogger: false }).iframe?.src ?? '').searchParams.get('enableLogger')).toBe(
      'false',
    )
  })

  test('show() lays it over the container and hide() hides it again', async () => {
    const c = create()
    const container = page.document.createElement('div')
    page.document.body.appendChild(container)
    container.getBoundingClientRect = () => ({ top: 40, left: 20, width: 360, height: 500 }) as DOMRect
    c.show(container)
    const style = (c.iframe as HTMLIFrameElement).style
    expect([style.top, style.left, style.width, style.height]).toEqual(['40px', '20px', '360px', '500px'])
    expect(style.opacity).toBe('1')
    expect(style.zIndex).toBe('1000')
    expect(c.iframe?.hasAttribute('aria-hidden')).toBe(false)
    c.hide()
    expect(style.opacity).toBe('0')
    expect(style.width).toBe('0px')
    expect(c.iframe?.getAttribute('aria-hidden')).toBe('true')
  })

  test('refuses a frame URL it cannot pin to an http(s) origin', () => {
    expect(() => create({ frameUrl: 'javascript:alert(1)' })).toThrowError(InvalidFrameUrlError)
    expect(() => create({ frameUrl: '/frame/' })).toThrowError(InvalidFrameUrlError)
  })
})

describe('the handshake', () => {
  test('sends nothing before FRAME_READY, then sends the waiting request', async () => {
    const c = create()
    const frame = await attachFrame(page, c)
    const user = c.request('APP_GET_USER', { chainId: 8453 })
    await flush()
    expect(frame.postMessage).not.toHaveBeenCalled()
    frame.ready()
    await flush()
    expect(frame.received()).toHaveLength(1)
    frame.succeed(frame.last(), { email: 'ada@example.com', address, chainId: 8453, accountType: 'eoa' })
    await expect(user).resolves.toEqual({
      email: 'ada@example.com',
      address,
      chainId: 8453,
      accountType: 'eoa',
    })
  })

  test('a frame of another major version is refused with a typed error, and nothing is sent', async () => {
    const c = create()
    const frame = await attachFrame(page, c)
    const pending = outcome(c.request('APP_IS_CONNECTED'))
    frame.ready('2.0.0')
    await expect(c.ready()).rejects.toBeInstanceOf(FrameVersionMismatchError)
    expect((await pending).error).toBeInstanceOf(FrameVersionMismatchError)
    await expect(c.request('APP_GET_CHAIN_ID')).rejects.toMatchObject({
      frameVersion: '2.0.0',
      clientVersion: '1.1.0',
    })
    expect(frame.postMessage).not.toHaveBeenCalled()
  })

  test('a frame of the same major version and a newer minor is accepted', async () => {
    const c = create()
    const frame = await attachFrame(page, c)
    frame.ready('1.7.0')
    await expect(c.ready()).resolves.toEqual({ version: '1.7.0' })
  })

  test("no FRAME_READY within 30 000 ms fails with 'Unable to load email login dependency'", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const c = create()
    const pending = outcome(c.request('APP_CONNECT_EMAIL', { email: 'ada@example.com' }))
    const ready = outcome(c.ready())
    await vi.advanceTimersByTimeAsync(29_999)
    expect(page.logs.filter((log) => log.level === 'error')).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    const { error } = await ready
    expect(error).toBeInstanceOf(FrameLoadError)
    expect((error as FrameLoadError).shortMessage).toBe('Unable to load email login dependency')
    expect((await pending).error).toBe(error)
    expect(page.logs.some((log) => log.level === 'error' && log.details === error)).toBe(true)
  })

  test('a frame page that loads but never says FRAME_READY (its server is down) fails soon after it loaded', async () => {
    const c = create({ timeouts: { afterLoad: 50 } })
    const ready = outcome(c.ready())
    const { error } = await ready
    expect(error).toBeInstanceOf(FrameLoadError)
    expect((error as FrameLoadError).shortMessage).toBe('Unable to load email login dependency')
    expect((error as FrameLoadError).message).toContain('loaded but sent no FRAME_READY within 50 ms')
  })

  test("an iframe that fails to load fails with 'Unable to load email login dependency'", async () => {
    const c = create({ frameUrl: BROKEN_FRAME_URL })
    const iframe = c.iframe as HTMLIFrameElement
    await new Promise((resolve) => iframe.addEventListener('error', resolve, { once: true }))
    await expect(c.ready()).rejects.toThrowError(FRAME_ERROR_TEXTS.loadFailed)
    await expect(c.request('APP_SIGN_OUT')).rejects.toBeInstanceOf(FrameLoadError)
  })
})

describe('requests', () => {
  test('go only to the frame origin, in the protocol envelope with a random uuid', async () => {
    const { client: c, frame } = await readyClient()
    const first = c.request('APP_CONNECT_EMAIL', { email: 'ada@example.com' })
    const second = outcome(c.request('APP_GET_CHAIN_ID'))
    await flush()
    expect(frame.postMessage).toHaveBeenCalledTimes(2)
    for (const call of frame.postMessage.mock.calls) expect(call[1]).toBe(FRAME_ORIGIN)
    const [email, chain] = frame.received()
    expect(email).toEqual({
      portico: 'embedded-wallet',
      version: '1.1.0',
      id: expect.stringMatching(uuid),
      type: 'APP_CONNECT_EMAIL',
      payload: { email: 'ada@example.com' },
    })
    expect(chain?.id).toMatch(uuid)
    expect(chain?.id).not.toBe(email?.id)
    frame.succeed(email as never, { action: 'VERIFY_OTP' })
    frame.succeed(chain as never, { chainId: 8453 })
    await expect(first).resolves.toEqual({ action: 'VERIFY_OTP' })
    expect((await second).value).toEqual({ chainId: 8453 })
  })

  test('happy-dom refuses the same post aimed at the app origin, so the pinned origin is what delivers it', async () => {
    const { frame } = await readyClient()
    expect(() => frame.frameWindow.postMessage({}, APP_ORIGIN)).toThrowError(
      /does not match the recipient window's origin/,
    )
  })

  test('an input the protocol refuses fails at once, naming the field, and is not sent', async () => {
    const { client: c, frame } = await readyClient()
    await expect(c.request('APP_CONNECT_OTP', { otp: '12345' })).rejects.toMatchObject({
      name: 'InvalidFrameMessageError',
      field: 'payload.otp',
    })
    await expect(c.request('APP_CONNECT_EMAIL', { email: 'ada' })).rejects.toBeInstanceOf(
      InvalidFrameMessageError,
    )
    await flush()
    expect(frame.postMessage).not.toHaveBeenCalled()
  })

  test('a reply from another origin is ignored and logged; the right one resolves', async () => {
    const { client: c, frame } = await readyClient()
    const result = c.request('APP_IS_CONNECTED')
    let settled = false
    void result.finally(() => {
      settled = true
    })
    await flush()
    frame.succeed(frame.last(), { isConnected: true }, { origin: 'https://evil.example' })
    await flush()
    expect(settled).toBe(false)
    const warning = page.logs.find((log) => log.level === 'warn')
    expect(warning?.details).toBeInstanceOf(UntrustedFrameMessageError)
    expect(warning?.details).toMatchObject({ origin: 'https://evil.example' })
    frame.succeed(frame.last(), { isConnected: false })
    await expect(result).resolves.toEqual({ isConnected: false })
  })

  test('a reply from the frame origin but another window is ignored; the right window resolves', async () => {
    const { client: c, frame } = await readyClient()
    // Any site can embed the wallet frame: a second copy shares its origin but not its window.
    const other = page.document.createElement('iframe')
    other.src = `${FRAME_URL}?projectId=attacker`
    page.document.body.appendChild(other)
    const result = c.request('APP_GET_CHAIN_ID')
    let settled = false
    void result.finally(() => {
      settled = true
    })
    await flush()
    frame.succeed(frame.last(), { chainId: 1 }, { source: other.contentWindow })
    frame.succeed(frame.last(), { chainId: 1 }, { source: page.window })
    frame.succeed(frame.last(), { chainId: 1 }, { source: null })
    await flush()
    expect(settled).toBe(false)
    expect(page.logs.filter((log) => log.details instanceof UntrustedFrameMessageError)).toHaveLength(3)
    frame.succeed(frame.last(), { chainId: 8453 })
    await expect(result).resolves.toEqual({ chainId: 8453 })
  })

  test('once the iframe is gone, a message with no source is not taken for the frame', async () => {
    const { client: c, frame } = await readyClient()
    const result = outcome(c.request('APP_GET_CHAIN_ID'))
    await flush()
    const request = frame.last()
    c.iframe?.remove()
    expect(c.iframe?.contentWindow).toBeNull()
    frame.succeed(request, { chainId: 1 }, { source: null })
    await flush()
    c.destroy()
    expect((await result).error).toBeInstanceOf(FrameRequestAbortedError)
  })

  test('a malformed reply from the frame is dropped and logged; a valid one still resolves', async () => {
    const { client: c, frame } = await readyClient()
    const result = c.request('APP_CONNECT_EMAIL', { email: 'ada@example.com' })
    await flush()
    const request = frame.last()
    frame.succeed(request, { action: 'SEND_MONEY' })
    frame.post({
      portico: 'embedded-wallet',
      version: '1.1.0',
      id: request.id,
      type: 'FRAME_CONNECT_EMAIL_SUCCESS',
      payload: { action: 'VERIFY_OTP' },
      extra: true,
    })
    frame.post('FRAME_CONNECT_EMAIL_SUCCESS')
    await flush()
    const errors = page.logs.filter((log) => log.level === 'error')
    expect(errors.map((log) => (log.details as InvalidFrameMessageError).field)).toEqual([
      'payload.action',
      'message',
      'message',
    ])
    for (const log of errors) expect(log.details).toBeInstanceOf(InvalidFrameMessageError)
    frame.succeed(request, { action: 'VERIFY_DEVICE' })
    await expect(result).resolves.toEqual({ action: 'VERIFY_DEVICE' })
  })

  test('a reply of another type for a pending id is dropped', async () => {
    const { client: c, frame } = await readyClient()
    const result = c.request('APP_GET_CHAIN_ID')
    await flush()
    const request = frame.last()
    frame.post({
      portico: 'embedded-wallet',
      version: '1.1.0',
      id: request.id,
      type: 'FRAME_IS_CONNECTED_SUCCESS',
      payload: { isConnected: true },
    })
    await flush()
    expect(page.logs.find((log) => log.level === 'warn')?.details).toBeInstanceOf(UnexpectedFrameReplyError)
    frame.succeed(request, { chainId: 1 })
    await expect(result).resolves.toEqual({ chainId: 1 })
  })

  test("an ERROR reply rejects with the frame's message and code, or 'An error occurred'", async () => {
    const { client: c, frame } = await readyClient()
    const rejected = c.request('APP_RPC_REQUEST', { method: 'personal_sign', params: ['Hello', address] })
    const blank = c.request('APP_CONNECT_OTP', { otp: '123456' })
    await flush()
    const [sign, otp] = frame.received()
    frame.fail(sign as never, { message: 'User rejected the request.', code: 4001 })
    frame.fail(otp as never, { message: '' })
    await expect(rejected).rejects.toMatchObject({
      name: 'FrameRequestError',
      message: 'User rejected the request.',
      code: 4001,
    })
    const error = await blank.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FrameRequestError)
    expect((error as FrameRequestError).message).toBe('An error occurred')
  })

  test("an ERROR reply's data (a node's error, the sent part of a batch) reaches the caller", async () => {
    const { client: c, frame } = await readyClient()
    const result = c.request('APP_RPC_REQUEST', { method: 'eth_blockNumber' })
    await flush()
    const data = { id: '0x01', sentCalls: 1, totalCalls: 2 }
    frame.fail(frame.last(), { message: 'Only the first call was sent.', code: -32603, data })
    await expect(result).rejects.toMatchObject({ name: 'FrameRequestError', code: -32603, data })
  })

  test('an ERROR reply of a type the page has no schema for rejects its pending request at once', async () => {
    const { client: c, frame } = await readyClient()
    const result = c.request('APP_GET_CHAIN_ID')
    await flush()
    frame.post({
      portico: 'embedded-wallet',
      version: '1.1.0',
      id: frame.last().id,
      type: 'FRAME_GET_CHAIN_ID_NEXT_ERROR',
      payload: { message: 'The embedded wallet frame does not support APP_GET_CHAIN_ID_NEXT.', code: 4200 },
    })
    // No clock is moved: the request fails now, not after its 30 s timeout.
    await expect(result).rejects.toMatchObject({
      name: 'FrameRequestError',
      message: 'The embedded wallet frame does not support APP_GET_CHAIN_ID_NEXT.',
      code: 4200,
    })
    expect(page.logs.filter((log) => log.level === 'error')).toEqual([])
  })

  test('an ERROR reply of an unknown type for an id nobody waits for changes nothing', async () => {
    const { client: c, frame } = await readyClient()
    const result = c.request('APP_GET_CHAIN_ID')
    await flush()
    frame.post({
      portico: 'embedded-wallet',
      version: '1.1.0',
      id: crypto.randomUUID(),
      type: 'FRAME_SOMETHING_NEW_ERROR',
      payload: { message: 'No.' },
    })
    await flush()
    expect(page.logs.find((log) => log.level === 'debug')?.details).toBeInstanceOf(UnexpectedFrameReplyError)
    frame.succeed(frame.last(), { chainId: 1 })
    await expect(result).resolves.toEqual({ chainId: 1 })
  })

  test('a frame that predates a request answers it with its protocol version, and the page rejects with that at once', async () => {
    const { client: c, frame } = await readyClient()
    const memory = new Map<string, string>()
    const storage = {
      getItem: (key: string) => memory.get(key) ?? null,
      setItem: (key: string, value: string) => void memory.set(key, value),
      removeItem: (key: string) => void memory.delete(key),
    }
    // A real frame's handlers; an unknown request never reaches its server or a chain.
    const olderFrame = createFrameHandlers({
      api: createAuthApi({ origin: FRAME_ORIGIN, projectId: 'shop-project', storage }),
      storage,
      chainId: 8453,
      rpcUrl: () => 'http://127.0.0.1:9/',
      ui: {
        requestApproval: async () => false,
        changeEmail: async () => ({ status: 'cancelled' }),
        cancelApprovals: () => undefined,
        syncTheme: () => undefined,
        syncDappData: () => undefined,
        reload: () => undefined,
      },
    })
    const result = c.request('APP_GET_CHAIN_ID')
    await flush()
    // What a newer page would send under this id: a request type the older frame never heard of.
    const answer = await olderFrame.handle({ ...frame.last(), type: 'APP_GET_WALLET_LABELS' })
    frame.post(answer)
    await expect(result).rejects.toMatchObject({
      name: 'FrameRequestError',
      message: 'The embedded wallet frame does not support APP_GET_WALLET_LABELS: it speaks protocol 1.1.0.',
    })
  })

  test('a reply for an id nobody waits for changes nothing', async () => {
    const { client: c, frame } = await readyClient()
    frame.post({
      portico: 'embedded-wallet',
      version: '1.1.0',
      id: crypto.randomUUID(),
      type: 'FRAME_SIGN_OUT_SUCCESS',
      payload: {},
    })
    await flush()
    expect(page.logs.find((log) => log.level === 'debug')?.details).toBeInstanceOf(UnexpectedFrameReplyError)
    const result = c.request('APP_SIGN_OUT')
    await flush()
    frame.succeed(frame.last(), {})
    await expect(result).resolves.toEqual({})
  })

  test('a frame that was removed from the page gives the iframe-or-parent-not-set error', async () => {
    const { client: c } = await readyClient()
    c.iframe?.remove()
    const error = await c.request('APP_GET_CHAIN_ID').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FrameNotSetError)
    expect((error as FrameNotSetError).shortMessage).toBe('The iframe or parent is not set')
  })

  test('without a page to host the frame the client is not created', () => {
    const detached = page.document.implementation.createHTMLDocument('x')
    detached.documentElement.removeChild(detached.body)
    expect(() => create({ document: detached })).toThrowError(FRAME_ERROR_TEXTS.notSet)
  })
})

describe('timeouts', () => {
  const connectSteps: [AppMessageType, unknown][] = [
    ['APP_CONNECT_EMAIL', { email: 'ada@example.com' }],
    ['APP_CONNECT_DEVICE', undefined],
    ['APP_CONNECT_OTP', { otp: '123456' }],
    ['APP_CONNECT_SOCIAL', { uri: 'https://shop.example/?code=1' }],
    ['APP_GET_SOCIAL_REDIRECT_URI', { provider: 'google' }],
  ]

  test.each(connectSteps)(
    '%s times out after 30 000 ms, calling onTimeout and rejecting',
    async (type, payload) => {
      const onTimeout = vi.fn()
      const { client: c, frame } = await readyClient({ onTimeout })
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
      const result = outcome(
        (c.request as (t: AppMessageType, p: unknown) => Promise<unknown>)(type, payload),
      )
      await flush()
      const id = frame.last().id
      await vi.advanceTimersByTimeAsync(29_999)
      expect(onTimeout).not.toHaveBeenCalled()
      await vi.advanceTimersByTimeAsync(1)
      expect(onTimeout).toHaveBeenCalledExactlyOnceWith({ type, id, timeoutMs: 30_000 })
      const { error } = await result
      expect(error).toBeInstanceOf(FrameTimeoutError)
      expect(error).toMatchObject({ type, timeoutMs: 30_000 })
    },
  )

  test.each([
    ['APP_GET_FARCASTER_URI', undefined],
    ['APP_CONNECT_FARCASTER', undefined],
  ] as [AppMessageType, unknown][])(
    '%s, a Farcaster step, is bounded too: it rejects after 30 000 ms (not a login step of SPEC §9: no onTimeout)',
    async (type, payload) => {
      const onTimeout = vi.fn()
      const { client: c } = await readyClient({ onTimeout })
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
      const result = outcome(
        (c.request as (t: AppMessageType, p: unknown) => Promise<unknown>)(type, payload),
      )
      let settled = false
      void result.then(() => {
        settled = true
      })
      await flush()
      await vi.advanceTimersByTimeAsync(29_999)
      expect(settled).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      expect((await result).error).toMatchObject({ name: 'FrameTimeoutError', type, timeoutMs: 30_000 })
      expect(onTimeout).not.toHaveBeenCalled()
    },
  )

  test('a late reply after a timeout changes nothing', async () => {
    const { client: c, frame } = await readyClient()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const result = outcome(c.request('APP_CONNECT_EMAIL', { email: 'ada@example.com' }))
    await flush()
    await vi.advanceTimersByTimeAsync(30_000)
    frame.succeed(frame.last(), { action: 'VERIFY_OTP' })
    expect((await result).error).toBeInstanceOf(FrameTimeoutError)
  })

  test('an RPC request waits 5 minutes for the approval and does not call onTimeout', async () => {
    const onTimeout = vi.fn()
    const { client: c, frame } = await readyClient({ onTimeout })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const sign = outcome(
      c.request('APP_RPC_REQUEST', { method: 'personal_sign', params: ['Hello', address] }),
    )
    const user = outcome(c.request('APP_GET_USER'))
    await flush()
    const [signRequest] = frame.received()
    await vi.advanceTimersByTimeAsync(30_000)
    expect((await user).error).toBeInstanceOf(FrameTimeoutError)
    await vi.advanceTimersByTimeAsync(269_000)
    const signature = `0x${'1b'.repeat(65)}`
    frame.succeed(signRequest as never, signature)
    expect((await sign).value).toBe(signature)
    expect(onTimeout).not.toHaveBeenCalled()
  })

  test('timeouts are configurable', async () => {
    const onTimeout = vi.fn()
    const { client: c } = await readyClient({ onTimeout, timeouts: { connect: 5_000, rpc: 1_000 } })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const email = outcome(c.request('APP_CONNECT_EMAIL', { email: 'ada@example.com' }))
    const rpc = outcome(c.request('APP_RPC_REQUEST', { method: 'eth_blockNumber' }))
    await flush()
    await vi.advanceTimersByTimeAsync(1_000)
    expect((await rpc).error).toMatchObject({ name: 'FrameTimeoutError', timeoutMs: 1_000 })
    await vi.advanceTimersByTimeAsync(4_000)
    expect((await email).error).toMatchObject({ name: 'FrameTimeoutError', timeoutMs: 5_000 })
    expect(onTimeout).toHaveBeenCalledOnce()
  })
})

describe('aborting', () => {
  test("rejectRpcRequests aborts pending unsafe RPC requests with 'Request was aborted' and lets safe ones go on", async () => {
    const { client: c, frame } = await readyClient()
    const sign = outcome(
      c.request('APP_RPC_REQUEST', { method: 'personal_sign', params: ['Hello', address] }),
    )
    const send = outcome(
      c.request('APP_RPC_REQUEST', {
        method: 'eth_sendTransaction',
        params: [{ to: address, value: '0x1' }],
      }),
    )
    const block = c.request('APP_RPC_REQUEST', { method: 'eth_blockNumber' })
    const status = c.request('APP_RPC_REQUEST', { method: 'wallet_getCallsStatus', params: ['0x01'] })
    const user = c.request('APP_GET_USER')
    await flush()
    const [, , blockRequest, statusRequest, userRequest] = frame.received()
    c.rejectRpcRequests()
    for (const result of [await sign, await send]) {
      expect(result.error).toBeInstanceOf(FrameRequestAbortedError)
      expect(result.error?.message).toMatch(/^Request was aborted/)
      expect((result.error as FrameRequestAbortedError).shortMessage).toBe('Request was aborted')
    }
    frame.succeed(blockRequest as never, '0x10')
    frame.succeed(statusRequest as never, { status: 200 })
    frame.succeed(userRequest as never, {
      email: 'ada@example.com',
      address,
      chainId: 1,
      accountType: 'smartAccount',
    })
    await expect(block).resolves.toBe('0x10')
    await expect(status).resolves.toEqual({ status: 200 })
    await expect(user).resolves.toMatchObject({ accountType: 'smartAccount' })
  })

  test('after aborting, the frame is reloaded to drop its approval screen, and what it had not answered is asked again', async () => {
    const { client: c, frame } = await readyClient()
    const sign = outcome(
      c.request('APP_RPC_REQUEST', { method: 'personal_sign', params: ['Hello', address] }),
    )
    const block = c.request('APP_RPC_REQUEST', { method: 'eth_blockNumber' })
    await flush()
    const blockRequest = frame.received()[1]
    c.rejectRpcRequests()
    expect((await sign).error).toMatchObject({ code: 4001 })
    await flush()
    const reload = frame.last()
    expect(reload.type).toBe('APP_RELOAD')
    frame.succeed(reload)
    // The reloaded frame announces itself again; the read it lost goes out once more, same id.
    frame.ready()
    await flush()
    const again = frame.last()
    expect(again).toEqual(blockRequest)
    frame.succeed(again, '0x11')
    await expect(block).resolves.toBe('0x11')
  })

  test('aborting when nothing waits for approval does not reload the frame', async () => {
    const { client: c, frame } = await readyClient()
    const block = c.request('APP_RPC_REQUEST', { method: 'eth_blockNumber' })
    await flush()
    const sent = frame.received().length
    c.rejectRpcRequests()
    await flush()
    expect(frame.received()).toHaveLength(sent)
    frame.succeed(frame.last(), '0x1')
    await expect(block).resolves.toBe('0x1')
  })

  test("an aborted request other than RPC says 'Something went wrong'", async () => {
    const { client: c } = await readyClient()
    const controller = new AbortController()
    const result = c.request('APP_CONNECT_EMAIL', { email: 'ada@example.com' }, { signal: controller.signal })
    controller.abort()
    const error = await result.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FrameRequestAbortedError)
    expect((error as FrameRequestAbortedError).shortMessage).toBe('Something went wrong')
  })

  test('destroy rejects every pending request, removes the iframe and stops listening', async () => {
    const { client: c, frame } = await readyClient()
    const sign = outcome(
      c.request('APP_RPC_REQUEST', { method: 'personal_sign', params: ['Hello', address] }),
    )
    const block = outcome(c.request('APP_RPC_REQUEST', { method: 'eth_blockNumber' }))
    const user = outcome(c.request('APP_GET_USER'))
    await flush()
    const [, , userRequest] = frame.received()
    c.destroy()
    expect((await sign).error?.message).toMatch(/^Request was aborted/)
    expect((await block).error?.message).toMatch(/^Request was aborted/)
    expect((await user).error?.message).toMatch(/^Something went wrong/)
    expect(page.document.querySelector('iframe')).toBeNull()
    expect(c.iframe).toBeUndefined()
    frame.succeed(userRequest as never, { email: 'ada@example.com', address, chainId: 1, accountType: 'eoa' })
    await expect(c.request('APP_GET_CHAIN_ID')).rejects.toBeInstanceOf(FrameNotSetError)
    expect(() => c.show()).toThrowError(FrameNotSetError)
  })

  test('destroy before FRAME_READY rejects the waiting requests', async () => {
    const c = create()
    const email = outcome(c.request('APP_CONNECT_EMAIL', { email: 'ada@example.com' }))
    c.destroy()
    expect((await email).error).toBeInstanceOf(FrameRequestAbortedError)
    await expect(c.ready()).rejects.toBeInstanceOf(FrameNotSetError)
  })
})

describe('events and sync', () => {
  test('FRAME_SESSION_UPDATE reaches session listeners until they unsubscribe', async () => {
    const { client: c, frame } = await readyClient()
    const tokens: string[] = []
    const unsubscribe = c.onSessionUpdate((token) => tokens.push(token))
    const session = { portico: 'embedded-wallet', version: '1.1.0', type: 'FRAME_SESSION_UPDATE' }
    frame.post({ ...session, payload: { token: 'first' } })
    frame.post({ ...session, payload: { token: 'forged' } }, { origin: 'https://evil.example' })
    unsubscribe()
    frame.post({ ...session, payload: { token: 'second' } })
    expect(tokens).toEqual(['first'])
  })

  test("a failed theme sync is only logged as 'Unable to sync theme to auth connector'", async () => {
    const { client: c, frame } = await readyClient()
    const synced = c.syncTheme({ themeMode: 'dark', themeVariables: { accent: '#3396ff' } })
    await flush()
    expect(frame.last()).toMatchObject({ type: 'APP_SYNC_THEME', payload: { themeMode: 'dark' } })
    frame.fail(frame.last(), { message: 'No theme support' })
    await expect(synced).resolves.toBeUndefined()
    expect(page.logs.find((log) => log.level === 'error')).toMatchObject({
      message: 'Unable to sync theme to auth connector',
      details: expect.any(FrameRequestError),
    })
  })

  test('syncDappData sends the site data and reports a failure', async () => {
    const { client: c, frame } = await readyClient()
    const data = {
      metadata: { name: 'Shop', url: APP_ORIGIN },
      sdkVersion: '0.1.0',
      sdkType: 'portico',
      projectId: 'shop-project',
    }
    const ok = c.syncDappData(data)
    await flush()
    expect(frame.last()).toMatchObject({ type: 'APP_SYNC_DAPP_DATA', payload: data })
    frame.succeed(frame.last(), {})
    await expect(ok).resolves.toBeUndefined()
    const failed = c.syncDappData(data)
    await flush()
    frame.fail(frame.last(), { message: 'Unknown project' })
    await expect(failed).rejects.toThrowError('Unknown project')
  })
})
