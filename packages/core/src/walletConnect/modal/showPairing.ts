import { isLegalPending } from '../../modal/legalConsent.js'
import type { Portico } from '../../portico.js'
import { type SelectMobileWalletParameters, selectMobileWallet } from './selectMobileWallet.js'

/**
 * The pairing view shown directly (the opening rules in basic WalletConnect mode, a site's
 * `openModal`): it starts its own pairing, unless one is already under way, failed (Try again is
 * offered) or just connected. Call it once when the view appears, not on every change: a pairing
 * that has just connected is idle again for a moment before the modal moves on to Account.
 *
 * @example
 * showPairing(portico, { walletId: 'me.rainbow' })
 */
export function showPairing(portico: Portico, parameters: SelectMobileWalletParameters = {}): void {
  // Before the legal checkbox is ticked the view shows it instead of a code.
  if (
    !portico.config.walletConnect ||
    portico.state.walletConnect.status !== 'idle' ||
    isLegalPending(portico)
  )
    return
  void selectMobileWallet(portico, parameters)
}
