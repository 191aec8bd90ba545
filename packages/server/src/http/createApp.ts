/**
 * The HTTP API (Hono). Every `/v1/*` and `/e` request names its project (`?projectId=`); the
 * project's allowed origins decide which sites' pages may use it. Instances keep no state but
 * caches: on PostgreSQL the rate-limit counters, nonces, sessions and mail limits are in the
 * database, so several instances serve one database as one.
 */
import { timingSafeEqual } from 'node:crypto'
import type { SiwxVerifier } from '@portico/siwx'
import { type Context, Hono } from 'hono'
import { matchedRoutes } from 'hono/route'
import type { Kysely } from 'kysely'
import { isAddress, BaseError as ViemError } from 'viem'
import { createSponsorship, PAYMASTER_METHODS } from '../accountAbstraction/sponsorship.js'
import { InvalidCursorError } from '../activity/errors.js'
import { getHistory } from '../activity/getHistory.js'
import { getSolanaHistory } from '../activity/solanaHistory.js'
import { AnalyticsQueueFullError, createAnalyticsBatcher } from '../analytics/analyticsBatcher.js'
import { InvalidAnalyticsError, parseAnalyticsBody, SDK_LABEL } from '../analytics/ingestEvents.js'
import { isAuthPath, registerAuthRoutes } from '../auth/authRoutes.js'
import { AUTH_DEVICE_APPROVE_PATH } from '../auth/deviceApprovalRoutes.js'
import { smartAccountNetworks } from '../auth/frameConfigRoute.js'
import { createMailer, MailDeliveryError, type Mailer } from '../auth/mailer.js'
import { getFrameOrigin } from '../auth/publicUrl.js'
import { isSocialCallbackPath } from '../auth/social/socialRoutes.js'
import { registerBitcoinRoutes } from '../bitcoin/bitcoinRoutes.js'
import { isSolanaNetworkId, type ServerConfig } from '../config.js'
import { databasePoolStats } from '../db/createDatabase.js'
import { isMigrated } from '../db/migrate.js'
import type { Database } from '../db/schema.js'
import { defaultFrameDir, registerFrameRoutes } from '../frame/serveFrame.js'
import type { Logger } from '../logger.js'
import { registerEnsGatewayRoutes } from '../names/ensGateway.js'
import { registerIdentityRoutes } from '../names/identityRoutes.js'
import { registerNamesRoutes } from '../names/namesRoutes.js'
import { getNfts, nftClient } from '../nfts/getNfts.js'
import { registerOnrampRoutes } from '../onramp/onrampRoutes.js'
import { listPurchases } from '../onramp/purchases.js'
import { UpstreamError } from '../portfolio/errors.js'
import { getBalances } from '../portfolio/getBalances.js'
import { createStaticPriceSource, type PriceSource } from '../portfolio/prices.js'
import { isBase58Address } from '../portfolio/solanaAddress.js'
import { getSolanaBalances } from '../portfolio/solanaBalances.js'
import { isOriginAllowed } from '../projects/origins.js'
import { isProjectId } from '../projects/projects.js'
import { createSiwxVerifiers } from '../siwx/createVerifiers.js'
import { registerSiwxRoutes } from '../siwx/siwxRoutes.js'
import type { SwapProvider } from '../swap/swapProvider.js'
import { registerSwapRoutes } from '../swap/swapRoutes.js'
import { registerWalletRegistryRoutes } from '../walletRegistry/walletRegistryRoutes.js'
import { ApiRefusal } from './apiError.js'
import type { AppEnv } from './appEnv.js'
import { createMetrics, type Metrics } from './metrics.js'
import { createProjectCache } from './projectCache.js'
import { createDatabaseRateLimiter, createRateLimiter } from './rateLimiter.js'
import { readBody, refuseUnstorableText } from './readBody.js'
import {
  DEFAULT_ALLOWED_METHODS,
  DEFAULT_SOLANA_ALLOWED_METHODS,
  findChain,
  proxyJsonRpc,
} from './rpcProxy.js'
import { isUnstorableText } from './storableText.js'

