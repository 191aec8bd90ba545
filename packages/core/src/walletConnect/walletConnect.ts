import type { Notice } from '../notices/messages.js'
import type { Portico } from '../portico.js'
import { defineSelector } from '../selector.js'
import type { WalletConnectStatus } from '../state.js'

export interface WalletConnectInfo {
  /** Whether the site offers mobile wallets (a `walletConnect` configured). */
  enabled: boolean
  status: WalletConnectStatus
  /** The pairing to show as a QR code or open as a link, and when it stops working. */
  pairing: { uri: string; expiresAt: number } | undefined
  walletId: string | undefined
  error: Notice | undefined
}

const walletConnect = /* @__PURE__ */ defineSelector((portico: Portico): WalletConnectInfo => {
  const { status, pairing, walletId, error } = portico.state.walletConnect
  return {
    enabled: portico.config.walletConnect !== undefined,
    status,
    pairing: pairing ? { uri: pairing.uri, expiresAt: pairing.expiresAt } : undefined,
    walletId,
    error,
  }
})
/**
 * The WalletConnect pairing as ConnectingWalletConnectBasic shows it.
 *
 * @example
 * const { pairing } = getWalletConnect(portico)
 */
export const getWalletConnect = walletConnect.get
/** Calls `onChange(walletConnect, previous)` when the pairing changes; returns the unsubscribe. */
export const watchWalletConnect = walletConnect.watch
