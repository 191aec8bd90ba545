import type { AdapterContext, Connector } from '@portico/core'
import { isSafeIconUrl } from './createDiscovery.js'
import type { Eip1193Provider } from './provider.js'

/** A site-provided EIP-1193 wallet (`EvmAdapterOptions.externalWallets`). */
export interface ExternalEvmWallet {
  /** Stable id, used to restore the connection after a reload. */
  id: string
  name: string
  /** An image data URI or https URL; anything else is not shown. */
  imageUrl?: string
  provider: Eip1193Provider
}

/** The EXTERNAL connectors of the site's own wallets; entries without an id, a name or a provider are dropped. */
export function externalEntries(wallets: readonly ExternalEvmWallet[], logger: AdapterContext['logger']) {
  const seen = new Set<string>()
  return wallets.flatMap((wallet) => {
    const valid =
      typeof wallet?.id === 'string' &&
      wallet.id !== '' &&
      typeof wallet.name === 'string' &&
      wallet.name !== '' &&
      typeof wallet.provider?.request === 'function' &&
      !seen.has(wallet.id)
    if (!valid) {
      logger.warn(
        'evm: dropped an external wallet without an id, a name or a provider, or listed twice',
        wallet,
      )
      return []
    }
    seen.add(wallet.id)
    const connector: Connector = {
      id: wallet.id,
      name: wallet.name,
      type: 'EXTERNAL',
      namespace: 'eip155',
      installed: true,
    }
    if (wallet.imageUrl && isSafeIconUrl(wallet.imageUrl)) connector.imageUrl = wallet.imageUrl
    return [{ connector, provider: wallet.provider }]
  })
}
