// Deep links of registry wallets (SPEC §2 mobile pairing): what a link base may be, and the link.
import { BaseError } from '../errors/base.js'
import type { RegistryWallet } from './types.js'

/** Schemes that belong to the browser or the web rather than to one wallet app. */
const FOREIGN_SCHEMES = new Set([
  'http',
  'https',
  'javascript',
  'vbscript',
  'data',
  'blob',
  'file',
  'filesystem',
  'about',
  'ftp',
  'ws',
  'wss',
  'mailto',
  'tel',
  'sms',
  'intent',
  'content',
  'view-source',
  'chrome',
  'chrome-extension',
  'moz-extension',
  'safari-extension',
  'wc',
])

// A base gets `wc?uri=…` appended, so a query, a fragment, spaces or control characters in it
// would produce a link that is not the one the wallet documents.
const LINK_BASE_CHARACTERS = /^[A-Za-z0-9\-._~:/@!$&'()*+,;=%]+$/

/** Whether `base` is a wallet's own custom scheme (`trust://`, `okex://main`), never a browser one. */
export function isWalletNativeLink(base: string): boolean {
  if (!LINK_BASE_CHARACTERS.test(base) || /[?#]/.test(base)) return false
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(base)?.[1]?.toLowerCase()
  return scheme !== undefined && !FOREIGN_SCHEMES.has(scheme)
}

/** Whether `base` is an https universal link a wallet app claims (`https://link.trustwallet.com`). */
export function isWalletUniversalLink(base: string): boolean {
  if (!LINK_BASE_CHARACTERS.test(base) || /[?#]/.test(base)) return false
  try {
    const url = new URL(base)
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === ''
  } catch {
    return false
  }
}

export type BuildWalletLinkParameters = {
  /** `mobile` prefers the wallet's https universal link; `desktop` prefers its app's custom scheme. */
  platform: 'mobile' | 'desktop'
}

/** A registry wallet's link base is neither its own custom scheme nor https: no link is built. */
export class UnsafeWalletLinkError extends BaseError {
  override name = 'UnsafeWalletLinkError' as const
  constructor(parameters: { walletId: string; base: string }) {
    super(`The link of wallet "${parameters.walletId}" is neither its own app scheme nor https.`, {
      details: `Refused link base: ${parameters.base}`,
    })
  }
}
export type UnsafeWalletLinkErrorType = UnsafeWalletLinkError & { name: 'UnsafeWalletLinkError' }

/** The pairing handed to `buildWalletLink` is not a WalletConnect `wc:` URI. */
export class InvalidPairingUriError extends BaseError {
  override name = 'InvalidPairingUriError' as const
  constructor(uri: string) {
    super('The pairing URI is not a WalletConnect `wc:` URI.', { details: `Received: ${uri.slice(0, 40)}` })
  }
}
export type InvalidPairingUriErrorType = InvalidPairingUriError & { name: 'InvalidPairingUriError' }

/**
 * The link that opens `wallet` with the pairing `uri` (`<scheme>://wc?uri=…` or
 * `<https link>/wc?uri=…`, the WalletConnect deep-link convention), or undefined when the wallet
 * has no link for that platform. Throws `UnsafeWalletLinkError` for any other scheme.
 *
 * @example
 * const href = buildWalletLink(wallet, pairing.uri, { platform: 'mobile' })
 * if (href) window.location.href = href
 */
export function buildWalletLink(
  wallet: RegistryWallet,
  uri: string,
  parameters: BuildWalletLinkParameters,
): string | undefined {
  if (!/^wc:[^\s]+$/.test(uri)) throw new InvalidPairingUriError(uri)
  const links = parameters.platform === 'mobile' ? wallet.mobile : wallet.desktop
  // A phone opens an https link in the app when installed and on the store page otherwise, while
  // a custom scheme does nothing without the app; a desktop app only has its scheme.
  const order =
    parameters.platform === 'mobile' ? [links?.universal, links?.native] : [links?.native, links?.universal]
  const base = order.find((candidate) => candidate !== undefined && candidate !== '')
  if (base === undefined) return undefined
  const encoded = encodeURIComponent(uri)
  if (isWalletUniversalLink(base)) return `${withSlash(base)}wc?uri=${encoded}`
  if (isWalletNativeLink(base)) return `${withSlash(normaliseScheme(base))}wc?uri=${encoded}`
  throw new UnsafeWalletLinkError({ walletId: wallet.id, base })
}

/** `trust:` and `trust` are written as `trust://`, as wallets register them. */
function normaliseScheme(base: string): string {
  if (base.includes('://')) return base
  return `${base.replace(/[:/]+$/, '')}://`
}

function withSlash(base: string): string {
  return base.endsWith('/') ? base : `${base}/`
}
