// The caches of names (SPEC §9: ENS 5 min, identity 5 min): the connected account's identity in
// storage (SPEC §3 "identity" cache), so a reload shows it at once; names typed as receivers and
// avatar images in memory only (an avatar can be large, and a receiver is typed again anyway).

import type { NameRecord } from '../adapterKit/contract.js'
import type { NamesInternal, Portico } from '../portico.js'
import { avatarSource, checkIpfsGateway } from './avatarSource.js'
import { AVATAR_MAX_BYTES, loadAvatarImage } from './loadAvatarImage.js'

/** SPEC §9: ENS 5 min, identity 5 min. */
export const ENS_CACHE_MS = 5 * 60_000
export const IDENTITY_CACHE_MS = 5 * 60_000
/** An identity whose avatar record is longer is kept in memory only: storage is small. */
const STORED_AVATAR_MAX_LENGTH = 4096

export function namesInternal(portico: Portico): NamesInternal {
  portico.internal.names ??= { identityRequest: 0, images: new Map(), resolved: new Map() }
  return portico.internal.names
}

export function fresh(timestamp: number, ttl: number): boolean {
  const age = Date.now() - timestamp
  return age >= 0 && age < ttl
}

/** What is known of an account: its checked primary name and avatar record (null: none). */
export interface StoredIdentity {
  name: string | null
  avatar: string | null
}

export function readIdentityCache(portico: Portico, owner: string): StoredIdentity | undefined {
  const entry = portico.internal.storage.get('identityCache')?.[owner]
  if (!entry || !fresh(entry.timestamp, IDENTITY_CACHE_MS)) return undefined
  const value = entry.value as Partial<StoredIdentity> | null
  const isText = (field: unknown) => field === null || typeof field === 'string'
  if (typeof value !== 'object' || value === null || !isText(value.name) || !isText(value.avatar))
    return undefined
  return { name: value.name ?? null, avatar: value.avatar ?? null }
}

export function writeIdentityCache(portico: Portico, owner: string, identity: StoredIdentity): void {
  if (identity.avatar && identity.avatar.length > STORED_AVATAR_MAX_LENGTH) return
  const { storage } = portico.internal
  storage.set('identityCache', {
    ...unexpired(storage.get('identityCache'), IDENTITY_CACHE_MS),
    [owner]: { timestamp: Date.now(), value: identity },
  })
}

function unexpired<V>(
  entries: Record<string, { timestamp: number; value: V }> | undefined,
  ttl: number,
): Record<string, { timestamp: number; value: V }> {
  return Object.fromEntries(Object.entries(entries ?? {}).filter(([, entry]) => fresh(entry.timestamp, ttl)))
}

/**
 * The image of an avatar record, checked (`avatarSource`, `loadAvatarImage`), or undefined when it
 * may not or cannot be shown; one fetch per record per 5 min, shared by every caller.
 */
export function avatarImage(portico: Portico, record: string | undefined): Promise<string | undefined> {
  if (!record) return Promise.resolve(undefined)
  const { images } = namesInternal(portico)
  const known = images.get(record)
  if (known && fresh(known.timestamp, ENS_CACHE_MS)) return known.value
  const value = (async () => {
    const settings = portico.config.names
    let ipfsGateway: string | undefined
    try {
      ipfsGateway = checkIpfsGateway(settings?.ipfsGateway)
    } catch (error) {
      portico.internal.logger.error('names: ipfs avatars are off', error)
    }
    const source = avatarSource(record, { ipfsGateway })
    if (!source) {
      portico.internal.logger.debug('names: an avatar record that is not shown', record.slice(0, 200))
      return undefined
    }
    try {
      return await loadAvatarImage(source, { maxBytes: settings?.avatarMaxBytes ?? AVATAR_MAX_BYTES })
    } catch (error) {
      portico.internal.logger.debug('names: an avatar that is not shown', error)
      return undefined
    }
  })()
  images.set(record, { timestamp: Date.now(), value })
  return value
}

/** Forgets a resolved name of another network when the cache grows (it is per page, not per visit). */
export function rememberResolved(portico: Portico, key: string, record: NameRecord): void {
  const { resolved } = namesInternal(portico)
  if (resolved.size > 200) resolved.clear()
  resolved.set(key, { timestamp: Date.now(), value: record })
}
