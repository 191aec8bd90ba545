import { type ActivityInfo, getActivity, watchActivity } from '@portico/core'
import { usePorticoRead } from './usePorticoRead.js'

/**
 * The active account's activity: pending transactions on top, then the server's, with paging state.
 *
 * @example
 * const { items, hasMore } = useActivity()
 */
export function useActivity(): ActivityInfo {
  return usePorticoRead(getActivity, watchActivity)
}
