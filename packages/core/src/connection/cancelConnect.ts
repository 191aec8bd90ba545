import type { Portico } from '../portico.js'
import { syncConnectionStatus } from './syncConnectionStatus.js'

/** Abandons the connection attempt in progress: its result, if it ever comes, is ignored. */
export function cancelConnect(portico: Portico): void {
  portico.internal.connectAttempt++
  const { connection } = portico.state
  connection.connectingConnectorId = undefined
  connection.error = undefined
  syncConnectionStatus(portico)
}
