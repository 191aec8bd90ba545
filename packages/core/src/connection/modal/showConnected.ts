import { checkUnsupportedChain } from '../../network/modal/checkUnsupportedChain.js'
import type { ChainNamespace } from '../../network/types.js'
import type { Portico } from '../../portico.js'

/**
 * After a connection the modal shows Account, or UnsupportedChain when the wallet is on a network
 * the site does not list (SPEC §4); Account becomes the first view.
 */
export function showConnected(portico: Portico, namespace: ChainNamespace): void {
  if (checkUnsupportedChain(portico, namespace)) return
  portico.state.router.route = { view: 'Account' }
  portico.state.router.history = []
}
