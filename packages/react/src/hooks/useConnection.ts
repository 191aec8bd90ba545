import { type ConnectionInfo, getConnection, watchConnection } from '@portico/core'
import { usePorticoRead } from './usePorticoRead.js'

/**
 * The overall connection status and the attempt in progress or the reason the last one failed.
 *
 * @example
 * const { status, error } = useConnection()
 */
export function useConnection(): ConnectionInfo {
  return usePorticoRead(getConnection, watchConnection)
}
