// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { closeModal } from '../modal/closeModal.js'
import { openModal } from '../modal/openModal.js'
import { setup } from '../testing/fakeAdapter.testkit.js'

const requests: { url: string; body: unknown }[] = []
let status = 200

beforeEach(() => {
  requests.length = 0
  status = 200
  vi.useFakeTimers()
  vi.stubGlobal('fetch', async (url: URL, init: RequestInit) => {
    requests.push({ url: String(url), body: JSON.parse(String(init.body)) })
    return new Response(null, { status })
  })
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const server = { apiUrl: 'http://localhost:8787', projectId: 'demo-project' }

describe('analytics client (SPEC §7)', () => {
  test('sends nothing when no server is configured', async () => {
    const { portico } = await setup()
    openModal(portico)
    await vi.advanceTimersByTimeAsync(5000)
    expect(requests).toEqual([])
    expect(portico).toBeDefined()
  })

  test('sends nothing when the analytics feature is off', async () => {
    const { portico } = await setup({ ...server, features: { analytics: false } })
    openModal(portico)
    await vi.advanceTimersByTimeAsync(5000)
    expect(requests).toEqual([])
  })

  test('posts batched events to /e with projectId, st and sv, off the UI path', async () => {
    const { portico } = await setup({ ...server, sdkType: 'portico', sdkVersion: 'react-1.2.3' })
    openModal(portico)
    closeModal(portico)
    expect(requests).toEqual([])
    await vi.advanceTimersByTimeAsync(1000)
    expect(requests).toHaveLength(1)
    const [request] = requests
    expect(request?.url).toBe('http://localhost:8787/e?projectId=demo-project&st=portico&sv=react-1.2.3')
    const body = request?.body as {
      eventId: string
      url: string
      domain: string
      timestamp: number
      props: { event: string }
    }[]
    expect(body.map((event) => event.props.event)).toEqual(['MODAL_OPEN', 'MODAL_CLOSE'])
    for (const event of body) {
      expect(Object.keys(event).sort()).toEqual(['domain', 'eventId', 'props', 'timestamp', 'url'])
      expect(event.eventId).toMatch(/^[0-9a-f-]{36}$/)
      expect(event.domain).toBe(window.location.hostname)
    }
  })

  test('MODAL_CREATED is never sent', async () => {
    const { portico } = await setup(server)
    portico.internal.track({ type: 'track', event: 'MODAL_CREATED' })
    await vi.advanceTimersByTimeAsync(2000)
    expect(requests).toEqual([])
  })

  test("a 403 shows 'Invalid App Configuration' once", async () => {
    status = 403
    const { portico } = await setup(server)
    openModal(portico)
    await vi.advanceTimersByTimeAsync(1000)
    expect(portico.state.alert.current?.message).toEqual({ key: 'invalidAppConfiguration' })
    portico.state.alert.current = undefined
    closeModal(portico)
    await vi.advanceTimersByTimeAsync(1000)
    expect(requests).toHaveLength(2)
    expect(portico.state.alert.current).toBeUndefined()
  })

  test('a request gives up after 10 s (SPEC §9)', async () => {
    let signal: AbortSignal | undefined
    vi.stubGlobal('fetch', (_url: URL, init: RequestInit) => {
      signal = init.signal ?? undefined
      return new Promise(() => {})
    })
    const { portico } = await setup(server)
    openModal(portico)
    await vi.advanceTimersByTimeAsync(1000)
    expect(signal?.aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(signal?.aborted).toBe(true)
  })

  test('a server that is down loses nothing of the UI', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')))
    const { portico } = await setup(server)
    openModal(portico)
    await vi.advanceTimersByTimeAsync(1000)
    expect(portico.state.modal.open).toBe(true)
    expect(portico.state.alert.current).toBeUndefined()
  })
})
