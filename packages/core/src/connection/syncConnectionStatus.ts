import type { Portico } from '../portico.js'

/**
 * The overall status: connected when any namespace is, connecting during an attempt (SPEC §4), and
 * reconnecting while a stored connection is still coming back after the page's first 3 s (before
 * them it is the page's own connecting).
 */
export function syncConnectionStatus(portico: Portico): void {
  const { state } = portico
  const chains = Object.values(state.chains)
  const connected = chains.some((chain) => chain?.accountState.status === 'connected')
  const reconnecting = chains.some((chain) => chain?.accountState.status === 'reconnecting')
  const connecting =
    state.connection.connectingConnectorId !== undefined && state.connection.error === undefined
  state.connection.status = connecting
    ? 'connecting'
    : connected
      ? 'connected'
      : reconnecting
        ? state.modal.initialized
          ? 'reconnecting'
          : 'connecting'
        : 'disconnected'
  portico.internal.storage.set('connectionStatus', state.connection.status)
}
