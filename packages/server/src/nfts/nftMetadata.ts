/**
 * An NFT's metadata (name, description, picture) from its `tokenURI` (ERC-721) or `uri` (ERC-1155,
 * `{id}` replaced by the id as 64 hex digits), fetched by the server and cached in `nft_metadata`.
 * URIs may be https, ipfs:// (read through the configured gateway) or data:. A URI or answer that
 * is refused (a private address, an oversized or malformed answer) is cached as failed, and the
 * token is then flagged as spam; a timeout or a network failure is not cached, so it is tried again.
 *
 * Pictures: the modal shows them only through `<img>`, never as inline markup. An SVG loaded by
 * `<img>` is rendered as an image: its scripts do not run and it cannot reach the page, so https
 * pictures of any type are passed on as URLs. A `data:` picture is accepted only as a raster image
 * (png, jpeg, gif, webp), and `image_data` (raw SVG markup in the metadata) is never used, so no
 * SVG text from a token ever travels inside an answer where a careless client could inline it.
 */
import type { Kysely } from 'kysely'
import { type Address, BaseError, HttpRequestError, type PublicClient, parseAbi, TimeoutError } from 'viem'
import type { ServerConfig } from '../config.js'
import type { Database } from '../db/schema.js'
import { fetchPublic, MetadataFetchError } from './fetchPublic.js'

export type NftStandard = 'erc721' | 'erc1155'

export interface NftMetadata {
  status: 'ok' | 'failed'
  name: string | null
  description: string | null
  image: string | null
}

const uriAbi = parseAbi([
  'function tokenURI(uint256 tokenId) view returns (string)',
  'function uri(uint256 id) view returns (string)',
])

const MAX_NAME = 200
const MAX_DESCRIPTION = 1_000
const MAX_URI = 8_192
const RASTER_DATA_URI = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$/

type NftsConfig = ServerConfig['nfts']

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g
const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

function isTransportFailure(error: unknown): boolean {
  if (!(error instanceof BaseError)) return !(error instanceof Error)
  return Boolean(error.walk((cause) => cause instanceof HttpRequestError || cause instanceof TimeoutError))
}

