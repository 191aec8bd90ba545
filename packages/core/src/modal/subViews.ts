import { cancelConnect } from '../connection/cancelConnect.js'
import { rejectEmbeddedApprovals } from '../email/rejectEmbeddedApprovals.js'
import { resetEmailLogin } from '../email/resetEmailLogin.js'
import type { Portico } from '../portico.js'
import { stopWaitingForSend } from '../send/modal/stopWaitingForSend.js'
import { cancelWalletConnect } from '../walletConnect/cancelWalletConnect.js'
import type { View } from './routes.js'

/** Something a view has started that leaving it abandons. */
export type Abandon =
  | 'connect'
  | 'walletConnect'
  | 'emailLogin'
  | 'socialLogin'
  | 'farcasterLogin'
  | 'embeddedApprovals'
  | 'send'

/**
 * The back and close rules of SPEC §2, in one place. `SUB_VIEWS`: views reached from another one,
 * which offer Back even when opened directly. `BACK_ABANDONS`: what going back from a view
 * abandons (its late answer is then ignored). `CLOSE_ABANDONS`: what closing abandons, whatever
 * the view. Views in none of them are first views that abandon nothing.
 */
export const SUB_VIEWS: ReadonlySet<View> = new Set<View>([
  'AllWallets',
  'GetWallet',
  'ConnectingExternal',
  'EmailVerifyOtp',
  'EmailVerifyDevice',
  'ConnectingSocial',
  'ConnectingFarcaster',
  'UpdateEmail',
  'UpdateEmailVerify',
  'Networks',
  'WalletSend',
  'WalletSendSelectToken',
  'WalletSendPreview',
  'WalletSendConfirmed',
  'WalletReceive',
  'Swap',
  'SwapSelectToken',
  'SwapPreview',
  'Buy',
  'SelectAccount',
])

export const BACK_ABANDONS: Readonly<Partial<Record<View, readonly Abandon[]>>> = {
  ConnectingExternal: ['connect'],
  ConnectingWalletConnectBasic: ['walletConnect'],
  EmailVerifyOtp: ['emailLogin'],
  EmailVerifyDevice: ['emailLogin'],
  ConnectingSocial: ['socialLogin'],
  ConnectingFarcaster: ['farcasterLogin'],
  UpdateEmail: ['emailLogin'],
  // The frame's code screen lies over this view: its request is refused when the view goes.
  UpdateEmailVerify: ['embeddedApprovals', 'emailLogin'],
  ApproveTransaction: ['embeddedApprovals'],
}

// A send still waiting for the wallet is let go: the next send from the reopened modal must not
// wait for the wallet's prompt timeout behind it.
// A social login's window is closed with the modal: nothing on the page would finish it.
export const CLOSE_ABANDONS: readonly Abandon[] = [
  'embeddedApprovals',
  'connect',
  'walletConnect',
  'socialLogin',
  'farcasterLogin',
  'send',
]

const ABANDON: Record<Abandon, (portico: Portico) => void> = {
  // Only an attempt the visitor started is abandoned; restoring stored connections goes on.
  connect: (portico) => {
    if (portico.state.connection.connectingConnectorId !== undefined) cancelConnect(portico)
  },
  walletConnect: cancelWalletConnect,
  emailLogin: resetEmailLogin,
  // Set by the social login's code once a login started: pages that never start one load none of it.
  socialLogin: (portico) => portico.internal.cancelSocialLogin?.(portico),
  farcasterLogin: (portico) => portico.internal.leaveFarcasterLogin?.(portico),
  // A request left waiting in the hidden frame would be approved, later, by someone who forgot it.
  embeddedApprovals: rejectEmbeddedApprovals,
  send: stopWaitingForSend,
}

/** Runs the abandons of a way out (`BACK_ABANDONS` of the current view, or `CLOSE_ABANDONS`). */
export function abandon(portico: Portico, what: readonly Abandon[] = []): void {
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
  return history.length > 0 || SUB_VIEWS.has(route.view)
}
