import type { TokenBalance } from '../api/schemas.js'
import { getService } from '../api/services.js'
import type { Portico } from '../portico.js'
import { defineSelector } from '../selector.js'
import { BALANCE_RETRY_GUARD_MS } from './refreshTokenBalances.js'

export interface TokenBalancesInfo {
  /** Native token first; empty until fetched. */
  tokens: readonly TokenBalance[]
  /** True while balances are fetched (SPEC §4 `balanceLoading`). */
  loading: boolean
  /** Sum of the USD values; undefined when no token has a known price. Display only. */
  totalValue: number | undefined
  /**
   * Whether the balances come from a portfolio service (the Portico server's or the site's, with
   * prices and tokens) or from the wallet's adapter alone.
   */
  portfolio: boolean
  /** Set after a failed fetch: when it failed (SPEC §3 `lastRetry`) and when a retry is allowed. */
  lastRetry: number | undefined
  retryAllowedAt: number | undefined
}

const tokenBalances = /* @__PURE__ */ defineSelector((portico: Portico): TokenBalancesInfo => {
  const { modal, chains } = portico.state
  const namespace = modal.activeChain
  const account = namespace ? chains[namespace]?.accountState : undefined
  const connected = account?.status === 'connected'
  const network = namespace ? chains[namespace]?.networkState.caipNetwork : undefined
  const tokens = connected ? (account?.tokenBalance ?? []) : []
  const priced = tokens.filter((token) => token.price > 0)
  const lastRetry = connected ? account?.lastRetry : undefined
  return {
    tokens,
    loading: connected && Boolean(account?.balanceLoading),
    totalValue: priced.length > 0 ? priced.reduce((sum, token) => sum + token.value, 0) : undefined,
    portfolio: Boolean(network && getService(portico, 'portfolio', network)),
    lastRetry,
    retryAllowedAt: lastRetry === undefined ? undefined : lastRetry + BALANCE_RETRY_GUARD_MS,
  }
})
/**
 * The token balances of the active account on its active network (SPEC §3 `tokenBalance`).
 *
 * @example
 * const { tokens, totalValue } = getTokenBalances(portico)
 */
export const getTokenBalances = tokenBalances.get
/** Calls `onChange(balances, previous)` when the active account's token balances change; returns the unsubscribe. */
export const watchTokenBalances = tokenBalances.watch
