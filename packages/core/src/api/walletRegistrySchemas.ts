/**
 * `GET {apiUrl}/v1/wallets?projectId`: the wallet registry behind AllWallets (SPEC §2). Shared by
 * the server, which validates its configured list with it, and the client, which checks every
 * answer with it. Imports only zod.
 */
import * as z from 'zod/mini'
import { isSafeImageUrl } from '../format/safeImageUrl.js'
import { CHAIN_NAMESPACES } from '../network/caip.js'
import { isHttpsPage } from '../registry/isHttpsPage.js'
import type { RegistryWallet } from '../walletConnect/types.js'
import { isWalletNativeLink, isWalletUniversalLink } from '../walletConnect/walletLink.js'

export { isWalletNativeLink, isWalletUniversalLink }

/** Whether a registry picture may be shown: core's one picture check. */
export const isRegistryImageUrl = (url: string): boolean => isSafeImageUrl(url)

const walletIdSchema = z.string().check(z.regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/))
const httpsUrlSchema = z.string().check(
  z.maxLength(2048),
  z.refine((value) => isWalletUniversalLink(value), 'must be an https URL without a query'),
)
const linksSchema = z.object({
  native: z.optional(
    z.string().check(
      z.maxLength(512),
      z.refine((value) => isWalletNativeLink(value), "must be the wallet's own custom scheme"),
    ),
  ),
  universal: z.optional(httpsUrlSchema),
})

// Store pages carry a query (`?id=` on Google Play), so they are checked as https pages, not as links.
const installUrlSchema = z.string().check(
  z.maxLength(2048),
  z.refine((value) => isHttpsPage(value), 'must be an https URL'),
)
const installSchema = z.object({
  chrome: z.optional(installUrlSchema),
  firefox: z.optional(installUrlSchema),
  edge: z.optional(installUrlSchema),
  safari: z.optional(installUrlSchema),
  ios: z.optional(installUrlSchema),
  android: z.optional(installUrlSchema),
})

const registryWalletFieldsSchema = z.object({
  id: walletIdSchema,
  name: z.string().check(z.minLength(1), z.maxLength(80)),
  imageUrl: z.optional(
    z.string().check(
      // Large enough for a small inline SVG or PNG, small enough that one entry cannot bloat the list.
      z.maxLength(65_536),
      z.refine((value) => isRegistryImageUrl(value), 'must be an https URL or a data:image URL'),
    ),
  ),
  rdns: z.optional(walletIdSchema),
  namespaces: z.array(z.enum(CHAIN_NAMESPACES)).check(z.minLength(1)),
  mobile: z.optional(linksSchema),
  desktop: z.optional(linksSchema),
  homepage: z.optional(httpsUrlSchema),
  install: z.optional(installSchema),
})

/** Drops absent keys, so the result is a `RegistryWallet` under `exactOptionalPropertyTypes`. */
function withoutAbsent<T extends object>(value: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as never
}

/** One wallet of the registry (`RegistryWallet` in `@portico/core`). */
export const registryWalletSchema: z.ZodMiniType<RegistryWallet, unknown> = z.pipe(
  registryWalletFieldsSchema,
  z.transform(
    ({ mobile, desktop, install, ...rest }): RegistryWallet => ({
      ...withoutAbsent(rest),
      ...(mobile ? { mobile: withoutAbsent(mobile) } : {}),
      ...(desktop ? { desktop: withoutAbsent(desktop) } : {}),
      ...(install ? { install: withoutAbsent(install) } : {}),
    }),
  ),
)

/** `GET {apiUrl}/v1/wallets?projectId`: every wallet AllWallets may list, in the server's order. */
export const walletRegistryResponseSchema = z.object({
  wallets: z.array(registryWalletSchema).check(z.maxLength(5000)),
})
export type WalletRegistryResponse = z.infer<typeof walletRegistryResponseSchema>
