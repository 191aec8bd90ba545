import type { ConnectMethod, Features } from '../config.js'

// In a module of its own: only the Connect view needs it, not the page's first load.
/**
 * The order of Connect's sections (SPEC §9 'wallet, email, social when injected wallets exist'):
 * the site's `connectMethodsOrder` when it set one; otherwise wallets first when the browser has
 * wallets of its own, and the e-mail and social logins first when it has none.
 */
export function connectMethodsOrder(
  configured: Partial<Features> | undefined,
  features: Features,
  hasInjectedWallets: boolean,
): ConnectMethod[] {
  if (configured?.connectMethodsOrder?.length || hasInjectedWallets) return features.connectMethodsOrder
  return ['email', 'social', 'wallet']
}
