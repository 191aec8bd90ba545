import type { Logger } from '../adapterKit/contract.js'
import { MalformedValueError } from '../valueCheck.js'
import { STORAGE_PREFIX, type StorageKey, type StorageValue, storageSchemas } from './keys.js'
import type { Storage } from './storage.js'

/** Checked access to the keys of SPEC §3; a value that fails its key's check is dropped. */
export interface TypedStorage {
  get<K extends StorageKey>(key: K): StorageValue<K> | undefined
  set<K extends StorageKey>(key: K, value: StorageValue<K>): void
  remove(key: StorageKey): void
}

export function createTypedStorage(storage: Storage, logger: Logger): TypedStorage {
  return {
    get(key) {
      let raw: string | null
      try {
        raw = storage.getItem(STORAGE_PREFIX + key)
      } catch (error) {
        logger.warn(`storage: cannot read ${key}`, error)
        return undefined
      }
      if (raw === null) return undefined
      try {
        return storageSchemas[key](JSON.parse(raw)) as StorageValue<typeof key>
      } catch (error) {
        logger.warn(
          `storage: dropped ${error instanceof MalformedValueError ? 'malformed' : 'unreadable'} value of ${key}`,
          error,
        )
      }
      storage.removeItem(STORAGE_PREFIX + key)
      return undefined
    },
    set(key, value) {
      try {
        storage.setItem(STORAGE_PREFIX + key, JSON.stringify(value))
      } catch (error) {
        logger.warn(`storage: cannot write ${key}`, error)
      }
    },
    remove(key) {
      try {
        storage.removeItem(STORAGE_PREFIX + key)
      } catch (error) {
        logger.warn(`storage: cannot remove ${key}`, error)
      }
    },
  }
}
