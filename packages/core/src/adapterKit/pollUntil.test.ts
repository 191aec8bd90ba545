import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { pollUntil } from './pollUntil.js'

describe('pollUntil', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('asks again every interval until there is an answer', async () => {
    const answers = [undefined, undefined, 'included']
    const poll = vi.fn(async () => answers.shift())
    const result = pollUntil({ poll, intervalMs: 100, timeoutMs: 10_000, onTimeout: () => new Error('late') })
    await vi.advanceTimersByTimeAsync(200)
    await expect(result).resolves.toBe('included')
    expect(poll).toHaveBeenCalledTimes(3)
  })

  it('retries a failed attempt', async () => {
    let calls = 0
    const result = pollUntil({
      poll: async () => {
        calls++
        if (calls === 1) throw new Error('flaky RPC')
        return 'included'
      },
      intervalMs: 100,
      timeoutMs: 10_000,
      onTimeout: () => new Error('late'),
    })
    await vi.advanceTimersByTimeAsync(100)
    await expect(result).resolves.toBe('included')
  })

  it('rejects at the deadline with the last failure as the cause, and stops asking', async () => {
    const poll = vi.fn(async (): Promise<string | undefined> => {
      throw new Error('RPC down')
    })
    const result = pollUntil({
      poll,
      intervalMs: 100,
      timeoutMs: 1000,
      onTimeout: (lastError) => new Error('late', { cause: lastError }),
    })
    const settled = expect(result).rejects.toMatchObject({ message: 'late', cause: { message: 'RPC down' } })
    await vi.advanceTimersByTimeAsync(1000)
    await settled
    const calls = poll.mock.calls.length
    await vi.advanceTimersByTimeAsync(1000)
    expect(poll.mock.calls.length).toBeLessThanOrEqual(calls + 1)
    expect(vi.getTimerCount()).toBe(0)
  })
})
