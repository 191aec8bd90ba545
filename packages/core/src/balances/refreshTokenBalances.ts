import type { Adapter, AdapterTokenBalance } from '../adapterKit/contract.js'
import { balanceResponseCheck } from '../api/answerChecks.js'
import type { TokenBalance } from '../api/schemas.js'
import { checkAnswer, getService, isChainNotServed } from '../api/services.js'
import { formatUnits } from '../format/formatUnits.js'
import { toCaipAddress } from '../network/caip.js'
import type { CaipAddress, ChainNamespace, Network } from '../network/types.js'
import type { Portico } from '../portico.js'
import { reportDomainEvent } from '../reportDomainEvent.js'

/** SPEC §9 "Balance retry guard": after a failed fetch, none for 30 s. */
export const BALANCE_RETRY_GUARD_MS = 30_000
/** SPEC §9 "Caches": portfolio 30 s. */
export const PORTFOLIO_CACHE_MS = 30_000
/** SPEC §9 "Caches": native balance 30 s. */
export const NATIVE_BALANCE_CACHE_MS = 30_000

export type RefreshTokenBalancesParameters = {
  /** Skips the caches (after a send); the 30 s retry guard still applies. */
  force?: boolean
  /** Defaults to the active namespace. */
  namespace?: ChainNamespace
}
export type RefreshTokenBalancesReturnType = undefined

/**
 * Fills `accountState.tokenBalance` for the connected account on its active network: from the
 * portfolio service (the site's `services.portfolio`, or the Portico server's) when it serves the
 * network, otherwise from the adapter: the native balance and, when it can read them
 * (`getTokenBalances`), its token balances (price 0). A network the service refuses
 * (`ChainNotServedError`) falls back to the adapter at once and is not asked about again this
 * session. Fresh cached balances (30 s) are used without a request unless `force` is set. On a
 * failure `lastRetry` is stored, 'Token Balance Unavailable' is shown once and no fetch happens for
 * 30 s (SPEC §4, §8); the native balance still shows. A reply for an older account or network is
 * dropped.
 *
 * @example
 * await refreshTokenBalances(portico, { force: true })
 */
export async function refreshTokenBalances(
  portico: Portico,
  parameters: RefreshTokenBalancesParameters = {},
): Promise<RefreshTokenBalancesReturnType> {
  const { state, internal } = portico
  const namespace = parameters.namespace ?? state.modal.activeChain
  const chain = namespace && state.chains[namespace]
  const adapter = namespace && internal.adapters.get(namespace)
  const account = chain?.accountState
  const address = account?.address
  const network = chain?.networkState.caipNetwork
  if (
    !namespace ||
    !chain ||
    !account ||
    !adapter ||
    !address ||
    !network ||
    account.status !== 'connected' ||
    chain.networkState.unsupportedCaipNetworkId
  )
    return
  const owner = toCaipAddress(network.caipNetworkId, address)
  // A fetch for this very account is on its way (connecting also opens the Account view): it
  // will fill the list, a second one would only make it stale.
  const sameOwner = internal.tokenBalanceOwner[namespace] === owner
  if (sameOwner && internal.tokenBalanceFetching.has(namespace) && !parameters.force) return
  if (!sameOwner) {
    // Balances of another account or network must never show for this one.
    internal.tokenBalanceOwner[namespace] = owner
    account.tokenBalance = []
  }
  // SPEC §4 / §8: a retry is refused for 30 s after a failure, forced or not.
  if (account.lastRetry !== undefined && Date.now() - account.lastRetry < BALANCE_RETRY_GUARD_MS) return

  const service = getService(portico, 'portfolio', network)
  let portfolio = service !== undefined
  // Without a service, an adapter that reads token balances from the chain itself lists them too.
  let fromAdapter = !portfolio && adapter.getTokenBalances !== undefined
  if (!parameters.force) {
    const cached =
      portfolio || fromAdapter ? readPortfolioCache(portico, owner) : readNativeCache(portico, owner, network)
    if (cached) {
      account.tokenBalance = cached
      return
    }
  }

  const request = (internal.tokenBalanceRequest[namespace] ?? 0) + 1
  internal.tokenBalanceRequest[namespace] = request
  const current = () =>
    internal.tokenBalanceRequest[namespace] === request && internal.tokenBalanceOwner[namespace] === owner
  /** Shows `balances` and keeps them for the next visit (SPEC §9 portfolio cache). */
  const keep = (balances: TokenBalance[]) => {
    account.tokenBalance = balances
    account.lastRetry = undefined
    internal.storage.set('portfolioCache', {
      ...unexpired(internal.storage.get('portfolioCache'), PORTFOLIO_CACHE_MS),
      [owner]: { timestamp: Date.now(), value: balances },
    })
  }
  account.balanceLoading = true
  internal.tokenBalanceFetching.add(namespace)
  try {
    if (service) {
      try {
        const answer = await service.getBalances({ address, network })
        if (!current()) return
        const checked = checkAnswer(balanceResponseCheck, { balances: answer }, 'portfolio')
        keep(keepListedBalances(checked.balances, network))
        return
      } catch (error) {
        if (!current()) return
        if (isChainNotServed(portico, 'portfolio', network, error)) {
          // Not a failure: this network's balances come from the adapter, as without a service.
          portfolio = false
          fromAdapter = adapter.getTokenBalances !== undefined
        } else failed(portico, namespace, error)
      }
    }
    if (fromAdapter) {
      try {
        const [native, tokens] = await Promise.all([
          readNativeBalance(adapter, address, network),
          adapter.getTokenBalances!({ address, network }),
        ])
        if (!current()) return
        keep(
          keepListedBalances([native, ...tokens.flatMap((token) => toTokenBalance(token, network))], network),
        )
        return
      } catch (error) {
        if (!current()) return
        failed(portico, namespace, error)
      }
    }
    const native = await readNativeBalance(adapter, address, network)
    if (!current()) return
    // After a portfolio failure this keeps the native token on view without hiding the failure.
    account.tokenBalance = [native]
    if (!portfolio && !fromAdapter) {
      account.lastRetry = undefined
      const { storage } = internal
      storage.set('nativeBalanceCache', {
        ...unexpired(storage.get('nativeBalanceCache'), NATIVE_BALANCE_CACHE_MS),
        [owner]: { timestamp: Date.now(), value: native.quantity.numeric },
      })
    }
  } catch (error) {
    if (!current()) return
    // After a portfolio failure the failure is recorded already; the native read failing too adds nothing.
    if (portfolio || fromAdapter)
      internal.logger.warn('token balances: native balance fallback failed', error)
    else failed(portico, namespace, error)
  } finally {
    if (internal.tokenBalanceRequest[namespace] === request) {
      internal.tokenBalanceFetching.delete(namespace)
      account.balanceLoading = false
    }
  }
}

