import { getNetwork, type NetworkInfo, watchNetwork } from '@portico/core'
import { usePorticoRead } from './usePorticoRead.js'

/**
 * The active network, whether the wallet sits on a supported one, and the site's network list.
 *
 * @example
 * const { network, supported, networks } = useNetwork()
 */
export function useNetwork(): NetworkInfo {
  return usePorticoRead(getNetwork, watchNetwork)
}
