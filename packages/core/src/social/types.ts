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

/**
 * The one-time proof the server's callback adds after a consent, sent only to the page in the
 * browser that approved: the frame's finish needs it (with its secret), so only that browser's frame
 * can finish the login.
 */
export const SOCIAL_PROOF_PARAM = 'portico_proof'

/**
 * The mark a popup's login puts in the address the server sends the popup back to, so the page
 * loaded in the popup knows to relay the login to its frame and close, rather than connect itself.
 */
export const SOCIAL_POPUP_PARAM = 'portico_popup'
