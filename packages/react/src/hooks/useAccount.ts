import { type AccountInfo, getAccount, watchAccount } from '@portico/core'
import { usePorticoRead } from './usePorticoRead.js'

/**
 * The connected account of the active namespace: status, address, native balance, wallet, network.
 *
 * @example
 * const { isConnected, address } = useAccount()
 */
export function useAccount(): AccountInfo {
  return usePorticoRead(getAccount, watchAccount)
}
