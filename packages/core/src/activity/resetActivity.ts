import type { CaipAddress } from '../network/types.js'
import type { Portico } from '../portico.js'
import type { ActivityState } from '../state.js'

/** An empty activity list for an account (CAIP-10), or for none. */
export function createActivityState(caipAddress: CaipAddress | undefined): ActivityState {
  return {
    caipAddress,
    transactions: [],
    loading: false,
    empty: false,
    next: undefined,
    loaded: false,
    error: undefined,
    pending: [],
  }
}

export type ResetActivityParameters = { caipAddress?: CaipAddress | undefined }

/**
 * Empties the activity list (on an account or network change, and on disconnect) and makes any
 * fetch still on its way stale. Transactions sent from the modal stay: they are kept per account.
 */
export function resetActivity(portico: Portico, parameters: ResetActivityParameters = {}): void {
  const { state, internal } = portico
  internal.activityRequest++
  // In place: `watchActivity` subscribes to this object, and a replaced one would no longer tell it.
  Object.assign(state.activity, {
    ...createActivityState(parameters.caipAddress),
    pending: state.activity.pending,
  })
}
