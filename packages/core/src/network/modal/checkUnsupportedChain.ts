import type { Portico } from '../../portico.js'
import { isBasicWalletConnect } from '../../walletConnect/isBasicWalletConnect.js'
import type { ChainNamespace } from '../types.js'

/**
 * SPEC §4: an unsupported active network opens UnsupportedChain unless unsupported chains are
 * allowed or basic WalletConnect mode is on (the site handles networks itself there); once the wallet is back on a listed network the view gives way to Account.
 * Returns true when UnsupportedChain is (or stays) shown.
 */
export function checkUnsupportedChain(portico: Portico, namespace: ChainNamespace): boolean {
  const { state, options } = portico
  const chain = state.chains[namespace]
  if (chain?.accountState.status !== 'connected' || state.modal.activeChain !== namespace) return false
  const { router, modal } = state
  const tolerated = options.allowUnsupportedChain || isBasicWalletConnect(portico)
  if (chain.networkState.unsupportedCaipNetworkId && !tolerated) {
    if (router.route.view !== 'UnsupportedChain') {
      if (modal.open) router.history.push(router.route)
      else router.history = []
      router.route = { view: 'UnsupportedChain' }
    }
    if (!modal.open) portico.internal.modalOpenedAt = Date.now()
    modal.open = true
    return true
  }
  if (router.route.view === 'UnsupportedChain') {
    router.route = { view: 'Account' }
    router.history = []
    // Connected in the modal on a network the site does not list: back on a listed one, done.
    portico.internal.closeAfterConnect?.(portico)
  }
  return false
}
