/**
 * `GET /v1/identity/{address}?chainId=` (SPEC §3 profileName and profileImage, §9 identity 5 min;
 * names are eip155 only): `{ name, avatar }`, the address's primary ENS name, checked by forward
 * resolution, and its avatar text record, read through the chain's universal resolver on the RPC
 * node the proxy uses, after the project, origin and rate-limit checks every `/v1/*` request
 * passes. An address without a primary name is answered with the first name it registered on this
 * server in the project (`/v1/names`), as a visitor who registered one expects to be greeted by it.
 */
import type { IdentityAnswer } from '@portico/core/api'
import type { Hono } from 'hono'
import type { Kysely } from 'kysely'
import { type Address, type Client, isAddress, BaseError as ViemError } from 'viem'
import type { ServerConfig } from '../config.js'
import type { Database } from '../db/schema.js'
import { ApiRefusal } from '../http/apiError.js'
import type { AppEnv } from '../http/appEnv.js'
import { findChain } from '../http/rpcProxy.js'
import type { Logger } from '../logger.js'
import { findAccountNamesOf } from './accountNameStore.js'
import { createIdentityCache } from './identityCache.js'
import { createIdentityClient, readIdentity, viemUniversalResolvers } from './readIdentity.js'

/** All answers of an instance together, in characters: a few thousand data: avatars. */
const MAX_CACHED_CHARACTERS = 32 * 1024 * 1024

export interface IdentityRoutesOptions {
  config: ServerConfig
  db: Kysely<Database>
  logger: Logger
  /** The cache's clock; tests move it forward. */
  now: () => number
}

/** Registers `GET /v1/identity/:address`. */
export function registerIdentityRoutes(app: Hono<AppEnv>, options: IdentityRoutesOptions): void {
  const { config, db, logger, now } = options
  const settings = config.names.identity
  const resolvers: Record<string, Address | null> = {
    ...viemUniversalResolvers(),
    ...(settings.universalResolvers as Record<string, Address | null>),
  }
  const cache = createIdentityCache({
    maxEntries: settings.maxEntries,
    maxCharacters: MAX_CACHED_CHARACTERS,
    now,
  })
  const clients = new Map<string, Client>()
  const clientOf = (caipNetworkId: string, rpcUrl: string) => {
    let client = clients.get(caipNetworkId)
    if (!client) {
      client = createIdentityClient({
        rpcUrl,
        timeoutMs: config.rpc.timeoutMs,
        allowPrivateGateways: settings.allowPrivateGateways,
      })
      clients.set(caipNetworkId, client)
    }
    return client
  }

  app.get('/v1/identity/:address', async (c) => {
    const chainId = c.req.query('chainId')
    if (chainId && !/^\d+$/.test(chainId) && !chainId.startsWith('eip155:')) {
      throw new ApiRefusal('UNSUPPORTED_CHAIN', `Names are read on eip155 chains only, not on ${chainId}.`)
    }
    const address = c.req.param('address')
    if (!isAddress(address, { strict: false })) {
      throw new ApiRefusal(
        'INVALID_ADDRESS',
        `"${address.slice(0, 100)}" is not an EVM address (0x followed by 40 hex digits).`,
      )
    }
    const chain = findChain(config.chains, chainId)
    const resolver = resolvers[chain.caipNetworkId]
    if (!resolver) {
      throw new ApiRefusal(
        'UNSUPPORTED_CHAIN',
        `${chain.caipNetworkId} has no ENS universal resolver on this server: its operator adds one under names.identity.universalResolvers in the server config.`,
      )
    }
    const key = `${chain.caipNetworkId}/${address.toLowerCase()}`
    let answer: IdentityAnswer
    try {
      answer = await cache.get(key, async () => {
        const value = await readIdentity(clientOf(chain.caipNetworkId, chain.rpcUrl), resolver, address)
        return {
          value,
          ttlMs: (value.name ? settings.cacheSeconds : settings.negativeCacheSeconds) * 1000,
        }
      })
    } catch (error) {
      logger.warn('identity: the name service could not be read', { chain: chain.caipNetworkId, err: error })
      const why = error instanceof ViemError ? error.shortMessage : 'its answer could not be read'
      throw new ApiRefusal(
        'UPSTREAM_ERROR',
        `The name service of ${chain.caipNetworkId} could not be read: ${why}`,
      )
    }
    if (answer.name === null && config.names.projects[c.get('project').id]) {
      // Read each time (not cached): a name just registered or released shows at once.
      const [own] = await findAccountNamesOf(db, c.get('project').id, address)
      if (own) answer = { name: own.name, avatar: own.attributes.avatar ?? null }
    }
    return c.json(answer)
  })
}
