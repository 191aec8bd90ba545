import type { Portico } from '../portico.js'
import type { Route } from './routes.js'

export type NavigateParameters = Route

/** Shows a view and keeps the current one in history, so `goBack` returns to it. */
export function navigate(portico: Portico, route: NavigateParameters): void {
  const { router } = portico.state
  router.history.push(router.route)
  router.route = route
}
