import { getSiwx, type SiwxInfo, watchSiwx } from '@portico/core'
import { usePorticoRead } from './usePorticoRead.js'

/**
 * Sign-in with a wallet: whether it is on and required, and the active account's session.
 *
 * @example
 * const { session } = useSiwx()
 * if (session) fetch('/api/me', { headers: { 'x-siwx-message': btoa(session.message) } })
 */
export function useSiwx(): SiwxInfo {
  return usePorticoRead(getSiwx, watchSiwx)
}
