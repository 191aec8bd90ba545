// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { getAccount } from './connection/account.js'
import { connect } from './connection/connect.js'
import { getConnectorList } from './connection/connectors.js'
import { destroy } from './destroy.js'
import { START_FALLBACK_DELAY_MS, START_IDLE_TIMEOUT_MS } from './initialize.js'
import { openModal } from './modal/openModal.js'
import { STORAGE_PREFIX } from './storage/keys.js'
import { createMemoryStorage } from './storage/storage.js'
import { setup } from './testing/fakeAdapter.testkit.js'

const ADDRESS = '0x1111111111111111111111111111111111111111'

/** The idle callbacks the page asked for, run when the test says the browser is idle. */
let idle: { callback: () => void; timeout: number | undefined }[] = []

beforeEach(() => {
  idle = []
  vi.stubGlobal('requestIdleCallback', (callback: () => void, options?: { timeout?: number }) => {
    idle.push({ callback, timeout: options?.timeout })
    return idle.length
  })
  vi.stubGlobal('cancelIdleCallback', (handle: number) => {
    idle[handle - 1] = { callback: () => {}, timeout: undefined }
  })
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

const started = (handle: { calls: { method: string }[] }) =>
  handle.calls.some((call) => call.method === 'start')

// No `ssr`: `createPortico` schedules the start itself, as on a page.
const page = (storage = createMemoryStorage()) => setup({ ssr: false, storage })

describe('the start waits for the page to be idle', () => {
  test('nothing is discovered until the browser is idle after load, then the wallets are listed', async () => {
    const { portico, handle } = await page()
    expect(started(handle)).toBe(false)
    expect(getConnectorList(portico)).toEqual([])
    expect(idle).toHaveLength(1)
    expect(idle[0]!.timeout).toBe(START_IDLE_TIMEOUT_MS)
    idle[0]!.callback()
    expect(started(handle)).toBe(true)
    expect(getConnectorList(portico).map((item) => item.connector.id)).toEqual(['io.metamask'])
    destroy(portico)
  })

  test('a page still loading waits for its load event before it waits for idle', async () => {
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading')
    const { portico, handle } = await page()
    expect(idle).toHaveLength(0)
    readyState.mockReturnValue('complete')
    window.dispatchEvent(new Event('load'))
    expect(idle).toHaveLength(1)
    idle[0]!.callback()
    expect(started(handle)).toBe(true)
    destroy(portico)
  })

  test('without requestIdleCallback, the start runs a moment after load', async () => {
    vi.stubGlobal('requestIdleCallback', undefined)
    vi.useFakeTimers()
    const { portico, handle } = await page()
    vi.advanceTimersByTime(START_FALLBACK_DELAY_MS - 1)
    expect(started(handle)).toBe(false)
    vi.advanceTimersByTime(1)
    expect(started(handle)).toBe(true)
    destroy(portico)
  })

  test('destroying the instance before idle cancels its start', async () => {
    const { portico, handle } = await page()
    destroy(portico)
    idle[0]!.callback()
    expect(started(handle)).toBe(false)
  })
})

describe('what needs the start before idle runs it at once', () => {
  test('opening the modal lists the wallets in the same call', async () => {
    const { portico, handle } = await page()
    openModal(portico)
    expect(started(handle)).toBe(true)
    expect(getConnectorList(portico)).toHaveLength(1)
    expect(portico.state.router.route.view).toBe('Connect')
    // The idle start later finds it done and does not start the adapters again.
    idle[0]!.callback()
    expect(handle.calls.filter((call) => call.method === 'start')).toHaveLength(1)
    destroy(portico)
  })

  test('connect finds a wallet that only the start discovers', async () => {
    const { portico, handle } = await page()
    await connect(portico, { connectorId: 'io.metamask' })
    expect(started(handle)).toBe(true)
    expect(getAccount(portico).address).toBe(ADDRESS)
    destroy(portico)
  })

  test("an adapter's event is handled after the start, which runs first", async () => {
    const { portico, handle } = await page()
    const { context } = handle
    context!.emit({ type: 'connectors', connectors: [] })
    expect(handle.calls.map((call) => call.method)).toEqual(['start'])
    destroy(portico)
  })
})

describe('a visitor whose last visit ended connected', () => {
  test('gets the reconnect at once, within the 3 s window, without waiting for idle', async () => {
    const storage = createMemoryStorage()
    storage.setItem(
      `${STORAGE_PREFIX}connections`,
      JSON.stringify({ eip155: { connectorId: 'io.metamask', name: 'MetaMask' } }),
    )
    const { portico, handle } = await page(storage)
    expect(idle).toHaveLength(0)
    expect(handle.calls.map((call) => call.method)).toEqual(['start', 'reconnect'])
    expect(portico.state.connection.status).toBe('connecting')
    destroy(portico)
  })
})
