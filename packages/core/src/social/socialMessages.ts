/**
 * The social login's English texts (not SPEC texts: SPEC §8 gives the frame's own message, these say
 * what the page saw). Added to `MESSAGES` when the login's code loads, not with the page.
 */
export const SOCIAL_MESSAGES = {
  socialPopupClosed: 'The {provider} window was closed before the login finished.',
  socialTimedOut: 'The {provider} login took too long. Try again.',
  socialDenied: 'You declined the {provider} login.',
  socialNotStartedHere:
    'This login was started in another browser, so it was not finished here. If someone sent you this link, nothing was shared with them: start the login here if you want one.',
} as const
