import { SOCIAL_MESSAGES } from '@portico/core'

// The social logins' English texts, added to the page's with the code that shows them (see
// `english.ts`): the Connect view's social section (only on a site that lists `socials`), the
// ConnectingSocial view and Account's social row. The view's title stays in enModal: the header
// shows it while the view loads.

export const enSocial = {
  // core's texts of the same feature, which arrive with its code too
  ...SOCIAL_MESSAGES,
  socialLogins: 'Social logins',
  socialContinueWith: 'Continue with {provider}',
  socialMore: '{count} more ways to log in',
  socialWaitingTitle: 'Continue in the {provider} window',
  socialWaiting: 'Log in at {provider} in the window that opened. We finish here once it closes.',
  socialWaitingLabel: 'Waiting for the login',
  socialFinishing: 'Finishing the login…',
  socialFailedTitle: 'Not logged in with {provider}',
  socialRetry: 'Try again',
  socialCancel: 'Cancel',
  // A login that came back to a browser whose frame never started it (its text is core's
  // socialNotStartedHere): the refusal's title and the way on.
  socialNotStartedTitle: 'Not logged in',
  socialNotStartedConnect: 'Connect',
  accountSocial: 'Logged in with {provider}',
} as const
