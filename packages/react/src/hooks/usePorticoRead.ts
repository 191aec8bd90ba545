import type { Portico, WatchParameters } from '@portico/core'
import { useCallback, useSyncExternalStore } from 'react'
import { usePortico } from './usePortico.js'

type Read<T> = (portico: Portico) => T
type Watch = (portico: Portico, parameters: WatchParameters) => () => void

/**
 * Subscribes a component to one core read. Core's `getX` keeps its identity while nothing changes,
 * so it is a valid snapshot, and the server snapshot is the same read (the state an SSR instance
 * starts with is the state the browser instance hydrates with).
 */
export function usePorticoRead<T>(read: Read<T>, watch: Watch): T {
  const portico = usePortico()
  const subscribe = useCallback((onChange: () => void) => watch(portico, { onChange }), [portico, watch])
  const snapshot = () => read(portico)
  return useSyncExternalStore(subscribe, snapshot, snapshot)
}
