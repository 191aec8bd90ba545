import { InvalidResponseError } from '../errors/base.js'
import type { Portico } from '../portico.js'
import { reportDomainEvent } from '../reportDomainEvent.js'
import type { SafeParser } from '../valueCheck.js'
import { apiErrorCheck } from './answerChecks.js'
import { ApiNotConfiguredError, ApiRequestError, ServerUnavailableError } from './clientErrors.js'

/** SPEC §9: HTTP default timeout, 10000 ms. */
export const API_TIMEOUT_MS = 10_000

export type CallApiParameters<T> = {
  /** Base URL of the Portico server. */
  apiUrl: string
  projectId: string
  /** SPEC §7 generic HTTP client. */
  method?: 'GET' | 'POST' | 'DELETE'
  /** Path below `apiUrl`, e.g. `/v1/account/0x…/balance`. */
  path: string
  /** Query parameters besides `projectId`; undefined values are left out. */
  query?: Readonly<Record<string, string | undefined>>
  /** Sent as JSON with POST. */
  body?: unknown
  /** Extra request headers (e.g. `authorization`). */
  headers?: Readonly<Record<string, string>>
  /** Every response is checked against it before use; a body-less answer (204) is `undefined`. */
  schema: SafeParser<T>
  timeoutMs?: number
}

export type RequestApiParameters<T> = Omit<CallApiParameters<T>, 'apiUrl' | 'projectId'>

/** Whether a Portico server is configured (`apiUrl` and `projectId`); without one nothing is requested. */
export function hasApiServer(portico: Portico): boolean {
  return Boolean(portico.options.apiUrl && portico.options.projectId)
}

/**
 * Calls the Portico server (SPEC §7 generic HTTP client) with the instance's `projectId`, gives up
 * after 10 s (SPEC §9), and returns the body once it matches `schema`. Refusals throw
 * `ApiRequestError` and show their SPEC §8 alert once; no answer, a timeout or a 5xx throw
 * `ServerUnavailableError`; a body that does not match throws `InvalidResponseError`.
 *
 * @example
 * const { balances } = await requestApi(portico, {
 *   path: `/v1/account/${address}/balance`,
 *   query: { chainId: 'eip155:1' },
 *   schema: balanceResponseSchema,
 * })
 */
export async function requestApi<T>(portico: Portico, parameters: RequestApiParameters<T>): Promise<T> {
  const { apiUrl, projectId } = portico.options
  if (!apiUrl || !projectId) throw new ApiNotConfiguredError()
  try {
    return await callApi({ ...parameters, apiUrl, projectId })
  } catch (error) {
    if (error instanceof ApiRequestError)
      reportDomainEvent(portico, { type: 'serverRefused', apiCode: error.apiCode, status: error.status })
    throw error
  }
}

/**
 * `requestApi` without an instance: for code that talks to a Portico server on its own, such as
 * the server-backed sign-in storage of `@portico/siwx`. Shows no alerts.
 *
 * @example
 * const { nonce } = await callApi({ apiUrl, projectId, method: 'POST', path: '/v1/siwx/nonce', schema })
 */
export async function callApi<T>(parameters: CallApiParameters<T>): Promise<T> {
  const { apiUrl, projectId } = parameters
  // Relative to `apiUrl` with its path: a server behind `https://example.com/portico` keeps it.
  const url = new URL(parameters.path.replace(/^\/+/, ''), apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`)
  url.searchParams.set('projectId', projectId)
  for (const [name, value] of Object.entries(parameters.query ?? {}))
    if (value !== undefined) url.searchParams.set(name, value)
  const method = parameters.method ?? 'GET'
  const timeoutMs = parameters.timeoutMs ?? API_TIMEOUT_MS
  const controller = new AbortController()
  const giveUp = setTimeout(() => controller.abort(), timeoutMs)
  const what = `${method} ${url.pathname}`

  let response: Response
  let text: string
  try {
    response = await fetch(url, {
      method,
      headers: {
        accept: 'application/json',
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
        ...parameters.headers,
      },
      ...(method === 'POST' ? { body: JSON.stringify(parameters.body ?? null) } : {}),
      signal: controller.signal,
    })
    text = await response.text()
  } catch (error) {
    throw new ServerUnavailableError({
      details: controller.signal.aborted
        ? `${what}: no answer within ${timeoutMs} ms.`
        : `${what}: ${String(error)}`,
      cause: error,
    })
  } finally {
    clearTimeout(giveUp)
  }

  let body: unknown
  try {
    body = text === '' ? undefined : JSON.parse(text)
  } catch (error) {
    if (response.status >= 500)
      throw new ServerUnavailableError({ status: response.status, details: `${what}: ${response.status}` })
    throw new InvalidResponseError('server response', { details: `${what}: not JSON`, cause: error })
  }

  if (!response.ok) {
    const refusal = apiErrorCheck.safeParse(body)
    if (response.status >= 500)
      throw new ServerUnavailableError({
        status: response.status,
        ...(refusal.success ? { apiCode: refusal.data.error.code } : {}),
        details: `${what}: ${response.status}${refusal.success ? ` ${refusal.data.error.message}` : ''}`,
      })
    if (!refusal.success)
      throw new InvalidResponseError('server error response', {
        details: `${what}: ${response.status} without an error body`,
      })
    const { code, message } = refusal.data.error
    throw new ApiRequestError({ apiCode: code, status: response.status, message })
  }

  const parsed = parameters.schema.safeParse(body)
  if (!parsed.success)
    throw new InvalidResponseError('server response', { details: `${what}: ${parsed.error.message}` })
  return parsed.data
}
