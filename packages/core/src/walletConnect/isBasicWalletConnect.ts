import type { Portico } from '../portico.js'

/**
 * Basic WalletConnect mode (SPEC §2, §4): a site with `walletConnect` and no adapters. The modal
 * pairs and shows the session's accounts as connected; the site sends its requests through its
 * WalletConnect service. Unsupported networks do not open UnsupportedChain in this mode.
 */
export function isBasicWalletConnect(portico: Portico): boolean {
  return portico.internal.adapters.size === 0 && portico.config.walletConnect !== undefined
}
