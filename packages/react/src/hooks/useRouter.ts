import { getRouter, type Route, watchRouter } from '@portico/core'
import { usePorticoRead } from './usePorticoRead.js'

/** What `useRouter` returns: the view shown now and the views behind it. */
export type RouterInfo = { readonly route: Route; readonly history: readonly Route[] }

/**
 * The modal's current view with its parameters, and the history `goBack` returns through.
 *
 * @example
 * const { route } = useRouter()
 */
export function useRouter(): RouterInfo {
  return usePorticoRead(getRouter, watchRouter)
}
