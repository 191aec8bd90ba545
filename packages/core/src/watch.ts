import { subscribe } from 'valtio/vanilla'
import type { Portico, PorticoState } from './portico.js'

export type WatchParameters = { onChange: () => void }

/** Calls `onChange` after any of the given state areas change; returns the unsubscribe. */
export function watchAreas(
  portico: Portico,
  areas: readonly (keyof PorticoState)[],
  parameters: WatchParameters,
): () => void {
  const unsubscribes = areas.map((area) => subscribe(portico.state[area] as object, parameters.onChange))
  return () => {
    for (const unsubscribe of unsubscribes) unsubscribe()
  }
}
