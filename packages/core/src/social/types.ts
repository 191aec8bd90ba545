/**
 * The social logins the site's server runs as an OAuth client (SPEC §1). Farcaster signs in through
 * its own view (ConnectingFarcaster), not through a provider's window.
 */
export type SocialProvider = 'google' | 'x' | 'discord' | 'github' | 'apple' | 'facebook'

/** Every social provider, in the order the Connect view shows them when a site lists them all. */
export const SOCIAL_PROVIDERS: readonly SocialProvider[] = [
  'google',
  'x',
  'discord',
  'github',
  'apple',
  'facebook',
]

/**
 * The query parameter a full-page redirect comes back with (the server's opaque, single-use marker
 * for the frame); a page loaded without it after a redirect was not sent back by the server.
 */
export const SOCIAL_RESULT_PARAM = 'portico_social'
