import type { SocialProvider } from './types.js'

// Apart from the providers' list (`types.ts`), which the configuration reads on every page: only
// the views and the login's code write a provider's name.
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
