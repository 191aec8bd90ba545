import { snapshot } from 'valtio/vanilla'
import { memo } from '../memo.js'
import type { Notice } from '../notices/messages.js'
import type { Portico } from '../portico.js'
import type { WalletConnectStatus } from '../state.js'
import { type WatchParameters, watchAreas } from '../watch.js'

export interface WalletConnectInfo {
  /** Whether the site offers mobile wallets (a `walletConnect` configured). */
  enabled: boolean
  status: WalletConnectStatus
  /** The pairing to show as a QR code or open as a link, and when it stops working. */
  pairing: { uri: string; expiresAt: number } | undefined
  walletId: string | undefined
  error: Notice | undefined
}

/**
 * The WalletConnect pairing as ConnectingWalletConnectBasic shows it.
 *
 * @example
 * const { pairing } = getWalletConnect(portico)
 */
export function getWalletConnect(portico: Portico): WalletConnectInfo {
  const wc = snapshot(portico.state.walletConnect)
  return memo(portico, 'walletConnect', [wc], () => ({
    enabled: portico.config.walletConnect !== undefined,
    status: wc.status,
    pairing: wc.pairing ? { uri: wc.pairing.uri, expiresAt: wc.pairing.expiresAt } : undefined,
    walletId: wc.walletId,
    error: wc.error,
  }))
}

/** Calls `onChange` when the pairing changes. Returns the unsubscribe. */
export function watchWalletConnect(portico: Portico, parameters: WatchParameters): () => void {
  return watchAreas(portico, ['walletConnect'], parameters)
}
