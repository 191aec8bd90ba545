import { describe, expect, it } from 'vitest'
import { createLazyImport } from './createLazyImport.js'

describe('createLazyImport', () => {
  it('loads once for every caller, concurrent or later', async () => {
    let loads = 0
    const load = createLazyImport(async () => ({ id: ++loads }))
    const [first, second] = await Promise.all([load(), load()])
    expect(first).toBe(second)
    expect(await load()).toBe(first)
    expect(loads).toBe(1)
  })

  it('tries again after a failed load, and keeps the load that worked', async () => {
    let attempts = 0
    const load = createLazyImport(async () => {
      attempts++
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module')
      return { attempt: attempts }
    })
    await expect(load()).rejects.toThrow('Failed to fetch')
    const loaded = await load()
    expect(loaded).toEqual({ attempt: 2 })
    expect(await load()).toBe(loaded)
    expect(attempts).toBe(2)
  })

  it('treats a loader that throws at once like one that rejects', async () => {
    let attempts = 0
    const load = createLazyImport((): Promise<string> => {
      attempts++
      if (attempts === 1) throw new Error('synchronous')
      return Promise.resolve('ok')
    })
    await expect(load()).rejects.toThrow('synchronous')
    expect(await load()).toBe('ok')
  })
})
