import { describe, expect, it } from 'vitest'
import { type RunSample, summarize } from './benchSummary.ts'
import { StatisticsError } from './statistics.ts'

const sample = (buttonMs: number, modalMs?: number): RunSample => ({
  jsToButton: { count: 20, gzip: 140_000 },
  buttonMs,
  jsWhileIdle: { count: 0, gzip: 0 },
  heapBytes: 3_000_000 + buttonMs,
  ...(modalMs !== undefined && {
    open: {
      modalMs,
      walletRowMs: modalMs * 2,
      scripts: { count: modalMs > 100 ? 5 : 1, gzip: 1000 },
      otherRequests: 0,
    },
  }),
})

describe('summarize', () => {
  it('takes each measure’s median on its own', () => {
    const summary = summarize([sample(300, 40), sample(310, 400), sample(900, 35)])
    expect(summary).toEqual({
      runs: 3,
      jsToButton: { count: 20, gzip: 140_000 },
      buttonMs: 310,
      jsWhileIdle: { count: 0, gzip: 0 },
      heapBytes: 3_000_310,
      open: { modalMs: 40, walletRowMs: 80, scripts: { count: 1, gzip: 1000 }, otherRequests: 0 },
    })
  })

  it('has no open for a site that never opens a modal', () => {
    expect(summarize([sample(300), sample(200)]).open).toBeUndefined()
  })

  it('refuses runs of which only some opened the modal', () => {
    expect(() => summarize([sample(300, 40), sample(310)])).toThrow(StatisticsError)
  })
})
