import type { Browser, Page } from '@playwright/test'
import type { RunSample } from './benchSummary.ts'
import { BUTTON_LABEL, installProbe, WALLET_NAME } from './pageProbe.ts'
import { type ResourceEntry, runSample } from './runSample.ts'
import type { StaticSite } from './staticServer.ts'
import { BenchTimeoutError, withTimeout } from './withTimeout.ts'

/** How long each step of a run may take; CPU ×4 stretches each, so these are generous. */
export const RUN_TIMEOUTS = {
  load: 30_000,
  button: 30_000,
  /** The page is quiet and idle (see `settle`): what it fetches by itself after load is in. */
  settle: 20_000,
  open: 30_000,
  heap: 30_000,
} as const
/** How long the page must make no request to count as settled (after load, and after the open). */
export const QUIET_MS = 1_000

export type MeasureRunParameters = {
  browser: Browser
  site: StaticSite
  /** CPU throttling rate: 1 is the machine's own speed. */
  rate: number
  /** Click the button and wait for the modal (Portico), or only load and settle (the control). */
  open: boolean
}

export type MeasuredRun = { sample: RunSample; outside: string[] }

/** A run that failed for another reason than a step's timeout (a page error, a missing mark). */
export class BenchRunError extends Error {
  override name = 'BenchRunError' as const
}

/** Requests in flight and the time of the last one, to wait for the page to be quiet. */
function watchNetwork(page: Page, origin: string) {
  let inFlight = 0
  let started = 0
  let lastActivity = performance.now()
  // Set when the run ends, so a wait that timed out stops polling and lets the process exit.
  let stopped = false
  const outside: string[] = []
  page.on('request', (request) => {
    inFlight++
    started++
    lastActivity = performance.now()
    const url = request.url()
    if (!url.startsWith(`${origin}/`) && !url.startsWith('data:') && !url.startsWith('blob:'))
      outside.push(url)
  })
  const done = () => {
    inFlight = Math.max(0, inFlight - 1)
    lastActivity = performance.now()
  }
  page.on('requestfinished', done)
  page.on('requestfailed', done)
  const quiet = (ms: number) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (stopped) reject(new BenchRunError('The run ended while waiting for the page to be quiet'))
        else if (inFlight === 0 && performance.now() - lastActivity >= ms) resolve()
        else setTimeout(check, 50)
      }
      check()
    })
  /**
   * Quiet, then idle: the page has made no request for QUIET_MS and its main thread has had an idle
   * moment without starting one, so what it fetches by itself once idle (a preload) is in too.
   */
  const settle = async () => {
    for (;;) {
      await quiet(QUIET_MS)
      const before = started
      await page.evaluate(
        () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 2_000 })),
      )
      if (started === before) return
    }
  }
  const stop = () => {
    stopped = true
  }
  return { outside, quiet, settle, stop }
}

/** One page load of one site in a fresh browser context (empty cache, no storage). */
export async function measureRun({ browser, site, rate, open }: MeasureRunParameters): Promise<MeasuredRun> {
  const context = await browser.newContext()
  let network: ReturnType<typeof watchNetwork> | undefined
  // A site that throws is broken, not slow: its errors end the run and are named in the failure.
  const pageErrors: string[] = []
  try {
    await context.addInitScript(installProbe, { walletName: WALLET_NAME, buttonLabel: BUTTON_LABEL })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    if (rate !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate })
    network = watchNetwork(page, site.origin)
    page.on('pageerror', (error) => pageErrors.push(String(error)))

    await page.goto(`${site.origin}/`, { waitUntil: 'load', timeout: RUN_TIMEOUTS.load })
    await withTimeout(
      page.evaluate(() => window.__bench.buttonReady),
      RUN_TIMEOUTS.button,
      `the '${BUTTON_LABEL}' button on ${site.origin}`,
    )
    await withTimeout(network.settle(), RUN_TIMEOUTS.settle, `${site.origin} to be quiet and idle after load`)

    if (open) {
      await withTimeout(
        page.evaluate(() => {
          window.__bench.marks.beforeClick = performance.now()
        }),
        RUN_TIMEOUTS.open,
        `${site.origin} to answer before the click`,
      )
      await page.getByRole('button', { name: BUTTON_LABEL }).click({ timeout: RUN_TIMEOUTS.open })
      await withTimeout(
        page.evaluate(() => window.__bench.opened),
        RUN_TIMEOUTS.open,
        `the modal and the '${WALLET_NAME}' row on ${site.origin}`,
      )
      await withTimeout(
        network.quiet(QUIET_MS),
        RUN_TIMEOUTS.settle,
        `${site.origin} to stop fetching after the open`,
      )
    }

    // The heap still in use once a full collection has freed what can be freed.
    const heapBytes = await withTimeout(
      (async () => {
        await cdp.send('HeapProfiler.collectGarbage')
        return (await cdp.send('Runtime.getHeapUsage')).usedSize
      })(),
      RUN_TIMEOUTS.heap,
      `the heap size of ${site.origin}`,
    )
    const { marks, entries } = await withTimeout(
      page.evaluate(() => ({
        marks: window.__bench.marks,
        entries: performance
          .getEntriesByType('resource')
          .map((entry) => entry as PerformanceResourceTiming)
          .map(({ name, startTime, responseEnd }): ResourceEntry => ({ name, startTime, responseEnd })),
      })),
      RUN_TIMEOUTS.heap,
      `the marks and requests of ${site.origin}`,
    )
    if (pageErrors.length > 0) throw new BenchRunError(`The page threw: ${pageErrors.join('; ')}`)
    return {
      sample: runSample({
        marks,
        entries,
        origin: site.origin,
        gzipSize: site.gzipSize,
        heapBytes,
        opened: open,
      }),
      outside: network.outside,
    }
  } catch (error) {
    const thrown = pageErrors.length > 0 ? ` (the page threw: ${pageErrors.join('; ')})` : ''
    if (error instanceof BenchTimeoutError && !thrown) throw error
    throw new BenchRunError(`A run on ${site.origin} (CPU ×${rate}) failed: ${String(error)}${thrown}`, {
      cause: error,
    })
  } finally {
    network?.stop()
    await context.close().catch(() => {})
  }
}
