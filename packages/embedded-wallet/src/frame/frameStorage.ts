import { DEVICE_STORAGE_KEY, type FrameStorage } from './authApi.js'
import { THEME_STORAGE_KEY } from './handlers.js'
import { SOCIAL_STORAGE_KEY } from './socialLogin.js'

/**
 * The keys that must outlive the frame's page even where the browser blocks its storage: a social
 * login that left for a full-page redirect is finished by the frame of the page that comes back,
 * with the secret the first frame kept (socialLogin.ts), from the same device.
 */
const PAGE_LOAD_KEYS: readonly string[] = [SOCIAL_STORAGE_KEY, DEVICE_STORAGE_KEY]
/** How long such a cookie is kept at most; what it holds expires sooner (a login's own `expiresAt`). */
const COOKIE_MAX_AGE_S = 24 * 60 * 60
/** Under the 4 KiB browsers keep per cookie, name and attributes included. */
const COOKIE_VALUE_MAX = 3_500

/**
 * The frame origin's own storage: its `localStorage` where the browser gives a third-party frame
 * one (partitioned under the embedding site by Firefox, Safari and Chromium). Chromium with
 * third-party cookies blocked refuses it (a SecurityError on `window.localStorage`); then the
 * `PAGE_LOAD_KEYS` go to cookies of the frame origin, Partitioned (CHIPS), which such a browser
 * still keeps, under the embedding site too, and the rest to memory (the page syncs the theme and
 * its metadata again on every load; the session and the device are the server's own cookies).
 * Never the page's storage: what the frame keeps there would prove control to the page.
 */
export function frameStorage(window: Pick<Window, 'localStorage' | 'document'>): FrameStorage {
  try {
    const storage = window.localStorage
    storage.getItem(THEME_STORAGE_KEY)
    return storage
  } catch {
    return blockedStorageFallback(window.document)
  }
}

/** `PAGE_LOAD_KEYS` in partitioned cookies of the frame's path, everything else in memory. */
export function blockedStorageFallback(document: Pick<Document, 'cookie'>): FrameStorage {
  const memory = new Map<string, string>()
  const cookieName = (key: string) => encodeURIComponent(key)
  // Only the frame's own pages (its path) read them, and only its page loads carry them: the API
  // (`/v1/*`) never receives the secret a cookie holds.
  const attributes = 'Path=/frame/; Secure; SameSite=None; Partitioned'
  const readCookie = (key: string): string | null => {
    const name = `${cookieName(key)}=`
    for (const part of document.cookie.split(';')) {
      const entry = part.trim()
      if (!entry.startsWith(name)) continue
      try {
        // An emptied cookie some browsers still list is no value.
        return decodeURIComponent(entry.slice(name.length)) || null
      } catch {
        return null
      }
    }
    return null
  }
  const removeCookie = (key: string) => {
    document.cookie = `${cookieName(key)}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; ${attributes}`
  }
  return {
    getItem(key) {
      if (!PAGE_LOAD_KEYS.includes(key)) return memory.get(key) ?? null
      return memory.get(key) ?? readCookie(key)
    },
    setItem(key, value) {
      if (!PAGE_LOAD_KEYS.includes(key)) return void memory.set(key, value)
      const encoded = encodeURIComponent(value)
      if (encoded.length <= COOKIE_VALUE_MAX) {
        document.cookie = `${cookieName(key)}=${encoded}; Max-Age=${COOKIE_MAX_AGE_S}; ${attributes}`
        // A browser that refused the cookie as well: this page at least keeps it (a popup login
        // finishes in the same page).
        if (readCookie(key) === value) return void memory.delete(key)
      }
      removeCookie(key)
      memory.set(key, value)
    },
    removeItem(key) {
      memory.delete(key)
      if (PAGE_LOAD_KEYS.includes(key)) removeCookie(key)
    },
  }
}
