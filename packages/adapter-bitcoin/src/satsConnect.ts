import type { Logger } from '@portico/core'

/**
 * A wallet's entry in `window.btc_providers` (WBIP-004): `id` is the path of its provider object on
 * `window` (e.g. 'XverseProviders.BitcoinProvider'), the provider answers sats-connect's JSON-RPC
 * `request(method, params)`.
 */
export interface BtcProviderInfo {
  id: string
  name: string
  icon?: string
  webUrl?: string
  methods?: readonly string[]
}

/** The provider object the entry points to: sats-connect's request API and its event listeners. */
export interface SatsConnectProvider {
  request(method: string, params?: unknown): Promise<unknown>
  addListener?(event: string, listener: (payload: unknown) => void): (() => void) | undefined
}

/** The provider object named by a `btc_providers` entry's dotted `id`, if it speaks the request API. */
export function resolveProvider(target: object, id: string): SatsConnectProvider | undefined {
  let value: unknown = target
  for (const key of id.split('.')) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined
    value = (value as Record<string, unknown>)[key]
  }
  return typeof (value as SatsConnectProvider | undefined)?.request === 'function'
    ? (value as SatsConnectProvider)
    : undefined
}

/** The well-formed entries of `window.btc_providers`. */
export function readBtcProviders(target: object, logger: Logger): BtcProviderInfo[] {
  const list = (target as { btc_providers?: unknown }).btc_providers
  if (!Array.isArray(list)) return []
  return list.filter((entry): entry is BtcProviderInfo => {
    const ok =
      typeof entry === 'object' &&
      entry !== null &&
      typeof entry.id === 'string' &&
      entry.id.length > 0 &&
      typeof entry.name === 'string' &&
      entry.name.trim().length > 0
    if (!ok) logger.warn('bip122: dropped a malformed btc_providers entry', entry)
    return ok
  })
}
