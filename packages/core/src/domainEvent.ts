import type { ApiErrorCode } from './api/schemas.js'
import type { ChainNamespace } from './network/types.js'

/**
 * What domain code has to say to whoever shows it. Domain actions and watchers change state and
 * report these; they never move the modal or show a notice themselves. The modal layer
 * (`modal/followDomainEvent.ts`) turns them into views, alerts and toasts; a site without the
 * modal sees the same state and nothing else.
 */
export type DomainEvent =
  /** A Portico server refused a request (SPEC §8 alerts for configuration refusals). */
  | { type: 'serverRefused'; apiCode: ApiErrorCode; status: number }
  /** The first failed token balance read of an account (SPEC §8 'Token Balance Unavailable'). */
  | { type: 'balancesUnavailable' }
  /** The active account has no sign-in session and needs one (SPEC §4). */
  | { type: 'signInNeeded' }
  /** The active account has a session. */
  | { type: 'signedIn' }
  /** Sessions could not be read: the wallet was disconnected (SPEC §4, §8 toast). */
  | { type: 'signInFailed'; modalWasOpen: boolean }
  /** The last connected namespace disconnected. */
  | { type: 'allDisconnected' }
  /** A connected namespace's network changed, or whether it is listed did. */
  | { type: 'networkChanged'; namespace: ChainNamespace }
