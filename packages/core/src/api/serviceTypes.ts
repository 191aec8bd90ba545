// The shape of `PorticoConfig.services` and of the instance's resolved services, apart from the
// code that resolves them, so the config and the instance types need not import that code.
import type { ActivityService } from '../activity/activityService.js'
import type { PortfolioService } from '../balances/portfolioService.js'
import type { SwapService } from '../swap/swapTypes.js'

/** The replaceable services of `PorticoConfig.services`; each one left out uses the Portico server's. */
export interface PorticoServices {
  /** Token balances with prices for the Account view's Tokens tab and the send form. */
  portfolio?: PortfolioService
  /** Transactions for the Account view's Activity tab. */
  activity?: ActivityService
  /** Swap tokens, prices, quotes and transactions (SPEC §7); see `SwapService`. */
  swap?: SwapService
}
export type ServiceName = 'portfolio' | 'activity'

/** The services of one instance and the networks each was found not to serve (kept in `internal`). */
export interface ResolvedServices {
  portfolio: PortfolioService | undefined
  activity: ActivityService | undefined
  notServed: Record<ServiceName, Set<string>>
}
