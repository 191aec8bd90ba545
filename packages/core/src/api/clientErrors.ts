import { BaseError, type BaseErrorOptions } from '../errors/base.js'
import type { ApiErrorCode } from './schemas.js'

/** The server refused the request (4xx) with one of the codes of the server contract. */
export class ApiRequestError extends BaseError {
  override name = 'ApiRequestError' as const
  /** The refusal code from the response body (`PROJECT_ID_MISSING`, `RATE_LIMITED`, …). */
  readonly apiCode: ApiErrorCode
  /** The HTTP status. */
  readonly status: number
  /** The server's own sentence about what it refused. */
  readonly serverMessage: string
  constructor(parameters: { apiCode: ApiErrorCode; status: number; message: string }) {
    super('The Portico server refused the request.', {
      details: `${parameters.status} ${parameters.apiCode}: ${parameters.message}`,
    })
    this.apiCode = parameters.apiCode
    this.status = parameters.status
    this.serverMessage = parameters.message
  }
}
export type ApiRequestErrorType = ApiRequestError & { name: 'ApiRequestError' }

/** The server could not be reached, did not answer within the timeout, or answered 5xx. */
export class ServerUnavailableError extends BaseError {
  override name = 'ServerUnavailableError' as const
  /** The HTTP status of a 5xx answer; undefined when no answer arrived. */
  readonly status: number | undefined
  /** The code from a 5xx body (`UPSTREAM_ERROR`, `UNAVAILABLE`), when it had one. */
  readonly apiCode: ApiErrorCode | undefined
  constructor(
    parameters: { status?: number; apiCode?: ApiErrorCode; details: string } & Pick<
      BaseErrorOptions,
      'cause'
    >,
  ) {
    super('The Portico server is not available.', { details: parameters.details, cause: parameters.cause })
    this.status = parameters.status
    this.apiCode = parameters.apiCode
  }
}
export type ServerUnavailableErrorType = ServerUnavailableError & { name: 'ServerUnavailableError' }

/** A request was made with no `apiUrl` or `projectId` configured; nothing was sent. */
export class ApiNotConfiguredError extends BaseError {
  override name = 'ApiNotConfiguredError' as const
  constructor() {
    super('No Portico server is configured.', { details: 'Set `apiUrl` and `projectId` to use it.' })
  }
}
export type ApiNotConfiguredErrorType = ApiNotConfiguredError & { name: 'ApiNotConfiguredError' }
