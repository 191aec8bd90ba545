import type { Portico } from './portico.js'

/**
 * Returns the previous value while every dependency is identical, so a `getX` read keeps its
 * identity between changes (a valid `useSyncExternalStore` snapshot).
 */
export function memo<T>(portico: Portico, key: string, deps: readonly unknown[], compute: () => T): T {
  const previous = portico.internal.memo.get(key)
  if (
    previous &&
    previous.deps.length === deps.length &&
    previous.deps.every((d, i) => Object.is(d, deps[i]))
  )
    return previous.value as T
  const value = compute()
  portico.internal.memo.set(key, { deps, value })
  return value
}
