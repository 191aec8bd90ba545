import { requestApi } from '../api/client.js'
import type { ApiRequestErrorType, ServerUnavailableErrorType } from '../api/clientErrors.js'
import { nftsResponseCheck } from '../api/nftAnswerChecks.js'
import type { NftsResponse } from '../api/nftSchemas.js'
import type { InvalidResponseErrorType } from '../errors/base.js'
import type { Portico } from '../portico.js'
import { NftsUnavailableError, type NftsUnavailableErrorType } from './nftsErrors.js'
import { getNftsTarget } from './nftsTarget.js'

export type GetAccountNftsParameters = {
  /** The `next` of the previous page; the first page when left out. */
  cursor?: string | undefined
}
export type GetAccountNftsReturnType = NftsResponse
export type GetAccountNftsErrorType =
  | NftsUnavailableErrorType
  | ApiRequestErrorType
  | ServerUnavailableErrorType
  | InvalidResponseErrorType

/**
 * One page of the connected EVM account's NFTs on the active network, from the Portico server
 * (`GET /v1/account/{address}/nfts`), spam included and flagged. Rejects with
 * `NftsUnavailableError` without a server or an EVM account, `ApiRequestError` for a refusal (a
 * network it does not serve: `apiCode` `UNSUPPORTED_CHAIN`), `ServerUnavailableError` when it does
 * not answer, `InvalidResponseError` for an answer that does not match the contract.
 *
 * @example
 * const { data, next } = await getAccountNfts(portico)
 * const more = next ? await getAccountNfts(portico, { cursor: next }) : undefined
 */
export async function getAccountNfts(
  portico: Portico,
  parameters: GetAccountNftsParameters = {},
): Promise<GetAccountNftsReturnType> {
  const target = getNftsTarget(portico)
  if (!target)
    throw new NftsUnavailableError(
      'NFTs need a Portico server (apiUrl and projectId) and a connected EVM account.',
    )
  return requestApi(portico, {
    path: `/v1/account/${target.address}/nfts`,
    query: { chainId: target.network.caipNetworkId, cursor: parameters.cursor },
    schema: nftsResponseCheck,
  })
}
