import type { Portico } from '../portico.js'

/**
 * Whether the visitor is on a phone (the site's `isMobile`, or the browser's own hint): the modal
 * opens a mobile wallet by its link there, and shows a QR code for a second device elsewhere.
 *
 * @example
 * const mobile = getIsMobile(portico)
 */
export function getIsMobile(portico: Portico): boolean {
  return portico.internal.isMobile()
}
