import type { Portico, WatchParameters } from '@portico/core'
import { useCallback, useSyncExternalStore } from 'react'
import { usePortico } from './usePortico.js'

/**
 * Subscribes a component to one core read, with the `getX` and `watchX` core declares together
 * (and the read's own arguments, if any). `getX` keeps its identity while nothing it reads
 * changes, so it is a valid snapshot, and `watchX` calls back only when that value changed: one
 * subscription per component, no re-render for unrelated state. The server snapshot is the same
 * read (the state an SSR instance starts with is the state the browser instance hydrates with).
 */
export function usePorticoRead<T, A extends unknown[]>(
  read: (portico: Portico, ...args: A) => T,
  watch: (portico: Portico, parameters: WatchParameters<T>, ...args: A) => () => void,
  ...args: A
): T {
  const portico = usePortico()
  const key = JSON.stringify(args)
  // Subscribed again when the arguments change in value, not with each render's new array.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `args`
  const subscribe = useCallback(
    (onChange: () => void) => watch(portico, { onChange }, ...args),
    [portico, watch, key],
  )
  const snapshot = () => read(portico, ...args)
  return useSyncExternalStore(subscribe, snapshot, snapshot)
}