/** The JSON-RPC proxy's paths (SPEC §7: `/v1/?chainId&projectId`). */
const isRpcProxyPath = (path: string) => path === '/v1' || path === '/v1/'

export interface AppDependencies {
  config: ServerConfig
  db: Kysely<Database>
  logger: Logger
  /** The clock of caches and rate limits; tests move it forward. */
  now?: () => number
  /** Used for upstream RPC calls. */
  fetch?: typeof fetch
  /** Where USD prices come from; the config's static table when omitted. */
  prices?: PriceSource
  /** Swap providers besides the server's own on-chain one (an aggregator a site has a key for). */
  swapProviders?: readonly SwapProvider[]
  /** True while the server shuts down: `/ready` answers 503 so a load balancer stops sending. */
  isDraining?: () => boolean
  /** The sign-in verifiers, one per namespace; EVM, Solana, Bitcoin and Polkadot when omitted. */
  siwxVerifiers?: readonly SiwxVerifier[]
  /** Sends the e-mail login's mails; SMTP over `auth.smtp` when omitted. */
  mailer?: Mailer
  /** What `/metrics` reports; a fresh set when omitted. */
  metrics?: Metrics
  /** The chains' head blocks as the embedded indexer last saw them (the lag in `/metrics`). */
  indexerHeads?: () => ReadonlyMap<string, bigint>
}

/** The route a request matched, as registered (`/v1/account/:address/balance`), or `unmatched`. */
function routeOf(c: Context): string {
  const route = matchedRoutes(c)
    .filter((matched) => matched.path !== '/*')
    .at(-1)
  return route?.path ?? 'unmatched'
}

/** Compares in time independent of where the strings differ. */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** Paths that need a project. */
function needsProject(path: string): boolean {
  return path === '/e' || path === '/v1' || path.startsWith('/v1/')
}

function refuse(c: Context, refusal: ApiRefusal): Response {
  for (const [name, value] of Object.entries(refusal.headers)) c.header(name, value)
  return c.json(refusal.toBody(), refusal.status)
}

/**
 * Builds the HTTP app over a migrated database.
 * @example
 * const app = createApp({ config, db, logger })
 * const response = await app.request('/health')
 */
