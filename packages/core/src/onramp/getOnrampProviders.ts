import { hasApiServer } from '../api/client.js'
import type { Portico } from '../portico.js'
import { isOnrampRestricted, ONRAMP_PROVIDERS, type OnrampProvider } from './onrampProviders.js'

/**
 * The providers the Buy view offers the connected account (SPEC §9 card purchase): those the site
 * registered with (`onramp` in its config) that sell on the active namespace, with a Portico server
 * to sign their widget. None with `features.onramp` off, and none in a restricted time zone.
 *
 * @example
 * getOnrampProviders(portico).map((provider) => provider.name) // ['MoonPay', 'Mercuryo']
 */
export function getOnrampProviders(portico: Portico): readonly OnrampProvider[] {
  const { config, options, state } = portico
  const namespace = state.modal.activeChain
  if (!namespace || !options.features.onramp || !config.onramp || !hasApiServer(portico)) return []
  if (isOnrampRestricted()) return []
  const keys = config.onramp
  return ONRAMP_PROVIDERS.filter(
    (provider) => keys[provider.id] !== undefined && provider.namespaces.includes(namespace),
  )
}
