import type { Portico } from '../portico.js'

/** Abandons a pairing in progress (the visitor left its view); a wallet that approves later is ignored. */
export function cancelWalletConnect(portico: Portico): void {
  const { internal, state } = portico
  if (!internal.walletConnectPairing) return
  internal.walletConnectPairing.abort()
  internal.walletConnectPairing = undefined
  Object.assign(state.walletConnect, {
    status: 'idle',
    pairing: undefined,
    walletId: undefined,
    error: undefined,
  })
}
