import { createLazyImport } from '../../adapterKit/createLazyImport.js'
import type { Portico } from '../../portico.js'

const loadSync = createLazyImport(() => import('./syncEmbeddedAccountNow.js'))

/**
 * Brings the embedded wallet's account type into state after it connects on eip155, its network
 * changes, or Account opens: the chains it offers a smart account on, which type serves the
 * visitor, and whether the smart account is deployed (SPEC §3). Its code loads only then, never
 * with the page's first load.
 */
export function syncEmbeddedAccount(portico: Portico): void {
  const chain = portico.state.chains.eip155
  if (
    chain?.accountState.status !== 'connected' ||
    chain.accountState.connectedWalletInfo?.type !== 'AUTH' ||
    !portico.config.embeddedWallet?.getSmartAccountEnabledNetworks
  )
    return
  loadSync().then(
    ({ syncEmbeddedAccountNow }) => syncEmbeddedAccountNow(portico),
    (error: unknown) => portico.internal.logger.warn('smart account: the sync code did not load', error),
  )
}
