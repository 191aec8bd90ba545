import { describe, expect, it } from 'vitest'
import { type CachedIdentity, createIdentityCache } from './identityCache.js'

const named = (name: string, avatar: string | null = null): CachedIdentity => ({ name, avatar })

describe('the identity cache', () => {
  it('keeps the newest entries within its count, the oldest going first', async () => {
    let time = 0
    const cache = createIdentityCache({ maxEntries: 2, maxCharacters: 1_000, now: () => time })
    const reads: string[] = []
    const read = (key: string) => () => {
      reads.push(key)
      return Promise.resolve({ value: named(`${key}.eth`), ttlMs: 1_000 })
    }
    await cache.get('a', read('a'))
    await cache.get('b', read('b'))
    await cache.get('c', read('c'))
    expect(cache.size).toBe(2)
    await cache.get('b', read('b'))
    await cache.get('c', read('c'))
    await cache.get('a', read('a'))
    expect(reads).toEqual(['a', 'b', 'c', 'a'])
    time = 1_000
    await cache.get('a', read('a'))
    expect(reads).toEqual(['a', 'b', 'c', 'a', 'a'])
  })

  it('keeps no more characters than its budget, and serves an answer larger than it without keeping it', async () => {
    const cache = createIdentityCache({ maxEntries: 100, maxCharacters: 20, now: () => 0 })
    let reads = 0
    const read = (value: CachedIdentity) => () => {
      reads++
      return Promise.resolve({ value, ttlMs: 1_000 })
    }
    await cache.get('a', read(named('aaaaa.eth')))
    await cache.get('b', read(named('bbbbb.eth')))
    await cache.get('c', read(named('ccccc.eth')))
    expect(cache.size).toBe(2)
    const large = named('d.eth', `data:image/png;base64,${'A'.repeat(100)}`)
    expect(await cache.get('d', read(large))).toEqual(large)
    expect(await cache.get('d', read(large))).toEqual(large)
    expect(reads).toBe(5)
  })

  it('asks once for reads of one key that arrive together, and keeps no failure', async () => {
    const cache = createIdentityCache({ maxEntries: 10, maxCharacters: 1_000, now: () => 0 })
    let reads = 0
    let fail = true
    const read = async () => {
      reads++
      await Promise.resolve()
      if (fail) throw new Error('the node is down')
      return { value: named('a.eth'), ttlMs: 1_000 }
    }
    const both = await Promise.allSettled([cache.get('a', read), cache.get('a', read)])
    expect(both.map((result) => result.status)).toEqual(['rejected', 'rejected'])
    expect(reads).toBe(1)
    fail = false
    expect(await cache.get('a', read)).toEqual(named('a.eth'))
    expect(reads).toBe(2)
  })
})
