/**
 * The social login's English texts (not SPEC texts: SPEC §8 gives the frame's own message, these say
 * what the page saw). Added to `MESSAGES` when the login's code loads, not with the page.
 */
export const SOCIAL_MESSAGES = {
  socialPopupClosed: 'The {provider} window was closed before the login finished.',
  socialTimedOut: 'The {provider} login took too long. Try again.',
  socialDenied: 'You declined the {provider} login.',
} as const
