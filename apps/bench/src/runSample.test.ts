import { describe, expect, it } from 'vitest'
import { type ResourceEntry, RunSampleError, runSample } from './runSample.ts'

const origin = 'http://127.0.0.1:4000'
const sizes: Record<string, number> = {
  '/assets/index.js': 50_000,
  '/assets/vendor.js': 30_000,
  '/assets/Connect.js': 2_000,
  '/assets/WalletRow.js': 500,
  '/assets/late.js': 1_000,
  '/logo.svg': 300,
}
const gzipSize = (pathname: string) => sizes[pathname]
const entry = (pathname: string, startTime: number, responseEnd: number): ResourceEntry => ({
  name: `${origin}${pathname}`,
  startTime,
  responseEnd,
})
const entries = [
  entry('/assets/index.js', 5, 40),
  entry('/assets/vendor.js', 6, 45),
  // Preloaded while idle: after the button, before the click.
  entry('/assets/Connect.js', 400, 410),
  // Started before the button but still arriving when it was painted: not needed for it.
  entry('/assets/late.js', 50, 0),
  // Fetched on the open.
  entry('/assets/WalletRow.js', 1001, 1010),
  entry('/logo.svg', 1002, 1012),
]
const marks = { button: 100, beforeClick: 1000, click: 1004, modal: 1020, walletRow: 1050 }

describe('runSample', () => {
  it('counts the scripts that arrived by the button, after it, and on the open', () => {
    expect(runSample({ marks, entries, origin, gzipSize, heapBytes: 3e6, opened: true })).toEqual({
      jsToButton: { count: 2, gzip: 80_000 },
      buttonMs: 100,
      jsWhileIdle: { count: 2, gzip: 3_000 },
      heapBytes: 3e6,
      open: { modalMs: 16, walletRowMs: 46, scripts: { count: 1, gzip: 500 }, otherRequests: 1 },
    })
  })

  it('counts everything after the button as idle on a page that is not clicked', () => {
    const sample = runSample({
      marks: { button: 100 },
      entries,
      origin,
      gzipSize,
      heapBytes: 1e6,
      opened: false,
    })
    expect(sample.jsWhileIdle).toEqual({ count: 3, gzip: 3_500 })
    expect(sample.open).toBeUndefined()
  })

  it('leaves requests to other origins out of the site’s files', () => {
    const outside = [...entries, { name: 'https://rpc.example/', startTime: 10, responseEnd: 20 }]
    expect(
      runSample({ marks, entries: outside, origin, gzipSize, heapBytes: 0, opened: true }).jsToButton,
    ).toEqual({
      count: 2,
      gzip: 80_000,
    })
  })

  it('refuses a file the build does not have', () => {
    expect(() =>
      runSample({
        marks,
        entries: [entry('/favicon.ico', 1, 2)],
        origin,
        gzipSize,
        heapBytes: 0,
        opened: false,
      }),
    ).toThrow("The page fetched /favicon.ico, which the site's build does not have")
  })

  it.each([
    [{ ...marks, button: undefined }, 'The page never painted the button'],
    [{ ...marks, click: undefined }, 'recorded no click'],
    [{ ...marks, modal: undefined }, "never painted the modal's dialog"],
    [{ ...marks, walletRow: undefined }, "never painted the wallet's row"],
  ])('refuses a run with a mark missing (%#)', (partial, message) => {
    const { button, beforeClick, click, modal, walletRow } = partial
    const present = Object.fromEntries(
      Object.entries({ button, beforeClick, click, modal, walletRow }).filter(
        ([, value]) => value !== undefined,
      ),
    )
    expect(() =>
      runSample({ marks: present, entries, origin, gzipSize, heapBytes: 0, opened: true }),
    ).toThrow(RunSampleError)
    expect(() =>
      runSample({ marks: present, entries, origin, gzipSize, heapBytes: 0, opened: true }),
    ).toThrow(message)
  })
})
