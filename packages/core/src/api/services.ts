/**
 * The services Portico reads account data from (ARCHITECTURE "Services"): the site's own when it
 * passes them to `createPortico` (`services`), otherwise defaults over the Portico server. Which
 * networks a service serves is not written into core: a service may say so (`supports`), and a
 * refusal (`ChainNotServedError`, the server's `UNSUPPORTED_CHAIN`) is remembered for the session,
 * so a network is asked about once.
 */
import type { ActivityService } from '../activity/activityService.js'
import type { PortfolioService } from '../balances/portfolioService.js'
import { BaseError, type BaseErrorOptions, InvalidResponseError } from '../errors/base.js'
import type { Network } from '../network/types.js'
import type { Portico } from '../portico.js'
import { MalformedValueError, parser, type SafeParser } from '../valueCheck.js'
import { balanceResponseCheck } from './answerChecks.js'
import { hasApiServer, requestApi } from './client.js'
import { ApiRequestError } from './clientErrors.js'
import type { HistoryResponse } from './schemas.js'
import type { PorticoServices, ResolvedServices, ServiceName } from './serviceTypes.js'

/**
 * Thrown by a service for a network it does not serve. Portico stops asking that service about
 * the network for the rest of the session: balances come from the adapter, no Activity tab.
 */
export class ChainNotServedError extends BaseError {
  override name = 'ChainNotServedError' as const
  /**
   * @param caipNetworkId The network refused (CAIP-2).
   * @example throw new ChainNotServedError(network.caipNetworkId)
   */
  constructor(
    readonly caipNetworkId: string,
    options: BaseErrorOptions = {},
  ) {
    super(`The service does not serve ${caipNetworkId}.`, options)
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
    portico.internal.logger.warn(`${name} service: supports threw`, error)
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
  portico.internal.logger.warn(`${name} service: ${network.caipNetworkId} not served`, error)
  notServed[name].add(network.caipNetworkId)
  return true
}

/** `value` once it matches the server contract: a service's malformed answer is a failure. */
export function checkAnswer<T>(schema: SafeParser<T>, value: unknown, service: ServiceName): T {
  const parsed = schema.safeParse(value)
  if (!parsed.success)
    throw new InvalidResponseError(`${service} service answer`, { details: parsed.error.message })
  return parsed.data
}

/**
 * The history answer's top: `fetchActivity` checks every activity service's answer (a site's own
 * too) against the history check field by field, and that check comes with the Activity tab's code,
 * not with the page's first load.
 */
const historyAnswerTop = parser((value, path = '') => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new MalformedValueError(path)
  return value as HistoryResponse
})

/**
 * The default services over the Portico server. The server refuses a network it keeps no portfolio
 * or history for with `UNSUPPORTED_CHAIN`; both routes serve the same networks, so a refusal by
 * either tells the other too, and the Activity tab is not offered for a network whose balances
 * were refused.
 */
function createServerServices(portico: Portico): Required<Pick<PorticoServices, ServiceName>> {
  const refused = new Set<string>()
  const supports = (network: Network) => !refused.has(network.caipNetworkId)
  const ask = async <T>(
    route: string,
    parameters: {
      address: string
      network: Network
      cursor?: string | undefined
      onramp?: string | undefined
    },
    schema: SafeParser<T>,
  ): Promise<T> => {
    const { caipNetworkId } = parameters.network
    try {
      return await requestApi(portico, {
        path: `/v1/account/${encodeURIComponent(parameters.address)}/${route}`,
        query: { chainId: caipNetworkId, cursor: parameters.cursor, onramp: parameters.onramp },
        schema,
      })
    } catch (error) {
      if (!(error instanceof ApiRequestError) || error.apiCode !== 'UNSUPPORTED_CHAIN') throw error
      refused.add(caipNetworkId)
      throw new ChainNotServedError(caipNetworkId, { details: error.serverMessage, cause: error })
    }
  }
  return {
    portfolio: {
      supports,
      getBalances: async (parameters) => (await ask('balance', parameters, balanceResponseCheck)).balances,
    },
    activity: {
      supports,
      // SPEC §7: the transactions fetch sends `onramp`; the site's card purchases come with the history.
      getTransactions: (parameters) =>
        ask(
          'history',
          {
            ...parameters,
            onramp: portico.config.onramp && portico.options.features.onramp ? 'true' : undefined,
          },
          historyAnswerTop,
        ),
    },
  }
}
