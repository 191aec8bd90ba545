import type { Logger } from '../adapterKit/contract.js'
import { isSafeImageUrl } from '../format/safeImageUrl.js'
import type { Portico } from '../portico.js'
import {
  type RegistryWallet,
  WALLET_INSTALL_PLATFORMS,
  type WalletInstallLinks,
} from '../walletConnect/types.js'
import { isHttpsPage } from './isHttpsPage.js'
import { getRegistryWallets } from './walletRegistry.js'

/** A configured page link, kept only when it is https (a `javascript:` link would run in the page). */
function httpsOnly(value: string | undefined, field: string, logger: Logger): string | undefined {
  if (value === undefined) return undefined
  if (isHttpsPage(value)) return value
  logger.warn(`config: ${field} is not an https URL and is not linked`, value)
  return undefined
}

/**
 * The legal checkbox's links (`termsConditionsUrl`, `privacyPolicyUrl`), each only when it is an
 * https URL. Read where the checkbox is drawn, so the page's first download does not check them.
 *
 * @example
 * const { termsConditionsUrl, privacyPolicyUrl } = getLegalLinks(portico)
 */
export function getLegalLinks(portico: Portico): {
  termsConditionsUrl: string | undefined
  privacyPolicyUrl: string | undefined
} {
  const { config, internal } = portico
  return {
    termsConditionsUrl: httpsOnly(config.termsConditionsUrl, 'termsConditionsUrl', internal.logger),
    privacyPolicyUrl: httpsOnly(config.privacyPolicyUrl, 'privacyPolicyUrl', internal.logger),
  }
}

const resolved = new WeakMap<Portico, readonly RegistryWallet[]>()

/**
 * The site's `customWallets` as the modal shows them (see `resolveCustomWallets`), worked out once
 * per instance when first asked for, not while the page starts.
 *
 * @example
 * const wallets = getCustomWallets(portico)
 */
export function getCustomWallets(portico: Portico): readonly RegistryWallet[] {
  let wallets = resolved.get(portico)
  if (!wallets) {
    wallets = resolveCustomWallets(portico.config.customWallets, portico.internal.logger)
    resolved.set(portico, wallets)
  }
  return wallets
}

/**
 * The site's `customWallets` as the modal may show them: entries without an id or a name are
 * dropped (with a warning), as are a second entry with the same id, a picture that is not an https
 * or image data URL, and home or install pages that are not https. Pairing links are checked when
 * a link is built (`buildWalletLink`).
 */
export function resolveCustomWallets(
  wallets: readonly RegistryWallet[] | undefined,
  logger: Logger,
): readonly RegistryWallet[] {
  const kept: RegistryWallet[] = []
  for (const wallet of wallets ?? []) {
    const id = typeof wallet?.id === 'string' ? wallet.id.trim() : ''
    const name = typeof wallet?.name === 'string' ? wallet.name.trim() : ''
    if (!id || !name || kept.some((other) => other.id === id)) {
      logger.warn('config: a custom wallet without an id or a name, or listed twice, is left out', wallet)
      continue
    }
    const { imageUrl, homepage, install, ...rest } = wallet
    const safeInstall: WalletInstallLinks = {}
    for (const platform of WALLET_INSTALL_PLATFORMS)
      if (isHttpsPage(install?.[platform])) safeInstall[platform] = install[platform]
    kept.push({
      ...rest,
      id,
      name,
      namespaces: Array.isArray(wallet.namespaces) ? wallet.namespaces : [],
      ...(isSafeImageUrl(imageUrl) ? { imageUrl } : {}),
      ...(isHttpsPage(homepage) ? { homepage } : {}),
      ...(Object.keys(safeInstall).length ? { install: safeInstall } : {}),
    })
  }
  return kept
}

/**
 * A wallet the modal lists by id, whether the site's own (`customWallets`) or the registry's; the
 * site's wins when both have the id.
 *
 * @example
 * const wallet = findListedWallet(portico, 'com.example.wallet')
 */
export function findListedWallet(portico: Portico, walletId: string): RegistryWallet | undefined {
  return (
    getCustomWallets(portico).find((wallet) => wallet.id === walletId) ??
    getRegistryWallets(portico).find((wallet) => wallet.id === walletId)
  )
}
