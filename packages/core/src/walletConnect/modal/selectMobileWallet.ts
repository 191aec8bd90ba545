import { showConnected } from '../../connection/modal/showConnected.js'
import { RequestCancelledError } from '../../errors/base.js'
import { refuseUntilLegalAccepted } from '../../modal/legalConsent.js'
import { navigate } from '../../modal/navigate.js'
import { shakeModal } from '../../modal/shakeModal.js'
import type { Portico } from '../../portico.js'
import { connectWalletConnect, WalletConnectNotConfiguredError } from '../connectWalletConnect.js'

export type SelectMobileWalletParameters = {
  /** The registry wallet the visitor picked; its link opens it on a phone. */
  walletId?: string
}

/**
 * The modal's mobile wallets (SPEC §2 ConnectingWalletConnectBasic): shows the pairing view (or
 * stays on it for Try again and when it was opened directly), pairs, and once the wallet approves
 * shows Account (or UnsupportedChain). A refusal or failure stays on the view, which reads
 * `walletConnect.error` and offers Try again; leaving the view abandons the pairing. Without
 * `walletConnect` configured, or before the legal checkbox is ticked, the modal shakes. Never rejects.
 *
 * @example
 * await selectMobileWallet(portico, { walletId: 'me.rainbow' })
 */
export async function selectMobileWallet(
  portico: Portico,
  parameters: SelectMobileWalletParameters = {},
): Promise<void> {
  const { state, internal } = portico
  if (refuseUntilLegalAccepted(portico)) return
  if (!portico.config.walletConnect) {
    internal.logger.warn('connect: cannot pair with a mobile wallet', new WalletConnectNotConfiguredError())
    shakeModal(portico)
    return
  }
  const route = state.router.route
  if (route.view !== 'ConnectingWalletConnectBasic' || route.params?.walletId !== parameters.walletId) {
    navigate(portico, {
      view: 'ConnectingWalletConnectBasic',
      ...(parameters.walletId ? { params: { walletId: parameters.walletId } } : {}),
    })
  }
  try {
    const { namespaces } = await connectWalletConnect(portico, parameters)
    showConnected(portico, state.modal.activeChain ?? namespaces[0]!)
  } catch (error) {
    if (error instanceof RequestCancelledError) return
    // The view shows the refusal or failure from `walletConnect.error`, with Try again.
    internal.logger.warn('connect: the WalletConnect pairing failed', error)
  }
}
