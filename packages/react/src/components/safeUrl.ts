/** Only `data:image/…` and `https:` images are rendered; anything else falls back to a letter. */
export { isSafeImageUrl } from '@portico/core'

/** Links a visitor may open: http(s) only, so a `javascript:` explorer URL is never clickable. */
export function isSafeLinkUrl(url: string | undefined): url is string {
  if (!url) return false
  try {
    const { protocol } = new URL(url)
    return protocol === 'https:' || protocol === 'http:'
  } catch {
    return false
  }
}

/** A small stable hash of a string, for colours derived from an address or a name. */
export function hashString(value: string): number {
  let hash = 2166136261
  for (let index = 0; index < value.length; index++) {
    hash ^= value.charCodeAt(index)
    hash = Math.imul(hash, 16777619)
  }
  return hash >>> 0
}