/** `ipfs://<cid>/<path>` (or `ipfs://ipfs/<cid>`) → the gateway's URL; undefined without a gateway. */
export function ipfsToGateway(uri: string, gateway: string | undefined): string | undefined {
  if (!gateway) return undefined
  const path = uri.replace(/^ipfs:\/\//i, '').replace(/^ipfs\//i, '')
  if (!/^[A-Za-z0-9]+(\/[^?#]*)?$/.test(path)) return undefined
  return `${gateway.replace(/\/+$/, '')}/ipfs/${path}`
}

/** The picture URL the modal may load, or null: https (http on a local stack), ipfs via the gateway, raster data:. */
export function pictureUrl(value: unknown, config: NftsConfig): string | null {
  if (typeof value !== 'string') return null
  const uri = value.trim()
  if (uri.length === 0) return null
  if (/^data:/i.test(uri))
    return uri.length <= config.metadataMaxBytes && RASTER_DATA_URI.test(uri) ? uri : null
  if (uri.length > MAX_URI) return null
  if (/^ipfs:\/\//i.test(uri)) return ipfsToGateway(uri, config.ipfsGateway) ?? null
  let parsed: URL
  try {
    parsed = new URL(uri)
  } catch {
    return null
  }
  if (parsed.protocol === 'https:' || (parsed.protocol === 'http:' && config.allowPrivateAddresses))
    return parsed.toString()
  return null
}

/** Reads the JSON a data: URI carries (base64 or percent-encoded). */
function decodeDataUri(uri: string, maxBytes: number): string {
  const match = /^data:([^,]*),(.*)$/is.exec(uri)
  if (!match) throw new MetadataFetchError('The data: URI has no comma.', true)
  const [, header = '', payload = ''] = match
  if (payload.length > maxBytes * 2) throw new MetadataFetchError('The data: URI is too large.', true)
  let text: string
  try {
    text = /;base64$/i.test(header)
      ? Buffer.from(payload, 'base64').toString('utf8')
      : decodeURIComponent(payload)
  } catch {
    throw new MetadataFetchError('The data: URI is not percent-encoded text.', true)
  }
  if (Buffer.byteLength(text) > maxBytes) throw new MetadataFetchError('The data: URI is too large.', true)
  return text
}

/** The metadata JSON's text, from any URI the token may give. */
async function readUri(uri: string, config: NftsConfig): Promise<string> {
  if (/^data:/i.test(uri)) return decodeDataUri(uri, config.metadataMaxBytes)
  if (uri.length > MAX_URI) throw new MetadataFetchError('The URI is too long.', true)
  let url = uri
  if (/^ipfs:\/\//i.test(uri)) {
    const gateway = ipfsToGateway(uri, config.ipfsGateway)
    if (!gateway) {
      // Not the token's fault when no gateway is configured: not cached as spam.
      throw new MetadataFetchError(
        config.ipfsGateway ? 'The ipfs:// URI is malformed.' : 'No IPFS gateway is configured.',
        Boolean(config.ipfsGateway),
      )
    }
    url = gateway
  }
  const { body } = await fetchPublic(url, {
    timeoutMs: config.metadataTimeoutMs,
    maxBytes: config.metadataMaxBytes,
    allowPrivate: config.allowPrivateAddresses,
  })
  return body.toString('utf8')
}

/** Name, description and picture from the metadata JSON (ERC-721 / ERC-1155 metadata schema). */
export function parseMetadata(text: string, config: NftsConfig): Omit<NftMetadata, 'status'> {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new MetadataFetchError('The metadata is not JSON.', true)
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new MetadataFetchError('The metadata is not a JSON object.', true)
  const record = json as Record<string, unknown>
  const text_ = (value: unknown, max: number) =>
    typeof value === 'string' && value.trim()
      ? // Control characters (NUL among them) and lone surrogates go: PostgreSQL refuses them in text.
        value.replace(LONE_SURROGATES, '\ufffd').replace(CONTROL_CHARACTERS, ' ').trim().slice(0, max)
      : null
  return {
    name: text_(record.name, MAX_NAME),
    description: text_(record.description, MAX_DESCRIPTION),
    image: pictureUrl(record.image ?? record.image_url, config),
  }
}

/** The token's metadata URI as the contract gives it, `{id}` substituted; null when it has none. */
export async function readTokenUri(
  client: PublicClient,
  contract: Address,
  tokenId: bigint,
  standard: NftStandard,
): Promise<string | null> {
  try {
    const uri = await client.readContract({
      address: contract,
      abi: uriAbi,
      functionName: standard === 'erc721' ? 'tokenURI' : 'uri',
      args: [tokenId],
    })
    const trimmed = uri.trim()
    if (!trimmed) return null
    return standard === 'erc1155'
      ? trimmed.replaceAll('{id}', tokenId.toString(16).padStart(64, '0'))
      : trimmed
  } catch (error) {
    // An unreachable node is not the token's fault: nothing is cached and the page fails.
    if (isTransportFailure(error)) throw error
    // A contract without the metadata extension: the token is listed without metadata.
    return null
  }
}

/**
 * The cached metadata of the tokens, fetching what is missing or stale (a few at a time).
 * @example
 * const metadata = await getNftMetadata({ db, client, config, chainId, tokens })
 */
export async function getNftMetadata(parameters: {
  db: Kysely<Database>
  client: PublicClient
  config: NftsConfig
  chainId: string
  tokens: readonly { contract: string; tokenId: string; standard: NftStandard }[]
  now: () => number
}): Promise<Map<string, NftMetadata>> {
  const { db, client, config, chainId, tokens, now } = parameters
  const result = new Map<string, NftMetadata>()
  if (tokens.length === 0) return result
  const key = (contract: string, tokenId: string) => `${contract}/${tokenId}`
  const cached = await db
    .selectFrom('nft_metadata')
    .selectAll()
    .where('chain', '=', chainId)
    .where((eb) =>
      eb.or(
        tokens.map((token) =>
          eb.and([eb('contract', '=', token.contract), eb('token_id', '=', token.tokenId)]),
        ),
      ),
    )
    .execute()
  const freshAfter = now() - config.metadataCacheMs
  for (const row of cached) {
    const fetchedAt =
      row.fetched_at instanceof Date ? row.fetched_at.getTime() : Date.parse(String(row.fetched_at))
    if (fetchedAt < freshAfter) continue
    result.set(key(row.contract, row.token_id), {
      status: row.status,
      name: row.name,
      description: row.description,
      image: row.image,
    })
  }
  const missing = tokens.filter((token) => !result.has(key(token.contract, token.tokenId)))
  const CONCURRENCY = 6
  for (let start = 0; start < missing.length; start += CONCURRENCY) {
    await Promise.all(
      missing.slice(start, start + CONCURRENCY).map(async (token) => {
        const fetched = await fetchOne(client, config, token)
        if (!fetched) return
        result.set(key(token.contract, token.tokenId), fetched.metadata)
        const row = {
          chain: chainId,
          contract: token.contract,
          token_id: token.tokenId,
          status: fetched.metadata.status,
          name: fetched.metadata.name,
          description: fetched.metadata.description,
          image: fetched.metadata.image,
          failure: fetched.failure,
          fetched_at: new Date(now()),
        }
        await db
          .insertInto('nft_metadata')
          .values(row)
          .onConflict((conflict) =>
            conflict.columns(['chain', 'contract', 'token_id']).doUpdateSet({
              status: row.status,
              name: row.name,
              description: row.description,
              image: row.image,
              failure: row.failure,
              fetched_at: row.fetched_at,
            }),
          )
          .execute()
      }),
    )
  }
  return result
}

/** One token's metadata; undefined when it could not be fetched for a passing reason (not cached). */
async function fetchOne(
  client: PublicClient,
  config: NftsConfig,
  token: { contract: string; tokenId: string; standard: NftStandard },
): Promise<{ metadata: NftMetadata; failure: string | null } | undefined> {
  const none = { name: null, description: null, image: null }
  const uri = await readTokenUri(client, token.contract as Address, BigInt(token.tokenId), token.standard)
  if (uri === null) return { metadata: { status: 'ok', ...none }, failure: null }
  try {
    return { metadata: { status: 'ok', ...parseMetadata(await readUri(uri, config), config) }, failure: null }
  } catch (error) {
    if (error instanceof MetadataFetchError && error.permanent)
      return { metadata: { status: 'failed', ...none }, failure: error.message.slice(0, 500) }
    if (error instanceof MetadataFetchError) return undefined
    throw error
  }
}
