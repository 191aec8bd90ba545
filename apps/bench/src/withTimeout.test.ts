import { afterEach, describe, expect, it, vi } from 'vitest'
import { BenchTimeoutError, withTimeout } from './withTimeout.ts'

describe('withTimeout', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('gives the outcome of a step that finishes in time', async () => {
    await expect(withTimeout(Promise.resolve(7), 1000, 'seven')).resolves.toBe(7)
    await expect(withTimeout(Promise.reject(new Error('no')), 1000, 'a failure')).rejects.toThrow('no')
  })

  it('says what it waited for when the time runs out', async () => {
    vi.useFakeTimers()
    const waiting = withTimeout(new Promise(() => {}), 30_000, "the 'Connect Wallet' button")
    const outcome = expect(waiting).rejects.toThrow(
      new BenchTimeoutError("Timed out after 30000 ms waiting for the 'Connect Wallet' button"),
    )
    await vi.advanceTimersByTimeAsync(30_000)
    await outcome
  })

  it('leaves no timer behind once the step is done', async () => {
    vi.useFakeTimers()
    await withTimeout(Promise.resolve(), 30_000, 'nothing')
    expect(vi.getTimerCount()).toBe(0)
  })
})
