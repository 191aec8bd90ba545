import { BaseError } from '../errors/base.js'

/** NFTs cannot be read: no Portico server is configured, or no EVM account is connected. */
export class NftsUnavailableError extends BaseError {
  override name = 'NftsUnavailableError' as const
}
export type NftsUnavailableErrorType = NftsUnavailableError & { name: 'NftsUnavailableError' }
