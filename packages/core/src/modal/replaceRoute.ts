import type { Portico } from '../portico.js'
import type { Route } from './routes.js'

export type ReplaceRouteParameters = Route & { resetHistory?: boolean }

/** Shows a view in place of the current one; `resetHistory` makes it the first view. */
export function replaceRoute(portico: Portico, parameters: ReplaceRouteParameters): void {
  const { resetHistory, ...route } = parameters
  const { router } = portico.state
  router.route = route as Route
  if (resetHistory) router.history = []
}
