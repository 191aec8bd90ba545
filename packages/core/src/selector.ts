import { snapshot, subscribe } from 'valtio/vanilla'
import type { Portico, PorticoState } from './portico.js'

/** What a `watchX` calls back: the value that changed, with the one before it. */
export type WatchParameters<T = unknown> = { onChange: (value: T, previous: T) => void }

/** A read declared once, as `getX` and `watchX`. */
export interface Selector<T, A extends unknown[]> {
  /** The value now; the same object while nothing it reads has changed (a `useSyncExternalStore` snapshot). */
  get: (portico: Portico, ...args: A) => T
  /** Calls `onChange(value, previous)` after the value of `get(portico, ...args)` changed; returns the unsubscribe. */
  watch: (portico: Portico, parameters: WatchParameters<T>, ...args: A) => () => void
}

type Area = keyof PorticoState
type Entry = { value: unknown; read: [Area, unknown][] }

// The instances reads are handed. A selector called from inside another's read computes at once:
// what it reads is then counted as read by the outer one.
const reading = new WeakSet<object>()
const selectors = new WeakMap<object, Selector<unknown, never[]>>()

/**
 * Declares a read of an instance's state; its watcher follows from it. `read` gets the instance
 * with `state` as a snapshot (read-only: a read that assigns a property throws), and the
 * top-level areas it touches are recorded, directly or through other selectors, so no list of areas
 * is kept by hand: it is computed again only when one of them changed, and a result equal to the
 * previous one (same plain data) is the previous object. What it reads outside `state` (options,
 * config, adapters) may change only together with the state, as `removeAdapter` does.
 *
 * @example
 * const theme = defineSelector((portico: Portico) => portico.state.theme)
 * export const getTheme = theme.get
 * export const watchTheme = theme.watch
 */
export function defineSelector<T, A extends unknown[]>(
  read: (portico: Portico, ...args: A) => T,
): Selector<T, A> {
  const caches = new WeakMap<Portico, Map<string, Entry>>()
  const get = (portico: Portico, ...args: A): T => {
    if (reading.has(portico)) return read(portico, ...args)
    const state = snapshot(portico.state)
    let cache = caches.get(portico)
    if (!cache) {
      cache = new Map()
      caches.set(portico, cache)
    }
    const key = JSON.stringify(args)
    const entry = cache.get(key)
    if (entry?.read.every(([area, value]) => state[area] === value)) return entry.value as T
    const areas = new Set<Area>()
    const view: Portico = {
      ...portico,
      state: new Proxy(state, {
        get: (target, area) => {
          areas.add(area as Area)
          return target[area as Area]
        },
      }) as PorticoState,
    }
    reading.add(view)
    const computed = read(view, ...args)
    const value = entry && equal(entry.value, computed) ? (entry.value as T) : computed
    cache.set(key, { value, read: [...areas].map((area) => [area, state[area]]) })
    return value
  }
  const watch = (portico: Portico, { onChange }: WatchParameters<T>, ...args: A) => {
    let previous = get(portico, ...args)
    return subscribe(portico.state, () => {
      const value = get(portico, ...args)
      if (value === previous) return
      const before = previous
      previous = value
      onChange(value, before)
    })
  }
  const selector = { get, watch }
  selectors.set(watch, selector as never)
  return selector
}

/** The selector a `watchX` comes from; undefined for a watcher written by hand. */
export function selectorOf(watch: unknown): Selector<unknown, never[]> | undefined {
  return typeof watch === 'function' ? selectors.get(watch) : undefined
}

/** Same plain data: arrays and plain objects by content, anything else (a Map, an Error, …) by identity. */
export function equal(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (!isPlain(a) || !isPlain(b) || Array.isArray(a) !== Array.isArray(b)) return false
  const keys = Object.keys(a)
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => Object.hasOwn(b, key) && equal(a[key as never], b[key as never]))
  )
}

// Snapshots of state objects and arrays are plain: made by `Object.create` of the same prototype.
const isPlain = (value: unknown): value is object =>
  Array.isArray(value) || (value as object | undefined)?.constructor === Object
