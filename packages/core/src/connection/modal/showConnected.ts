import { closeAfterConnecting, markCloseAfterConnect } from '../../modal/closeAfterConnecting.js'
import { checkUnsupportedChain } from '../../network/modal/checkUnsupportedChain.js'
import type { ChainNamespace } from '../../network/types.js'
import type { Portico } from '../../portico.js'

/**
 * After a connection the modal closes (`closeAfterConnecting`: once signed in where sign-in applies),
 * or shows Account in embedded mode and with `keepOpenAfterConnect`; it stays open on
 * UnsupportedChain when the wallet is on a network the site does not list (SPEC §4), and closes
 * once the wallet moves to a listed one. Account becomes the first view. A wallet that shared several
 * accounts and lets the site pick (a Polkadot extension) shows the account picker first, the
 * first account marked as active: picking one, or going back, leads to Account.
 */
export function showConnected(portico: Portico, namespace: ChainNamespace): void {
  // The connection may already have ended on the way here (a sign-in check that failed at once
  // disconnects and shows Connect with why): there is nothing to show, and nothing to close.
  if (portico.state.connection.status === 'disconnected') return
  markCloseAfterConnect(portico)
  if (checkUnsupportedChain(portico, namespace)) return
  const { state, internal } = portico
  const { router } = state
  router.route = { view: 'Account' }
  router.history = []
  const account = state.chains[namespace]?.accountState
  if (
    state.modal.activeChain === namespace &&
    account?.status === 'connected' &&
    account.allAccounts.length > 1 &&
    typeof internal.adapters.get(namespace)?.selectAccount === 'function'
  ) {
    router.history = [router.route]
    router.route = { view: 'SelectAccount' }
    return
  }
  closeAfterConnecting(portico)
}
