import type { ChainNamespace } from '../network/types.js'
import type { Portico } from '../portico.js'
import type { Route } from './routes.js'

/**
 * SPEC §2 opening rules: connected → Account
 * (SIWXSignMessage while a required sign-in is missing); no adapters → AllWallets on mobile else
 * the basic pairing; else Connect.
 */
export function getDefaultRoute(portico: Portico, namespace?: ChainNamespace): Route {
  const { state, internal } = portico
  const target = namespace ?? state.modal.activeChain
  const chain = target ? state.chains[target] : undefined
  if (internal.adapters.size === 0 && !chain?.accountState.caipAddress)
    return internal.isMobile() ? { view: 'AllWallets' } : { view: 'ConnectingWalletConnectBasic' }
  if (chain?.accountState.caipAddress) {
    // Required sign-in comes before anything else the connected visitor could open.
    const { siwx } = state
    if (portico.config.siwx?.required && (siwx.status === 'needed' || siwx.status === 'signing'))
      return { view: 'SIWXSignMessage' }
    return { view: 'Account' }
  }
  return namespace ? { view: 'Connect', params: { namespace } } : { view: 'Connect' }
}
