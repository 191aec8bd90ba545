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

/** How the provider's name is written in texts ('Continue with GitHub'). */
export const SOCIAL_PROVIDER_NAMES: Readonly<Record<SocialProvider | 'farcaster', string>> = {
  google: 'Google',
  x: 'X',
  discord: 'Discord',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  farcaster: 'Farcaster',
}

/** The display name of a provider, or the id itself for one this version does not know. */
export function socialProviderName(provider: string): string {
  return SOCIAL_PROVIDER_NAMES[provider as SocialProvider | 'farcaster'] ?? provider
}

/**
 * The query parameter a full-page redirect comes back with (the server's opaque, single-use marker
 * for the frame); a page loaded without it after a redirect was not sent back by the server.
 */
export const SOCIAL_RESULT_PARAM = 'portico_social'
