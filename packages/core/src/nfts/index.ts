// `@portico/core/nfts`: the NFTs tab (SPEC §2 Account tabs), in an entry of its own so core's main
// entry (what a page that only connects loads) carries none of it. Its answers are checked by hand
// (api/nftAnswerChecks.ts): zod stays on the server.

export type { Nft, NftsResponse } from '../api/nftSchemas.js'
export type { NftsError, NftsState } from '../state.js'
export type {
  GetAccountNftsErrorType,
  GetAccountNftsParameters,
  GetAccountNftsReturnType,
} from './getAccountNfts.js'
export { getAccountNfts } from './getAccountNfts.js'
export type { LoadNftsParameters, LoadNftsReturnType } from './loadNfts.js'
export { loadNfts } from './loadNfts.js'
export type { NftItem, NftsInfo } from './nfts.js'
export { getNfts, watchNfts } from './nfts.js'
export { NftsUnavailableError, type NftsUnavailableErrorType } from './nftsErrors.js'
