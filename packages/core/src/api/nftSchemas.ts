/**
 * The NFTs route of a Portico server: `GET /v1/account/{address}/nfts?projectId&chainId&cursor`
 * (SPEC §2 Account tabs: NFTs). The ERC-721 and ERC-1155 tokens the account holds on one EVM
 * chain, as the server's indexer saw them transferred and the chain confirms for the page shown,
 * with the metadata the server fetched (name, description, picture) and a spam flag. Imports only
 * zod and the import-free CAIP module: the client reads it in the NFTs tab's own chunk.
 *
 * Pictures (`imageUrl`) are https URLs (http on a local stack) or data: URIs of raster images;
 * clients show them through `<img>` only, never as inline markup.
 * Refusals (`apiErrorSchema`): `BAD_REQUEST` (a malformed address or cursor), `UNSUPPORTED_CHAIN`
 * (not an EVM chain of the server), `UPSTREAM_ERROR` (the chain's node failed).
 */
import * as z from 'zod/mini'
import { CAIP2_PATTERN } from '../network/caip.js'

const caipNetworkId = z.string().check(z.regex(CAIP2_PATTERN))

export const nftSchema = z.object({
  /** CAIP-2 network. */
  chainId: caipNetworkId,
  /** The collection's contract, checksummed. */
  contract: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
  /** Decimal. */
  tokenId: z.string().check(z.regex(/^\d{1,78}$/)),
  standard: z.enum(['erc721', 'erc1155']),
  /** How many the account holds: 1 for ERC-721. Decimal. */
  amount: z.string().check(z.regex(/^\d{1,78}$/)),
  /** The token's own name (metadata), when it has one. */
  name: z.optional(z.string()),
  /** The collection's name (the contract's `name()`), when it has one. */
  collection: z.optional(z.string()),
  description: z.optional(z.string()),
  /** The picture, to be shown through `<img>` only. */
  imageUrl: z.optional(z.string()),
  /** Flagged by the server's spam lists or heuristics; the modal does not show these. */
  isSpam: z.boolean(),
})
export type Nft = z.infer<typeof nftSchema>

export const nftsResponseSchema = z.object({
  data: z.array(nftSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  next: z.nullable(z.string()),
})
export type NftsResponse = z.infer<typeof nftsResponseSchema>
