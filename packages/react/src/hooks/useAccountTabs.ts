import { type AccountTabsInfo, getAccountTabs, watchAccountTabs } from '@portico/core'
import { usePorticoRead } from './usePorticoRead.js'

/**
 * The Account view's tabs for the active account and the one selected.
 *
 * @example
 * const { tabs, current } = useAccountTabs()
 */
export function useAccountTabs(): AccountTabsInfo {
  return usePorticoRead(getAccountTabs, watchAccountTabs)
}
