import { type AccountInfo, getAccount, watchAccount } from '@portico/core'
import { usePorticoRead } from './usePorticoRead.js'

/**
 * The connected account of the active namespace: status, address, native balance, wallet, network.
 * `status` is `reconnecting` (and `isReconnecting` true) while a wallet of the last visit has not
 * answered yet after the page's 3 s.
 *
 * @example
 * const { isConnected, address } = useAccount()
 */
export function useAccount(): AccountInfo {
  return usePorticoRead(getAccount, watchAccount)
}
