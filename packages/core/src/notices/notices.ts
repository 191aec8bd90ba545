import { snapshot } from 'valtio/vanilla'
import type { Portico } from '../portico.js'
import type { Alert, Toast } from '../state.js'
import { type WatchParameters, watchAreas } from '../watch.js'

/** The alert banner shown now, if any. */
export function getAlert(portico: Portico): Readonly<Alert> | undefined {
  return snapshot(portico.state.alert).current
}
export function watchAlert(portico: Portico, parameters: WatchParameters): () => void {
  return watchAreas(portico, ['alert'], parameters)
}

/** The toast shown now, if any. */
export function getToast(portico: Portico): Readonly<Toast> | undefined {
  return snapshot(portico.state.toast).current
}
export function watchToast(portico: Portico, parameters: WatchParameters): () => void {
  return watchAreas(portico, ['toast'], parameters)
}
