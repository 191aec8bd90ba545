import {
  BaseError,
  InvalidChainIdError,
  ProviderRequestError,
  UnrecognizedChainError,
  UserRejectedRequestError,
} from '@portico/core'

/**
 * Reads the EIP-1193 code of a wallet error, including the copy MetaMask mobile nests in
 * `data.originalError.code`.
 */
export function getProviderErrorCode(error: unknown): number | undefined {
  const record = asRecord(error)
  const nested = asRecord(asRecord(record?.data)?.originalError)?.code
  if (typeof nested === 'number') return nested
  return typeof record?.code === 'number' ? record.code : undefined
}

/**
 * Turns whatever a wallet threw into a typed Portico error: 4001 → UserRejectedRequestError,
 * 4902 → UnrecognizedChainError, ±32603 while switching → InvalidChainIdError, else
 * ProviderRequestError (code 5000). Portico errors pass through unchanged.
 * @example
 * try { await provider.request({ method }) } catch (error) { throw mapProviderError(error, { method }) }
 */
export function mapProviderError(error: unknown, context: { method: string }): BaseError {
  if (error instanceof BaseError) return error
  const code = getProviderErrorCode(error)
  const message = asRecord(error)?.message
  const details = `${context.method}${code === undefined ? '' : ` (code ${code})`}: ${typeof message === 'string' ? message : String(error)}`
  if (code === 4001) return new UserRejectedRequestError({ cause: error, details })
  if (code === 4902) return new UnrecognizedChainError({ cause: error, details })
  const switching =
    context.method === 'wallet_switchEthereumChain' || context.method === 'wallet_addEthereumChain'
  if (switching && (code === -32603 || code === 32603))
    return new InvalidChainIdError({ cause: error, details })
  return new ProviderRequestError('The wallet could not complete the request.', { cause: error, details })
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined
}
