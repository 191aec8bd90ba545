import { acceptApiErrorCodes } from '../api/answerChecks.js'
import { requestApi } from '../api/client.js'
import { ApiRequestError } from '../api/clientErrors.js'
import { ONRAMP_API_ERROR_CODES } from '../api/onrampApiErrorCodes.js'
import { BaseError } from '../errors/base.js'
import type { Portico } from '../portico.js'
import { object, parser, string } from '../valueCheck.js'
import { getOnrampProviders } from './getOnrampProviders.js'
import type { OnrampProviderId } from './onrampProviders.js'

/** The window the provider's widget opens in, as far as Portico uses it. */
export interface OnrampWindow {
  location: { href: string }
  close(): void
}

export type OpenOnrampParameters = {
  provider: OnrampProviderId
  /** The fiat amount to start with, e.g. `"50"`; the widget asks when omitted. */
  fiatAmount?: string | undefined
  /** ISO 4217, e.g. `"USD"`. */
  fiatCurrency?: string | undefined
  /**
   * The window opened by the visitor's click, before anything was awaited (so pop-up blockers
   * allow it); null when the browser refused to open one.
   */
  popup: OnrampWindow | null
}
export type OpenOnrampReturnType = { url: string }
export type OpenOnrampErrorType = OnrampError

/** Why buying could not start: a message key the Buy view shows. */
export class OnrampError extends BaseError {
  override name = 'OnrampError' as const
  constructor(
    readonly reason: 'popupBlocked' | 'notOffered' | 'refused' | 'unavailable',
    message: string,
    options: { cause?: unknown } = {},
  ) {
    super(message, options)
  }
}
export type OnrampErrorType = OnrampError & { name: 'OnrampError' }

const urlAnswer = parser(object({ url: string }))

/**
 * Opens the provider's widget for the connected account (SPEC §9 card purchase): the Portico server
 * signs the widget URL with the site's secret (never in the page), then the window the click opened
 * goes there. If anything fails the window is closed and an `OnrampError` says why.
 *
 * @example
 * const popup = window.open('', '_blank') // in the click handler, before any await
 * await openOnramp(portico, { provider: 'moonpay', fiatAmount: '50', fiatCurrency: 'USD', popup })
 */
export async function openOnramp(
  portico: Portico,
  parameters: OpenOnrampParameters,
): Promise<OpenOnrampReturnType> {
  const { popup, provider } = parameters
  acceptApiErrorCodes(ONRAMP_API_ERROR_CODES)
  try {
    if (!popup) throw new OnrampError('popupBlocked', 'The browser blocked the purchase window.')
    const namespace = portico.state.modal.activeChain
    const chain = namespace ? portico.state.chains[namespace] : undefined
    const address = chain?.accountState.address
    const network = chain?.networkState.caipNetwork
    const offered = getOnrampProviders(portico).some((candidate) => candidate.id === provider)
    if (!offered || !address || !network) {
      throw new OnrampError('notOffered', `Buying through ${provider} is not offered for this account.`)
    }
    const publicKey =
      provider === 'moonpay'
        ? portico.config.onramp?.moonpay?.apiKey
        : portico.config.onramp?.mercuryo?.widgetId
    let answer: { url: string }
    try {
      answer = await requestApi(portico, {
        method: 'POST',
        path: '/v1/onramp/url',
        query: {
          provider,
          address,
          chainId: network.caipNetworkId,
          fiatAmount: parameters.fiatAmount,
          fiatCurrency: parameters.fiatCurrency,
          publicKey,
        },
        schema: urlAnswer,
      })
    } catch (error) {
      if (error instanceof ApiRequestError && error.status < 500) {
        throw new OnrampError('refused', error.serverMessage, { cause: error })
      }
      throw new OnrampError('unavailable', 'The Portico server did not answer.', { cause: error })
    }
    // Only a web page of the provider: never a javascript: or data: URL from a misbehaving server.
    if (!/^https:\/\//.test(answer.url))
      throw new OnrampError('unavailable', 'The server answered no https URL.')
    popup.location.href = answer.url
    return { url: answer.url }
  } catch (error) {
    try {
      popup?.close()
    } catch {
      // Already closed by the visitor.
    }
    throw error
  }
}
