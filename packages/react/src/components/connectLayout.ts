import type { Portico } from '@portico/core'

/**
 * Whether the Connect view needs its optional layouts (the legal checkbox, the wallets behind
 * 'Continue with a wallet', the site's own wallets). They load in a chunk of their own, so a site
 * that uses none of them downloads none of their code.
 */
export function needsConnectOptions(portico: Portico, emailShown: boolean): boolean {
  const { features } = portico.options
  return (
    features.legalCheckbox ||
    features.collapseWallets ||
    (emailShown && !features.emailShowWallets) ||
    (portico.config.customWallets?.length ?? 0) > 0
  )
}
