/**
 * Whether a picture from a wallet, a registry, a session or a site may be shown: an `https:` URL or
 * an image data URI (raster or SVG), never `javascript:`, `http:` or another data type. One check
 * for every place Portico shows such a picture.
 *
 * @example
 * if (isSafeImageUrl(announced.icon)) connector.imageUrl = announced.icon
 */
export function isSafeImageUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value === '') return false
  if (/^data:image\/(png|jpe?g|gif|webp|svg\+xml|avif)[;,]/i.test(value)) return true
  try {
    return new URL(value).protocol === 'https:'
  } catch {
    return false
  }
}
