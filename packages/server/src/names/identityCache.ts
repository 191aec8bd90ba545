/**
 * The server's identity answers (SPEC §9: identity 5 min), per instance in memory: an entry is at
 * most a few minutes old, so a database table shared by instances would save each other instance
 * one chain read per address per 5 min, at the price of a write per miss and a sweep to keep the
 * table bounded. Bounded in entries and in characters (an avatar record can be a data: URL); the
 * oldest go first. Reads of one key that arrive while it is being read wait for that read.
 */

/** What an address is known as on one chain: its checked primary name and avatar record. */
export interface CachedIdentity {
  name: string | null
  avatar: string | null
}

export interface IdentityCacheOptions {
  maxEntries: number
  /** The most characters of names and avatar records kept, all entries together. */
  maxCharacters: number
  now: () => number
}

/** A read's answer and how long it may be kept. */
export interface IdentityRead {
  value: CachedIdentity
  ttlMs: number
}

export interface IdentityCache {
  /** The cached answer for `key`, else `read`'s (kept for its `ttlMs`); a failed read keeps nothing. */
  get(key: string, read: () => Promise<IdentityRead>): Promise<CachedIdentity>
  readonly size: number
}

const charactersOf = (value: CachedIdentity) => (value.name?.length ?? 0) + (value.avatar?.length ?? 0)

/**
 * @example
 * const cache = createIdentityCache({ maxEntries: 10_000, maxCharacters: 32 * 1024 * 1024, now: Date.now })
 * const identity = await cache.get('eip155:1:0xabc…', () => readFromChain())
 */
export function createIdentityCache(options: IdentityCacheOptions): IdentityCache {
  const entries = new Map<string, { value: CachedIdentity; expiresAt: number }>()
  const reading = new Map<string, Promise<CachedIdentity>>()
  let characters = 0

  const forget = (key: string) => {
    const entry = entries.get(key)
    if (!entry) return
    characters -= charactersOf(entry.value)
    entries.delete(key)
  }

  const keep = (key: string, value: CachedIdentity, ttlMs: number) => {
    forget(key)
    const size = charactersOf(value)
    // One answer larger than the whole budget is served, not kept.
    if (size > options.maxCharacters) return
    entries.set(key, { value, expiresAt: options.now() + ttlMs })
    characters += size
    // A Map iterates in insertion order: the first key is the oldest.
    for (const oldest of entries.keys()) {
      if (entries.size <= options.maxEntries && characters <= options.maxCharacters) break
      forget(oldest)
    }
  }

  return {
    get size() {
      return entries.size
    },
    get(key, read) {
      const entry = entries.get(key)
      if (entry && options.now() < entry.expiresAt) return Promise.resolve(entry.value)
      if (entry) forget(key)
      const pending = reading.get(key)
      if (pending) return pending
      const next = read()
        .then(({ value, ttlMs }) => {
          keep(key, value, ttlMs)
          return value
        })
        .finally(() => reading.delete(key))
      reading.set(key, next)
      return next
    },
  }
}
