/**
 * Where the WalletConnect client keeps its keys, pairings and sessions. Same shape as
 * `@walletconnect/keyvaluestorage`'s `IKeyValueStorage`, so either can be passed.
 */
export interface WalletConnectStorage {
  getKeys(): Promise<string[]>
  // biome-ignore lint/suspicious/noExplicitAny: mirrors IKeyValueStorage's generic default, so its instances fit
  getEntries<T = any>(): Promise<[string, T][]>
  // biome-ignore lint/suspicious/noExplicitAny: as above
  getItem<T = any>(key: string): Promise<T | undefined>
  // biome-ignore lint/suspicious/noExplicitAny: as above
  setItem<T = any>(key: string, value: T): Promise<void>
  removeItem(key: string): Promise<void>
}

/**
 * An in-memory WalletConnect storage, for Node (where the client's default needs a file-backed
 * database) and for tests; two services given the same one behave like two loads of one page.
 *
 * @example
 * const storage = createMemoryStorage()
 * const walletConnect = createWalletConnect({ projectId, metadata, storage })
 */
export function createMemoryStorage(): WalletConnectStorage {
  const items = new Map<string, unknown>()
  // Values are copied in and out like a real storage's serialisation (structuredClone keeps the
  // bigints some WalletConnect ids are), so nothing shares object identity with the client's memory
  // and a restore really rebuilds state from data.
  const read = (key: string) => (items.has(key) ? structuredClone(items.get(key)) : undefined)
  return {
    getKeys: async () => [...items.keys()],
    getEntries: async <T>() => [...items.keys()].map((key): [string, T] => [key, read(key) as T]),
    getItem: async <T>(key: string) => read(key) as T | undefined,
    setItem: async (key, value) => {
      items.set(key, structuredClone(value))
    },
    removeItem: async (key) => {
      items.delete(key)
    },
  }
}