/** Stores the time of the failure and shows the SPEC §8 toast, once until balances load again. */
function failed(portico: Portico, namespace: ChainNamespace, error: unknown): void {
  const account = portico.state.chains[namespace]?.accountState
  if (!account) return
  portico.internal.logger.warn('token balances: fetch failed', error)
  const first = account.lastRetry === undefined
  account.lastRetry = Date.now()
  if (first) reportDomainEvent(portico, { type: 'balancesUnavailable' })
}

/**
 * The server's balances for this network, without zero-decimal tokens (SPEC §5: low quality),
 * native token first, with the network's own symbol.
 */
function keepListedBalances(balances: readonly TokenBalance[], network: Network): TokenBalance[] {
  const kept = balances.filter(
    (balance) => balance.chainId === network.caipNetworkId && balance.quantity.decimals !== '0',
  )
  // The native coin is named as the site's network definition names it (a test network's 'tBTC'),
  // so the token row and the Account view's balance say the same, whatever the server calls it.
  const { name, symbol } = network.nativeCurrency
  return [
    ...kept.filter((balance) => !balance.address).map((balance) => ({ ...balance, name, symbol })),
    ...kept.filter((balance) => balance.address),
  ]
}

/**
 * An adapter's token balance in the shape the server sends, with no price; nothing for one whose
 * decimals or amount cannot be shown (an adapter is code Portico does not control).
 */
function toTokenBalance(balance: AdapterTokenBalance, network: Network): TokenBalance[] {
  const { decimals, value } = balance
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 99 || typeof value !== 'bigint' || value < 0n)
    return []
  return [
    {
      name: balance.name,
      symbol: balance.symbol,
      chainId: network.caipNetworkId,
      address: `${network.caipNetworkId}:${balance.token}`,
      value: 0,
      price: 0,
      quantity: { decimals: String(decimals), numeric: formatUnits(value, decimals) },
      ...(balance.iconUrl ? { iconUrl: balance.iconUrl } : {}),
    },
  ]
}

async function readNativeBalance(adapter: Adapter, address: string, network: Network): Promise<TokenBalance> {
  const balance = await adapter.getBalance({ address, network })
  return nativeToken(network, formatUnits(balance.value, balance.decimals), balance.decimals, balance.symbol)
}

function nativeToken(network: Network, numeric: string, decimals: number, symbol: string): TokenBalance {
  return {
    name: network.nativeCurrency.name,
    symbol,
    chainId: network.caipNetworkId,
    value: 0,
    price: 0,
    quantity: { decimals: String(decimals), numeric },
    ...(network.iconUrl ? { iconUrl: network.iconUrl } : {}),
  }
}

function fresh(timestamp: number, ttl: number): boolean {
  const age = Date.now() - timestamp
  return age >= 0 && age < ttl
}

function readPortfolioCache(portico: Portico, owner: CaipAddress): TokenBalance[] | undefined {
  const entry = portico.internal.storage.get('portfolioCache')?.[owner]
  return entry && fresh(entry.timestamp, PORTFOLIO_CACHE_MS) ? entry.value : undefined
}

function readNativeCache(portico: Portico, owner: CaipAddress, network: Network): TokenBalance[] | undefined {
  const entry = portico.internal.storage.get('nativeBalanceCache')?.[owner]
  if (!entry || !fresh(entry.timestamp, NATIVE_BALANCE_CACHE_MS)) return undefined
  const { symbol, decimals } = network.nativeCurrency
  return [nativeToken(network, entry.value, decimals, symbol)]
}

/** The cache entries still within their TTL, so the stored record does not grow without end. */
function unexpired<V>(
  entries: Record<string, { timestamp: number; value: V }> | undefined,
  ttl: number,
): Record<string, { timestamp: number; value: V }> {
  return Object.fromEntries(Object.entries(entries ?? {}).filter(([, entry]) => fresh(entry.timestamp, ttl)))
}
