import { getTokenBalances, type TokenBalancesInfo, watchTokenBalances } from '@portico/core'
import { usePorticoRead } from './usePorticoRead.js'

/**
 * The active account's token balances on its network: native first, loading, USD total, retry time.
 *
 * @example
 * const { tokens, totalValue } = useTokenBalances()
 */
export function useTokenBalances(): TokenBalancesInfo {
  return usePorticoRead(getTokenBalances, watchTokenBalances)
}
