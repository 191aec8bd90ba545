import { cancelConnect } from '../connection/cancelConnect.js'
import { rejectEmbeddedApprovals } from '../email/rejectEmbeddedApprovals.js'
import { resetEmailLogin } from '../email/submitEmailOtp.js'
import type { Portico } from '../portico.js'
import { cancelWalletConnect } from '../walletConnect/connectWalletConnect.js'
import type { View } from './routes.js'

/** Something a view has started that leaving it abandons. */
export type Abandon = 'connect' | 'walletConnect' | 'emailLogin' | 'embeddedApprovals'

export interface ViewRule {
  /** Reached from another view: it offers Back even when it was opened directly. */
  subView: boolean
  /** What going back from it abandons (its late answer is then ignored). */
  back: readonly Abandon[]
}

/**
 * The back and close rules of each view (SPEC §2), in one table: which views show Back with no
 * history, and which attempt going back from them abandons. Closing abandons every attempt
 * (`CLOSE_ABANDONS`). Views not listed are first views that abandon nothing.
 */
export const SUB_VIEWS: Readonly<Partial<Record<View, ViewRule>>> = {
  AllWallets: { subView: true, back: [] },
  ConnectingExternal: { subView: true, back: ['connect'] },
  ConnectingWalletConnectBasic: { subView: false, back: ['walletConnect'] },
  EmailVerifyOtp: { subView: true, back: ['emailLogin'] },
  EmailVerifyDevice: { subView: true, back: ['emailLogin'] },
  UpdateEmail: { subView: true, back: ['emailLogin'] },
  // The frame's code screen lies over this view: its request is refused when the view goes.
  UpdateEmailVerify: { subView: true, back: ['embeddedApprovals', 'emailLogin'] },
  ApproveTransaction: { subView: false, back: ['embeddedApprovals'] },
  Networks: { subView: true, back: [] },
  WalletSend: { subView: true, back: [] },
  WalletSendSelectToken: { subView: true, back: [] },
  WalletSendPreview: { subView: true, back: [] },
  WalletSendConfirmed: { subView: true, back: [] },
  WalletReceive: { subView: true, back: [] },
}

/** What closing the modal abandons, whatever the view. */
export const CLOSE_ABANDONS: readonly Abandon[] = ['embeddedApprovals', 'connect', 'walletConnect']

const ABANDON: Record<Abandon, (portico: Portico) => void> = {
  // Only an attempt the visitor started is abandoned; restoring stored connections goes on.
  connect: (portico) => {
    if (portico.state.connection.connectingConnectorId !== undefined) cancelConnect(portico)
  },
  walletConnect: cancelWalletConnect,
  emailLogin: resetEmailLogin,
  // A request left waiting in the hidden frame would be approved, later, by someone who forgot it.
  embeddedApprovals: rejectEmbeddedApprovals,
}

/** Runs the abandons of a way out (`back` of the current view, or `CLOSE_ABANDONS`). */
export function abandon(portico: Portico, what: readonly Abandon[]): void {
  for (const item of what) ABANDON[item](portico)
}

/**
 * Whether the modal offers Back on its current view: with history, or on a sub-view.
 *
 * @example
 * const showBack = canGoBack(portico)
 */
export function canGoBack(portico: Portico): boolean {
  const { route, history } = portico.state.router
  return history.length > 0 || SUB_VIEWS[route.view]?.subView === true
}
