/**
 * The ENS off-chain resolver gateway (CCIP-Read, EIP-3668; ENSIP-10 wildcard resolution), so a name
 * registered here resolves in any ENS-aware app once the site's ENS name uses the OffchainResolver
 * contract (`packages/server/contracts/OffchainResolver.sol`) with this server's URL and signer.
 *
 * The contract reverts `OffchainLookup` with `lookup(bytes name, bytes data, address resolver)` as
 * call data; a client fetches `GET /gateway/names/{sender}/{data}.json` (or POSTs `{ sender, data }`)
 * and hands the answer to the contract's `resolveWithProof`, which accepts it only if this server's
 * key signed `keccak256(0x1900 ‖ resolver ‖ expires ‖ keccak256(data) ‖ keccak256(result))` and it
 * has not expired. The resolver is named in the call data rather than taken from `sender`, because a
 * universal resolver that relays the lookup becomes its sender. ENS's own offchain-resolver request,
 * `resolve(bytes name, bytes data)`, is answered too, signed for `sender`.
 *
 * Answered: `addr(bytes32)` (coin type 60), `addr(bytes32,uint256)` and `text(bytes32,string)`;
 * other record types resolve to nothing. A name resolves to its address for coin type 60, for the
 * ENSIP-11 coin type it was signed on and for the ENSIP-19 default EVM coin type; an unregistered
 * name to nothing (the zero address, empty bytes, an empty text).
 */
import { ACCOUNT_NAME_SUFFIX_PATTERN } from '@portico/core/api'
import type { Context, Hono } from 'hono'
import type { Kysely } from 'kysely'
import {
  type Address,
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionResult,
  encodePacked,
  type Hex,
  isAddress,
  isHex,
  keccak256,
  namehash,
  parseAbi,
  zeroAddress,
} from 'viem'
import { privateKeyToAccount, sign } from 'viem/accounts'
import * as z from 'zod'
import type { Database } from '../db/schema.js'
import { ApiRefusal } from '../http/apiError.js'
import type { AppEnv } from '../http/appEnv.js'
import type { RateLimiter } from '../http/rateLimiter.js'
import { parseJsonBody } from '../http/readBody.js'
import { findAccountName } from './accountNameStore.js'
import type { NamesConfig } from './namesConfig.js'

export const ENS_GATEWAY_PATH = '/gateway/names'

/** What the OffchainResolver's `resolve` puts in its OffchainLookup, and ENS's offchain-resolver request. */
export const GATEWAY_REQUEST_ABI = parseAbi([
  'function lookup(bytes name, bytes data, address resolver) view returns (bytes result, uint64 expires, bytes signature)',
  'function resolve(bytes name, bytes data) view returns (bytes)',
])

/** The record functions the gateway answers. */
export const RECORD_ABI = parseAbi([
  'function addr(bytes32 node) view returns (address)',
  'function addr(bytes32 node, uint256 coinType) view returns (bytes)',
  'function text(bytes32 node, string key) view returns (string)',
])

/** ENSIP-19: the coin type every EVM chain falls back to. */
const DEFAULT_EVM_COIN_TYPE = 0x80000000n
/** A name's DNS wire form is at most 255 bytes; the call data with a text key a few hundred more. */
const MAX_CALL_DATA_BYTES = 2_048

/** Reads a DNS wire-format name (RFC 1035 §3.1, as ENSIP-10 passes it) into dotted labels. */
export function decodeDnsName(wire: Hex): string | undefined {
  const bytes = Buffer.from(wire.slice(2), 'hex')
  const labels: string[] = []
  let offset = 0
  while (offset < bytes.length) {
    const length = bytes[offset] ?? 0
    if (length === 0) return offset === bytes.length - 1 ? labels.join('.') : undefined
    const label = bytes.subarray(offset + 1, offset + 1 + length)
    if (label.length !== length) return undefined
    labels.push(label.toString('utf8'))
    offset += 1 + length
  }
  return undefined
}

/** The digest the OffchainResolver's `resolveWithProof` recovers the signer from. */
export function gatewaySignatureHash(parameters: {
  sender: Address
  expires: bigint
  request: Hex
  result: Hex
}): Hex {
  return keccak256(
    encodePacked(
      ['bytes2', 'address', 'uint64', 'bytes32', 'bytes32'],
      [
        '0x1900',
        parameters.sender,
        parameters.expires,
        keccak256(parameters.request),
        keccak256(parameters.result),
      ],
    ),
  )
}

export interface EnsGatewayRoutesOptions {
  config: NamesConfig
  db: Kysely<Database>
  now: () => number
  clientIp: (c: Context<AppEnv>) => string
  perIp: RateLimiter
}

const postSchema = z.object({ sender: z.string(), data: z.string() })