export function createApp(deps: AppDependencies): Hono<AppEnv> {
  const { config, db, logger } = deps
  const now = deps.now ?? Date.now
  const projects = createProjectCache(db, config.projectCacheMs, now)
  // Shared through the database when several instances can share one (PostgreSQL); in memory on
  // PGlite, a single process, where a round trip per request would buy nothing.
  const sharedLimits =
    config.rateLimit.store === 'database' || (config.rateLimit.store === 'auto' && !!config.databaseUrl)
  const makeLimiter = (name: string, limit: number, windowMs?: number) =>
    sharedLimits
      ? createDatabaseRateLimiter({ db, name, limit, now, ...(windowMs ? { windowMs } : {}) })
      : createRateLimiter({ limit, now, ...(windowMs ? { windowMs } : {}) })
  const perIp = makeLimiter('ip', config.rateLimit.perIp)
  const perProject = makeLimiter('project', config.rateLimit.perProject)
  const analyticsPerIp = makeLimiter('analytics-ip', config.analytics.perIpBytesPerMinute)
  const analyticsPerProject = makeLimiter('analytics-project', config.analytics.perProjectBytesPerMinute)
  const metrics = deps.metrics ?? createMetrics()
  const analytics = createAnalyticsBatcher({ db, logger })
  metrics.addGauge({
    name: 'portico_db_pool_connections',
    help: 'Database connections by state (PGlite: its one connection), and queries waiting for one.',
    read: () => {
      const stats = databasePoolStats(db)
      if (!stats) return []
      return [
        { labels: { state: 'total' }, value: stats.total },
        { labels: { state: 'idle' }, value: stats.idle },
        { labels: { state: 'waiting' }, value: stats.waiting },
      ]
    },
  })
  metrics.addGauge({
    name: 'portico_analytics_queued_events',
    help: 'Analytics events waiting for the next database write.',
    read: () => [{ labels: {}, value: analytics.queued }],
  })
  metrics.addGauge({
    name: 'portico_indexer_block',
    help: 'The last block indexed per chain (from the database, whichever instance indexes it).',
    read: async () => {
      const rows = await db.selectFrom('activity_chains').select(['chain', 'last_block']).execute()
      return rows.map((row) => ({ labels: { chain: row.chain }, value: Number(row.last_block) }))
    },
  })
  metrics.addGauge({
    name: 'portico_indexer_lag_blocks',
    help: "Blocks between the chain's head, as this instance's indexer last saw it, and the last indexed.",
    read: async () => {
      const heads = deps.indexerHeads?.()
      if (!heads || heads.size === 0) return []
      const rows = await db.selectFrom('activity_chains').select(['chain', 'last_block']).execute()
      return rows.flatMap((row) => {
        const head = heads.get(row.chain)
        if (head === undefined) return []
        const lag = head - BigInt(row.last_block)
        return [{ labels: { chain: row.chain }, value: Number(lag > 0n ? lag : 0n) }]
      })
    },
  })
  // Mails counted as they leave; SMTP failures counted here, limits' refusals in onError.
  let smtpMailer = deps.mailer
  const countedMailer: Mailer = {
    async send(mail) {
      smtpMailer ??= createMailer(config.auth.smtp)
      try {
        await smtpMailer.send(mail)
      } catch (error) {
        if (error instanceof MailDeliveryError) metrics.mailRefused('smtp_failed')
        throw error
      }
      metrics.mailSent()
    },
    close() {
      smtpMailer?.close()
    },
  }
  const sponsorship = createSponsorship({ config: config.paymaster, db, now })
  const allowedMethods = new Set(config.rpc.allowedMethods ?? DEFAULT_ALLOWED_METHODS)
  const solanaAllowedMethods = new Set(config.rpc.allowedMethods ?? DEFAULT_SOLANA_ALLOWED_METHODS)
  const staticPrices = deps.prices ?? createStaticPriceSource(config.prices)
  const frameOrigin = getFrameOrigin(config)

  const clientIp = (c: Context<AppEnv>): string => {
    if (config.trustProxy) {
      // The last entry is the one our own proxy added; earlier ones are whatever the client sent.
      const forwarded = c.req
        .header('x-forwarded-for')
        ?.split(',')
        .map((part) => part.trim())
        .filter(Boolean)
      const last = forwarded?.at(-1)
      if (last) return last
    }
    return c.env?.incoming?.socket?.remoteAddress ?? 'unknown'
  }

  const app = new Hono<AppEnv>()

  // One log line per request. The path only: query strings can carry things that do not belong in logs.
  app.use(async (c, next) => {
    const started = performance.now()
    await next()
    const seconds = (performance.now() - started) / 1000
    const projectId = c.get('project')?.id ?? c.req.query('projectId')
    logger.info('request', {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      durationMs: Math.round(seconds * 10_000) / 10,
      ...(projectId ? { projectId } : {}),
    })
    metrics.request(c.req.method, routeOf(c), c.res.status, seconds)
  })

  // CORS. Every response, refusals included, names the caller's origin, so the modal can read why a
  // request was refused (SPEC §8 maps the codes to its alerts); a refused origin gets nothing but
  // the refusal, because the project check below runs before any handler.
  app.use(async (c, next) => {
    await next()
    const origin = c.req.header('origin')
    if (!origin) return
    c.res.headers.set('Access-Control-Allow-Origin', origin)
    c.res.headers.append('Vary', 'Origin')
    c.res.headers.set('Access-Control-Expose-Headers', 'Retry-After')
  })

  app.onError((error, c) => {
    if (error instanceof ApiRefusal) {
      if (error.code === 'EMAIL_COOLDOWN') metrics.mailRefused('cooldown')
      else if (error.code === 'EMAIL_LIMIT') metrics.mailRefused('daily_cap')
      else if (error.code === 'RATE_LIMITED' && error.message.includes('login e-mails'))
        metrics.mailRefused('sender_limit')
      return refuse(c, error)
    }
    logger.error('request failed', { method: c.req.method, path: c.req.path, err: error })
    return refuse(
      c,
      new ApiRefusal('INTERNAL', 'The server failed to answer this request; its log has the details.'),
    )
  })

  app.notFound((c) =>
    refuse(c, new ApiRefusal('NOT_FOUND', `There is nothing at ${c.req.method} ${c.req.path}.`)),
  )

  app.get('/health', (c) => c.json({ status: 'ok' }))

  // Off unless a token is configured: the figures tell a stranger which routes and chains are used.
  const metricsToken = config.metrics.token
  if (metricsToken) {
    app.get('/metrics', async (c) => {
      const given = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1]
      if (!given || !sameSecret(given, metricsToken)) {
        return c.text('/metrics needs Authorization: Bearer <metrics.token of the server config>.\n', 401, {
          'WWW-Authenticate': 'Bearer realm="metrics"',
        })
      }
      return c.text(await metrics.render(), 200, {
        'Content-Type': 'text/plain; version=0.0.4; charset=utf-8',
      })
    })
  }

  app.get('/ready', async (c) => {
    if (deps.isDraining?.()) {
      throw new ApiRefusal('UNAVAILABLE', 'The server is shutting down.')
    }
    if (!(await isMigrated(db))) {
      throw new ApiRefusal(
        'UNAVAILABLE',
        'The database does not answer or its migrations are not applied (run portico-server migrate).',
      )
    }
    return c.json({ status: 'ready' })
  })

  // Rate limit, then project, then origin, before any handler of /v1/* and /e.
  app.use(async (c, next) => {
    if (!needsProject(c.req.path)) return next()
    const ip = clientIp(c)
    const ipHit = await perIp.hit(ip)
    if (!ipHit.allowed) {
      throw new ApiRefusal(
        'RATE_LIMITED',
        `Too many requests from ${ip}: at most ${config.rateLimit.perIp} a minute. Retry in ${ipHit.retryAfterSeconds} s.`,
        { 'Retry-After': String(ipHit.retryAfterSeconds) },
      )
    }
    // A preflight carries no credentials and does nothing. It is answered for every origin so the
    // browser goes on to send the real request, whose refusal (with its code) the modal can read;
    // a refused preflight would surface only as an unreadable network error.
    if (c.req.method === 'OPTIONS') {
      const requested = c.req.header('access-control-request-headers')
      return c.body(null, 204, {
        'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
        'Access-Control-Allow-Headers':
          requested && /^[\w\s,-]+$/.test(requested) ? requested : 'content-type, authorization',
        'Access-Control-Max-Age': '600',
      })
    }
    // The approval link of a device mail is opened from a mail client: no project, any origin.
    if (c.req.path === AUTH_DEVICE_APPROVE_PATH) return next()
    // A social login's provider sends the browser back to its callback: no project, the provider's
    // origin. The attempt the callback's state names carries the project.
    if (isSocialCallbackPath(c.req.path)) return next()
    // Checked before anything reads them: the database refuses such text with an error, not a 400.
    for (const [name, values] of Object.entries(c.req.queries())) {
      if (isUnstorableText(name) || values.some(isUnstorableText)) {
        throw new ApiRefusal(
          'BAD_REQUEST',
          'A query parameter holds a NUL character or an unpaired UTF-16 surrogate, which none accepts.',
        )
      }
    }
    const projectId = c.req.query('projectId')
    if (!projectId) {
      throw new ApiRefusal(
        'PROJECT_ID_MISSING',
        'The projectId query parameter is missing. Set projectId in the Portico config of your site to a project created with: portico-server project add <id> --origin <your site origin>',
      )
    }
    if (!isProjectId(projectId)) {
      throw new ApiRefusal(
        'BAD_REQUEST',
        'The projectId query parameter is not a project id: those are 1 to 64 letters, digits, "-" or "_", starting with a letter or digit.',
      )
    }
    const project = await projects.get(projectId)
    if (!project) {
      throw new ApiRefusal(
        'INVALID_PROJECT_ID',
        `There is no project "${projectId}" on this server. Create it with: portico-server project add ${projectId} --origin <your site origin>`,
      )
    }
    // The list keeps other sites' pages from using the project through visitors' browsers. It is
    // not authentication: a request without an Origin header (a server, curl) can claim anything,
    // so it is let through; rate limits bound what it can do.
    // The embedded wallet's frame is served from this server, not from one of the project's sites;
    // it alone may call /v1/auth/*, which checks the frame's origin itself, and it reaches the
    // chains through the RPC proxy like the modal does.
    const origin = c.req.header('origin')
    const isFrame = origin === frameOrigin && (isAuthPath(c.req.path) || isRpcProxyPath(c.req.path))
    if (origin !== undefined && !isFrame && !isOriginAllowed(project.allowedOrigins, origin)) {
      throw new ApiRefusal(
        'ORIGIN_NOT_ALLOWED',
        // The project's list is not named: a stranger's page must not learn which sites use it.
        `The origin ${origin} is not allowed for project "${project.id}". Its operator can allow it: portico-server project list shows the allowed origins, and portico-server project origins ${project.id} --origin <each of them> --origin ${origin} sets the new list.`,
      )
    }
    const projectHit = await perProject.hit(project.id)
    if (!projectHit.allowed) {
      throw new ApiRefusal(
        'RATE_LIMITED',
        `Project "${project.id}" made too many requests: at most ${config.rateLimit.perProject} a minute. Retry in ${projectHit.retryAfterSeconds} s.`,
        { 'Retry-After': String(projectHit.retryAfterSeconds) },
      )
    }
    c.set('project', project)
    return next()
  })

  /** Counts `extra` more requests for the request's client and project, refusing when over a limit. */
  const countExtra = async (c: Context<AppEnv>, extra: number) => {
    const ip = clientIp(c)
    const ipHit = await perIp.hit(ip, extra)
    if (!ipHit.allowed) {
      throw new ApiRefusal(
        'RATE_LIMITED',
        `Too many requests from ${ip}: at most ${config.rateLimit.perIp} a minute, each item of a JSON-RPC batch counted. Retry in ${ipHit.retryAfterSeconds} s.`,
        { 'Retry-After': String(ipHit.retryAfterSeconds) },
      )
    }
    const project = c.get('project')
    const projectHit = await perProject.hit(project.id, extra)
    if (!projectHit.allowed) {
      throw new ApiRefusal(
        'RATE_LIMITED',
        `Project "${project.id}" made too many requests: at most ${config.rateLimit.perProject} a minute, each item of a JSON-RPC batch counted. Retry in ${projectHit.retryAfterSeconds} s.`,
        { 'Retry-After': String(projectHit.retryAfterSeconds) },
      )
    }
  }

  // SPEC §7: the blockchain JSON-RPC endpoint, /v1/?chainId={chainId}&projectId={projectId}.
  const rpcHandler = async (c: Context<AppEnv>) => {
    const chain = findChain(config.chains, c.req.query('chainId'))
    const body = await readBody(c.req.raw, config.rpc.maxBodyBytes)
    const result = await proxyJsonRpc({
      body,
      chain,
      allowedMethods: isSolanaNetworkId(chain.caipNetworkId) ? solanaAllowedMethods : allowedMethods,
      maxBatch: config.rpc.maxBatch,
      timeoutMs: config.rpc.timeoutMs,
      maxLogsBlockSpan: config.rpc.maxLogsBlockSpan,
      // The request itself was counted on the way in; a batch's other items count too.
      countItems: async (count) => {
        if (count > 1) await countExtra(c, count - 1)
      },
      bundlerUrl: chain.bundlerUrl,
      // ERC-7677 on the same endpoint: a wallet's paymaster URL is its RPC URL.
      ...(chain.caipNetworkId.startsWith('eip155:')
        ? {
            localMethods: new Map(
              [...PAYMASTER_METHODS].map((method) => [
                method,
                (params: unknown) =>
                  sponsorship.handle(method, params, {
                    project: c.get('project'),
                    chain,
                    client: clientIp(c),
                  }),
              ]),
            ),
          }
        : {}),
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    })
    if (result.body === undefined) return c.body(null, 204)
    return c.json(result.body)
  }
  app.post('/v1', rpcHandler)
  app.post('/v1/', rpcHandler)

  const accountAddress = (c: Context<AppEnv>): `0x${string}` => {
    const address = c.req.param('address') ?? ''
    if (!isAddress(address, { strict: false })) {
      throw new ApiRefusal(
        'BAD_REQUEST',
        `"${address}" is not an EVM address (0x followed by 40 hex digits).`,
      )
    }
    return address
  }

  // Esplora-compatible routes for the bip122: chains; their balances are served below as well.
  const bitcoin = registerBitcoinRoutes(app, {
    config: config.bitcoin,
    now,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  })

  const swap = registerSwapRoutes(app, {
    config,
    logger,
    now,
    prices: staticPrices,
    ...(deps.swapProviders ? { providers: deps.swapProviders } : {}),
  })
  // With `swap.portfolioPrices`, balances and history are valued at the pools' prices where the
  // swap chains have them, the static table elsewhere.
  const onchainPrices = config.swap.portfolioPrices ? swap.prices : undefined
  const prices: PriceSource = onchainPrices ?? staticPrices
  /** Reads the pools' prices of a chain's tokens before a handler values them (a no-op without them). */
  const preparePrices = async (chain: {
    caipNetworkId: string
    nativeCurrency: { decimals: number }
    tokens: readonly { address: string; decimals: number }[]
  }) => {
    if (!onchainPrices) return
    await onchainPrices.prepare([
      { chainId: chain.caipNetworkId, decimals: chain.nativeCurrency.decimals },
      ...chain.tokens.map((token) => ({
        chainId: chain.caipNetworkId,
        address: token.address as `0x${string}`,
        decimals: token.decimals,
      })),
    ])
  }

  // The portfolio and the history read EVM and Solana chains only. A chain of another namespace is
  // refused as one this server does not serve, which the client remembers for the session and
  // asks no more about, rather than as a bad EVM address.
  const refuseUnservedNamespace = (c: Context<AppEnv>) => {
    const chainId = c.req.query('chainId')
    if (!chainId || /^\d+$/.test(chainId) || chainId.startsWith('eip155:') || isSolanaNetworkId(chainId))
      return
    throw new ApiRefusal(
      'UNSUPPORTED_CHAIN',
      `This server keeps balances and history for eip155 and solana chains only, not for ${chainId}.`,
    )
  }

  // Checked before the chain is looked up, as for EVM, so a bad address is a 400 on any chain id.
  const solanaAccountAddress = (c: Context<AppEnv>): string | undefined => {
    if (!isSolanaNetworkId(c.req.query('chainId') ?? '')) return undefined
    const address = c.req.param('address') ?? ''
    if (!isBase58Address(address)) {
      throw new ApiRefusal(
        'BAD_REQUEST',
        `"${address}" is not a Solana address (base58 of a 32-byte public key).`,
      )
    }
    return address
  }

  const upstreamErrors = async <T>(chainId: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await work()
    } catch (error) {
      // UpstreamError already names the chain and what failed; other viem errors do not.
      if (error instanceof UpstreamError) throw new ApiRefusal('UPSTREAM_ERROR', error.shortMessage)
      if (error instanceof ViemError) {
        throw new ApiRefusal('UPSTREAM_ERROR', `The RPC node of ${chainId} failed: ${error.shortMessage}`)
      }
      throw error
    }
  }

  app.get('/v1/account/:address/balance', async (c) => {
    const bitcoinChain = c.req.query('chainId')
    if (bitcoinChain && bitcoin.serves(bitcoinChain)) {
      return c.json(await bitcoin.balances(bitcoinChain, c.req.param('address'), prices))
    }
    refuseUnservedNamespace(c)
    const solanaAddress = solanaAccountAddress(c)
    if (solanaAddress !== undefined) {
      const chain = findChain(config.chains, c.req.query('chainId'))
      const balances = await upstreamErrors(chain.caipNetworkId, () =>
        getSolanaBalances({
          chain,
          address: solanaAddress,
          prices,
          logger,
          ...(deps.fetch ? { fetch: deps.fetch } : {}),
        }),
      )
      return c.json(balances)
    }
    const address = accountAddress(c)
    const chain = findChain(config.chains, c.req.query('chainId'))
    await preparePrices(chain)
    const balances = await upstreamErrors(chain.caipNetworkId, () =>
      getBalances({ chain, address, prices, logger }),
    )
    return c.json(balances)
  })

  // SPEC §7: the transactions fetch sends `onramp`. With it, the first page starts with the
  // account's card purchases on the chain (newest first), whatever their status; later pages are
  // the chain's transactions only, so a cursor means the same with or without it.
  const withPurchases = async <T extends { data: unknown[] }>(
    c: Context<AppEnv>,
    chain: string,
    address: string,
    history: T,
  ): Promise<T> => {
    const onramp = c.req.query('onramp')
    if (!onramp || onramp === 'false' || c.req.query('cursor')) return history
    const purchases = await listPurchases(db, { address, chain })
    return { ...history, data: [...purchases, ...history.data] }
  }

  app.get('/v1/account/:address/history', async (c) => {
    const bitcoinChain = c.req.query('chainId')
    if (bitcoinChain && bitcoin.serves(bitcoinChain)) {
      const cursor = c.req.query('cursor')
      return c.json(await bitcoin.history(bitcoinChain, c.req.param('address'), prices, cursor))
    }
    refuseUnservedNamespace(c)
    const solanaAddress = solanaAccountAddress(c)
    if (solanaAddress !== undefined) {
      const chain = findChain(config.chains, c.req.query('chainId'))
      const cursor = c.req.query('cursor')
      const history = await upstreamErrors(chain.caipNetworkId, () =>
        getSolanaHistory({
          chain,
          address: solanaAddress,
          prices,
          ...(cursor ? { cursor } : {}),
          ...(deps.fetch ? { fetch: deps.fetch } : {}),
        }),
      ).catch((error: unknown) => {
        if (error instanceof InvalidCursorError) throw new ApiRefusal('BAD_REQUEST', error.message)
        throw error
      })
      return c.json(await withPurchases(c, chain.caipNetworkId, solanaAddress, history))
    }
    const address = accountAddress(c)
    const chain = findChain(config.chains, c.req.query('chainId'))
    const cursor = c.req.query('cursor')
    await preparePrices(chain)
    try {
      const history = await upstreamErrors(chain.caipNetworkId, () =>
        getHistory({
          db,
          chain,
          address,
          prices,
          nfts: { config: config.nfts, client: nftClient(chain), now },
          ...(cursor ? { cursor } : {}),
        }),
      )
      return c.json(await withPurchases(c, chain.caipNetworkId, address.toLowerCase(), history))
    } catch (error) {
      if (error instanceof InvalidCursorError) throw new ApiRefusal('BAD_REQUEST', error.message)
      throw error
    }
  })

  // SPEC §2 Account tabs: the NFTs an account holds on an EVM chain (ERC-721 and ERC-1155).
  app.get('/v1/account/:address/nfts', async (c) => {
    const chainId = c.req.query('chainId')
    if (chainId && (bitcoin.serves(chainId) || isSolanaNetworkId(chainId))) {
      throw new ApiRefusal(
        'UNSUPPORTED_CHAIN',
        `This server keeps NFTs for eip155 chains only, not for ${chainId}.`,
      )
    }
    refuseUnservedNamespace(c)
    const address = accountAddress(c)
    const chain = findChain(config.chains, chainId)
    const cursor = c.req.query('cursor')
    try {
      const nfts = await upstreamErrors(chain.caipNetworkId, () =>
        getNfts({ db, chain, config: config.nfts, address, now, ...(cursor ? { cursor } : {}) }),
      )
      return c.json(nfts)
    } catch (error) {
      if (error instanceof InvalidCursorError) throw new ApiRefusal('BAD_REQUEST', error.message)
      throw error
    }
  })

  registerOnrampRoutes(app, { config, db, logger, now, clientIp })

  const siwxVerifiers = deps.siwxVerifiers ?? createSiwxVerifiers(config)
  registerSiwxRoutes(app, { config, db, now, verifiers: siwxVerifiers })

  const HOUR = 3_600_000
  registerNamesRoutes(app, {
    config: config.names,
    db,
    now,
    verifiers: siwxVerifiers,
    clientIp,
    limiters: {
      perIp: makeLimiter('names-ip', config.names.rateLimit.perIpPerHour, HOUR),
      perAddress: makeLimiter('names-address', config.names.rateLimit.perAddressPerHour, HOUR),
      perProject: makeLimiter('names-project', config.names.rateLimit.perProjectPerHour, HOUR),
    },
  })
  registerIdentityRoutes(app, { config, db, logger, now })
  // Outside /v1: ENS clients of any site call it, with no project (the name says which one).
  registerEnsGatewayRoutes(app, {
    config: config.names,
    db,
    now,
    clientIp,
    perIp: makeLimiter('names-gateway-ip', config.names.gateway.perIpPerMinute),
  })

  registerAuthRoutes(app, {
    config,
    db,
    now,
    logger,
    clientIp,
    makeLimiter,
    mailer: countedMailer,
    smartAccountNetworks: (projectId) => smartAccountNetworks(config, projectId),
  })
  registerWalletRegistryRoutes(app, { config })
  registerFrameRoutes(app, {
    dir: config.frame.dir ?? defaultFrameDir(),
    getProject: (id) => projects.get(id),
  })

  // SPEC §7: POST /e?projectId&st&sv with the events of createAnalytics (@portico/core).
  app.post('/e', async (c) => {
    const sdkType = c.req.query('st')
    const sdkVersion = c.req.query('sv')
    if (!sdkType || !sdkVersion) {
      throw new ApiRefusal(
        'BAD_REQUEST',
        'The st (SDK type) and sv (SDK version) query parameters are required.',
      )
    }
    if (!SDK_LABEL.test(sdkType) || !SDK_LABEL.test(sdkVersion)) {
      throw new ApiRefusal(
        'BAD_REQUEST',
        'The st (SDK type) and sv (SDK version) query parameters are 1 to 64 letters, digits and . _ + @ / -, such as st=portico&sv=react-1.2.3.',
      )
    }
    const text = await readBody(c.req.raw, config.analytics.maxBodyBytes)
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      throw new ApiRefusal(
        'BAD_REQUEST',
        'The analytics body is not valid JSON: send a JSON array of events.',
      )
    }
    let events: ReturnType<typeof parseAnalyticsBody>
    try {
      events = parseAnalyticsBody(parsed)
    } catch (error) {
      if (error instanceof InvalidAnalyticsError) throw new ApiRefusal('BAD_REQUEST', error.message)
      throw error
    }
    refuseUnstorableText(events, 'analytics')
    // What the events take in the database, roughly: the storage caps count these bytes.
    const bytes = Buffer.byteLength(text)
    const projectId = c.get('project').id
    const ip = clientIp(c)
    for (const [limiter, key, limit, who] of [
      [analyticsPerIp, ip, config.analytics.perIpBytesPerMinute, ip],
      [analyticsPerProject, projectId, config.analytics.perProjectBytesPerMinute, `project "${projectId}"`],
    ] as const) {
      const hit = await limiter.hit(key, bytes)
      if (!hit.allowed) {
        throw new ApiRefusal(
          'RATE_LIMITED',
          `Too many analytics events from ${who}: at most ${limit} bytes a minute are stored. Retry in ${hit.retryAfterSeconds} s.`,
          { 'Retry-After': String(hit.retryAfterSeconds) },
        )
      }
    }
    try {
      await analytics.ingest({ projectId, sdkType, sdkVersion, events })
    } catch (error) {
      if (error instanceof AnalyticsQueueFullError)
        throw new ApiRefusal('UNAVAILABLE', error.message, { 'Retry-After': '1' })
      throw error
    }
    return c.body(null, 204)
  })

  for (const path of ['/v1', '/v1/', '/e']) {
    app.all(path, (c) => {
      throw new ApiRefusal('METHOD_NOT_ALLOWED', `${c.req.method} is not supported on ${path}; use POST.`, {
        Allow: 'POST',
      })
    })
  }

  return app
}
