import type { CoreTypes } from '@walletconnect/types'

type KeyValueStorage = NonNullable<CoreTypes.Options['storage']>

/**
 * A key-value storage for a sign-client that lives in memory only. In Node, 2.21.8 defaults to an
 * in-memory unstorage already, but bundled for a browser it writes to localStorage and IndexedDB;
 * passing this as `storage` keeps each test client's keys to itself and leaves nothing behind.
 * Values are copied in and out (structuredClone keeps the bigints some ids are), so a client never
 * shares an object with its storage.
 * @example
 * const dapp = await SignClient.init({ relayUrl: relay.url, projectId: 'test', storage: createWalletConnectMemoryStorage(), customStoragePrefix: 'dapp-1' })
 */
export function createWalletConnectMemoryStorage(): KeyValueStorage {
  const entries = new Map<string, unknown>()
  const read = <T>(key: string): T | undefined =>
    entries.has(key) ? (structuredClone(entries.get(key)) as T) : undefined
  return {
    getKeys: async () => [...entries.keys()],
    getEntries: async <T>() => [...entries.keys()].map((key): [string, T] => [key, read<T>(key) as T]),
    getItem: async <T>(key: string) => read<T>(key),
    setItem: async <T>(key: string, value: T) => {
      entries.set(key, structuredClone(value))
    },
    removeItem: async (key: string) => {
      entries.delete(key)
    },
  }
}
