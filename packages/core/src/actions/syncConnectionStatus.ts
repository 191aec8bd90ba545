import type { Portico } from '../portico.js'

/** The overall status: connected when any namespace is, connecting during an attempt (SPEC §4). */
export function syncConnectionStatus(portico: Portico): void {
  const { state } = portico
  const connected = Object.values(state.chains).some((chain) => chain?.accountState.status === 'connected')
  const connecting =
    state.connection.connectingConnectorId !== undefined && state.connection.error === undefined
  state.connection.status = connecting ? 'connecting' : connected ? 'connected' : 'disconnected'
  portico.internal.storage.set('connectionStatus', state.connection.status)
}