/** Registers the gateway's routes (outside `/v1`: any site's ENS client may call them). */
export function registerEnsGatewayRoutes(app: Hono<AppEnv>, options: EnsGatewayRoutesOptions): void {
  const { config, db, now, clientIp, perIp } = options
  const suffixes = Object.values(config.projects).flatMap((project) => project.suffixes)
  const signerKey = config.gateway.signerKey as Hex | undefined

  /** The result of one record call for `name`, ABI-encoded as the record function returns it. */
  const recordResult = async (name: string, recordCall: Hex): Promise<Hex> => {
    let call: ReturnType<typeof decodeFunctionData<typeof RECORD_ABI>>
    try {
      call = decodeFunctionData({ abi: RECORD_ABI, data: recordCall })
    } catch {
      throw new ApiRefusal(
        'BAD_REQUEST',
        'The gateway answers addr(bytes32), addr(bytes32,uint256) and text(bytes32,string) only.',
      )
    }
    if (call.args[0] !== namehash(name)) {
      throw new ApiRefusal('BAD_REQUEST', `The record call is for another node than ${name}'s.`)
    }
    // Only a single label under a configured suffix is an account name; the suffix itself is not.
    const underSuffix = suffixes.some((suffix) => {
      if (!name.endsWith(`.${suffix}`)) return false
      const label = name.slice(0, -(suffix.length + 1))
      return label.length > 0 && !label.includes('.')
    })
    const found = underSuffix ? await findAccountName(db, name) : undefined
    if (call.functionName === 'text') {
      const key = call.args[1] as string
      const value = found && Object.hasOwn(found.attributes, key) ? (found.attributes[key] ?? '') : ''
      return encodeFunctionResult({ abi: RECORD_ABI, functionName: 'text', result: value })
    }
    // Encoded by hand: the two `addr` overloads return different types, which the ABI helpers
    // cannot tell apart by name.
    if (call.args.length === 1) {
      const address = (found?.address as Address | undefined) ?? zeroAddress
      return encodeAbiParameters([{ type: 'address' }], [address])
    }
    const coinType = call.args[1] as bigint
    const answers =
      found !== undefined &&
      (coinType === 60n || coinType === DEFAULT_EVM_COIN_TYPE || coinType === BigInt(found.coinType))
    return encodeAbiParameters([{ type: 'bytes' }], [answers ? (found.address.toLowerCase() as Hex) : '0x'])
  }

  const answer = async (c: Context<AppEnv>, sender: string, data: string) => {
    const ip = clientIp(c)
    const hit = await perIp.hit(ip)
    if (!hit.allowed) {
      throw new ApiRefusal(
        'RATE_LIMITED',
        `Too many name resolutions from ${ip}: at most ${config.gateway.perIpPerMinute} a minute. Retry in ${hit.retryAfterSeconds} s.`,
        { 'Retry-After': String(hit.retryAfterSeconds) },
      )
    }
    if (!signerKey) {
      throw new ApiRefusal(
        'NAMES_NOT_CONFIGURED',
        'This server has no names.gateway.signerKey: it does not resolve names for ENS.',
      )
    }
    if (!isAddress(sender, { strict: false })) {
      throw new ApiRefusal(
        'BAD_REQUEST',
        `"${sender}" is not the resolver's address (0x followed by 40 hex digits).`,
      )
    }
    const request = data.toLowerCase()
    if (!isHex(request) || request.length > 2 + 2 * MAX_CALL_DATA_BYTES) {
      throw new ApiRefusal('BAD_REQUEST', 'The call data is not hex of at most 2 KiB.')
    }
    let resolveCall: { name: Hex; data: Hex; target: Address }
    try {
      const decoded = decodeFunctionData({ abi: GATEWAY_REQUEST_ABI, data: request })
      resolveCall =
        decoded.functionName === 'lookup'
          ? { name: decoded.args[0], data: decoded.args[1], target: decoded.args[2] }
          : { name: decoded.args[0], data: decoded.args[1], target: sender as Address }
    } catch {
      throw new ApiRefusal(
        'BAD_REQUEST',
        'The call data is neither lookup(bytes name, bytes data, address resolver) nor resolve(bytes name, bytes data).',
      )
    }
    const name = decodeDnsName(resolveCall.name)?.toLowerCase()
    if (name === undefined || !ACCOUNT_NAME_SUFFIX_PATTERN.test(name)) {
      throw new ApiRefusal('BAD_REQUEST', 'The name in the call data is not a DNS-encoded name.')
    }
    const result = await recordResult(name, resolveCall.data)
    const expires = BigInt(Math.floor(now() / 1000) + config.gateway.ttlSeconds)
    const hash = gatewaySignatureHash({ sender: resolveCall.target, expires, request, result })
    const signature = await sign({ hash, privateKey: signerKey, to: 'hex' })
    return c.json({
      data: encodeAbiParameters(
        [{ type: 'bytes' }, { type: 'uint64' }, { type: 'bytes' }],
        [result, expires, signature],
      ),
    })
  }

  // viem and other clients POST JSON, which browsers preflight.
  app.options(ENS_GATEWAY_PATH, (c) =>
    c.body(null, 204, {
      'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
      'Access-Control-Allow-Headers': 'content-type',
      'Access-Control-Max-Age': '600',
    }),
  )
  app.get(`${ENS_GATEWAY_PATH}/:sender/:data`, (c) =>
    answer(c, c.req.param('sender'), c.req.param('data').replace(/\.json$/, '')),
  )
  app.post(ENS_GATEWAY_PATH, async (c) => {
    const body = await parseJsonBody(c.req.raw, 8 * 1024, postSchema, 'gateway request')
    return answer(c, body.sender, body.data)
  })
}

/** The address the gateway's answers are signed by (the OffchainResolver's signer). */
export function gatewaySignerAddress(config: NamesConfig): Address | undefined {
  const key = config.gateway.signerKey as Hex | undefined
  return key ? privateKeyToAccount(key).address : undefined
}
