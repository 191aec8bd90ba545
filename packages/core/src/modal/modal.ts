import { snapshot } from 'valtio/vanilla'
import type { Portico } from '../portico.js'
import type { ModalState, ThemeState } from '../state.js'
import { type WatchParameters, watchAreas } from '../watch.js'
import type { Route } from './routes.js'

/** The modal's open, loading, shake and active-namespace state. */
export function getModal(portico: Portico): Readonly<ModalState> {
  return snapshot(portico.state.modal)
}
export function watchModal(portico: Portico, parameters: WatchParameters): () => void {
  return watchAreas(portico, ['modal'], parameters)
}

/** The current view with its parameters, and the history behind it. */
export function getRouter(portico: Portico): { readonly route: Route; readonly history: readonly Route[] } {
  return snapshot(portico.state.router) as { route: Route; history: readonly Route[] }
}
export function watchRouter(portico: Portico, parameters: WatchParameters): () => void {
  return watchAreas(portico, ['router'], parameters)
}

/** Theme mode and variables. */
export function getTheme(portico: Portico): Readonly<ThemeState> {
  return snapshot(portico.state.theme)
}
export function watchTheme(portico: Portico, parameters: WatchParameters): () => void {
  return watchAreas(portico, ['theme'], parameters)
}
