/** Where Portico keeps what must survive a reload. `localStorage` fits; so does a Map. */
export interface Storage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** A storage that lives as long as the instance: SSR, tests, private windows. */
export function createMemoryStorage(): Storage {
  const items = new Map<string, string>()
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value)
    },
    removeItem: (key) => {
      items.delete(key)
    },
  }
}

/** `window.localStorage` when it can be used (it throws in some private modes), else memory. */
export function createBrowserStorage(): Storage {
  try {
    const storage = globalThis.localStorage
    const probe = '__portico_probe__'
    storage.setItem(probe, probe)
    storage.removeItem(probe)
    return storage
  } catch {
    return createMemoryStorage()
  }
}
