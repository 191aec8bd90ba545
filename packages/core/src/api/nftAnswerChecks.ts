/**
 * The NFTs route's answer checked by hand: the same rules as the zod schema of `nftSchemas.ts`,
 * which the server builds its answers from, so the NFTs tab downloads no zod.
 * `nftAnswerChecks.test.ts` holds the check to its schema on generated good and bad answers.
 */
import { CAIP2_PATTERN } from '../network/caip.js'
import {
  arrayOf,
  boolean,
  nullable,
  object,
  oneOf,
  parser,
  type SafeParser,
  string,
  stringWhere,
  type ValueCheck,
} from '../valueCheck.js'
import type { Nft, NftsResponse } from './nftSchemas.js'

const matching = (pattern: RegExp) => stringWhere((value) => pattern.test(value))
// At most 78 digits: a uint256 written out, as the schema allows.
const uint256 = matching(/^\d{1,78}$/)

const nft: ValueCheck<Nft> = object(
  {
    chainId: matching(CAIP2_PATTERN),
    contract: matching(/^0x[0-9a-fA-F]{40}$/),
    tokenId: uint256,
    standard: oneOf(['erc721', 'erc1155']),
    amount: uint256,
    isSpam: boolean,
  },
  { name: string, collection: string, description: string, imageUrl: string },
)

export const nftsResponseCheck: SafeParser<NftsResponse> = parser(
  object({ data: arrayOf(nft), next: nullable(string) }),
)
