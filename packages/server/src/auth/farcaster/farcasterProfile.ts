/**
 * The profile a Farcaster login shows (username, display name, picture). It comes from the relay's
 * completed channel, which nothing signs, so it is display data only: trimmed, length-limited,
 * stripped of control characters, and a picture only over https.
 */

export interface FarcasterProfile {
  username: string | undefined
  displayName: string | undefined
  pfpUrl: string | undefined
}

const USERNAME_MAX = 32
const DISPLAY_NAME_MAX = 64
const URL_MAX = 1024
// Control and bidirectional-override characters: they could make a name read as another.
const UNSAFE_CHARACTERS = /[\p{Cc}\p{Cf}]/gu

function textOf(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined
  const cleaned = value.normalize('NFC').replace(UNSAFE_CHARACTERS, '').trim()
  if (cleaned === '') return undefined
  return Array.from(cleaned).slice(0, max).join('')
}

/** An https URL without credentials, at most 1024 characters; anything else is dropped. */
export function pictureUrlOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > URL_MAX) return undefined
  try {
    const url = new URL(value)
    if (url.protocol !== 'https:' || url.username || url.password) return undefined
    return url.href
  } catch {
    return undefined
  }
}

/**
 * The display profile of a completed channel's payload; every field may be missing.
 * @example
 * readFarcasterProfile({ username: 'alice', pfpUrl: 'https://i.example/a.png' })
 */
export function readFarcasterProfile(payload: Record<string, unknown>): FarcasterProfile {
  const username = textOf(payload.username, USERNAME_MAX)
  return {
    // Farcaster usernames are lower-case letters, digits, '-' and '.eth'-style names; others are not shown.
    username: username && /^[a-z0-9][a-z0-9._-]*$/.test(username) ? username : undefined,
    displayName: textOf(payload.displayName, DISPLAY_NAME_MAX),
    pfpUrl: pictureUrlOf(payload.pfpUrl),
  }
}
