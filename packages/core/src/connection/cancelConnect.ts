import type { Portico } from '../portico.js'
import { syncConnectionStatus } from './syncConnectionStatus.js'

/**
 * Abandons the connection attempt in progress: `connect` rejects with `RequestCancelledError` at
 * once, and the wallet's answer, if it ever comes, is ignored.
 */
export function cancelConnect(portico: Portico): void {
  portico.internal.connectAttempt++
  portico.internal.connectCancel?.()
  portico.internal.connectCancel = undefined
  const { connection } = portico.state
  connection.connectingConnectorId = undefined
  connection.error = undefined
  syncConnectionStatus(portico)
}
