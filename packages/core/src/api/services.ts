/**
 * The services Portico reads account data from (ARCHITECTURE "Services"): the site's own when it
 * passes them to `createPortico` (`services`), otherwise defaults over the Portico server. Which
 * networks a service serves is not written into core: a service may say so (`supports`), and a
 * refusal (`ChainNotServedError`, the server's `UNSUPPORTED_CHAIN`) is remembered for the session,
 * so a network is asked about once.
 */
import * as z from 'zod/mini'
import type { ActivityService, TransactionsPage } from '../activity/activityService.js'
import type { PortfolioService } from '../balances/portfolioService.js'
import { BaseError, InvalidResponseError } from '../errors/base.js'
import type { Network } from '../network/types.js'
import type { Portico } from '../portico.js'
import { hasApiServer, requestApi } from './client.js'
import { ApiRequestError } from './clientErrors.js'
import {
  balanceResponseSchema,
  historyResponseSchema,
  type TokenBalance,
  type Transaction,
  tokenBalanceSchema,
} from './schemas.js'
import type { PorticoServices, ResolvedServices, ServiceName } from './serviceTypes.js'

/**
 * Thrown by a service for a network it does not serve. Portico stops asking that service about
 * the network for the rest of the session: balances come from the adapter, no Activity tab.
 */
export class ChainNotServedError extends BaseError {
  override name = 'ChainNotServedError' as const
  /** The network refused (CAIP-2). */
  readonly caipNetworkId: string
  constructor(parameters: {
    caipNetworkId: string
    service: ServiceName
    details?: string
    cause?: unknown
  }) {
    super(`The ${parameters.service} service does not serve ${parameters.caipNetworkId}.`, {
      ...(parameters.details ? { details: parameters.details } : {}),
      cause: parameters.cause,
    })
    this.caipNetworkId = parameters.caipNetworkId
  }
}
export type ChainNotServedErrorType = ChainNotServedError & { name: 'ChainNotServedError' }

function resolveServices(portico: Portico): ResolvedServices {
  const configured = portico.config.services ?? {}
  const server =
    hasApiServer(portico) && (!configured.portfolio || !configured.activity)
      ? createServerServices(portico)
      : undefined
  return {
    portfolio: configured.portfolio ?? server?.portfolio,
    activity: configured.activity ?? server?.activity,
    notServed: { portfolio: new Set(), activity: new Set() },
  }
}

function servicesOf(portico: Portico): ResolvedServices {
  portico.internal.services ??= resolveServices(portico)
  return portico.internal.services
}

/**
 * The service to ask about `network`, or undefined when there is none, it does not serve the
 * network, or it refused it earlier in the session.
 */
export function getService<K extends ServiceName>(
  portico: Portico,
  name: K,
  network: Network,
): ResolvedServices[K] | undefined {
  const services = servicesOf(portico)
  const service: PortfolioService | ActivityService | undefined = services[name]
  if (!service || services.notServed[name].has(network.caipNetworkId)) return undefined
  try {
    if (service.supports && !service.supports(network)) return undefined
  } catch (error) {
    // A site's `supports` that throws is read as "not served" rather than breaking the modal.
    portico.internal.logger.warn(`${name} service: supports(${network.caipNetworkId}) threw`, error)
    return undefined
  }
  return services[name]
}

/**
 * Whether `error` says the service does not serve `network`; if so it is remembered for the
 * session, and the caller falls back as if there were no service.
 */
export function isChainNotServed(
  portico: Portico,
  name: ServiceName,
  network: Network,
  error: unknown,
): boolean {
  // By name, not `instanceof`: a site's service may throw the class of another copy of core.
  if (!(error instanceof Error) || error.name !== 'ChainNotServedError') return false
  const { notServed } = servicesOf(portico)
  if (!notServed[name].has(network.caipNetworkId))
    portico.internal.logger.warn(
      `${name} service: ${network.caipNetworkId} is not served; not asked again this session`,
      error,
    )
  notServed[name].add(network.caipNetworkId)
  return true
}

const tokenBalancesSchema = z.array(tokenBalanceSchema)

/** A service's balances once they match the server contract; a malformed answer is a failure. */
export function checkBalances(balances: unknown): TokenBalance[] {
  const parsed = tokenBalancesSchema.safeParse(balances)
  if (!parsed.success)
    throw new InvalidResponseError('portfolio service answer', { details: parsed.error.message })
  return parsed.data
}

/** A service's page of transactions once it matches the server contract. */
export function checkTransactionsPage(page: TransactionsPage): { data: Transaction[]; next: string | null } {
  const parsed = historyResponseSchema.safeParse(
    typeof page === 'object' && page !== null ? { data: page.data, next: page.next ?? null } : page,
  )
  if (!parsed.success)
    throw new InvalidResponseError('activity service answer', { details: parsed.error.message })
  return parsed.data
}

/**
 * The default services over the Portico server. The server refuses a network it keeps no portfolio
 * or history for with `UNSUPPORTED_CHAIN`; both routes serve the same networks, so a refusal by
 * either tells the other too, and the Activity tab is not offered for a network whose balances
 * were refused.
 */
function createServerServices(portico: Portico): Required<PorticoServices> {
  const refused = new Set<string>()
  const supports = (network: Network) => !refused.has(network.caipNetworkId)
  const notServed = (name: ServiceName, network: Network, error: unknown): unknown => {
    if (!(error instanceof ApiRequestError) || error.apiCode !== 'UNSUPPORTED_CHAIN') return error
    refused.add(network.caipNetworkId)
    return new ChainNotServedError({
      caipNetworkId: network.caipNetworkId,
      service: name,
      details: error.serverMessage,
      cause: error,
    })
  }
  return {
    portfolio: {
      supports,
      getBalances: async ({ address, network }) => {
        try {
          const response = await requestApi(portico, {
            path: `/v1/account/${encodeURIComponent(address)}/balance`,
            query: { chainId: network.caipNetworkId },
            schema: balanceResponseSchema,
          })
          return response.balances
        } catch (error) {
          throw notServed('portfolio', network, error)
        }
      },
    },
    activity: {
      supports,
      getTransactions: async ({ address, network, cursor }) => {
        try {
          return await requestApi(portico, {
            path: `/v1/account/${encodeURIComponent(address)}/history`,
            query: { chainId: network.caipNetworkId, cursor },
            schema: historyResponseSchema,
          })
        } catch (error) {
          throw notServed('activity', network, error)
        }
      },
    },
  }
}
