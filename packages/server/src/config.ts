/**
 * The server's configuration: a JSON file (`--config path` or `PORTICO_CONFIG`) with environment
 * variables on top. Everything is checked with zod at start-up, so a typo stops the server with a
 * message that names the field instead of failing later on a request.
 */
import { CAIP2_PATTERN } from '@portico/core/api'
import * as z from 'zod'
import { paymasterConfigSchema } from './accountAbstraction/paymasterConfig.js'
import { hourlyLimitsSchema } from './auth/hourlyLimits.js'
import { InvalidMasterKeyError, parseMasterKey } from './auth/masterKey.js'
import { socialConfigSchema } from './auth/social/socialConfig.js'
import { bitcoinConfigSchema } from './bitcoin/bitcoinConfig.js'
import { namesConfigSchema } from './names/namesConfig.js'
import { onrampConfigSchema } from './onramp/onrampConfig.js'
import { isBase58Address } from './portfolio/solanaAddress.js'
import { resolveSwapChain, swapConfigSchema } from './swap/swapConfig.js'

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const EVM_ADDRESS_MESSAGE = 'expected a 0x-prefixed 20-byte address'
const address = z.string().regex(EVM_ADDRESS, EVM_ADDRESS_MESSAGE)
const caipNetworkId = z.string().regex(CAIP2_PATTERN, 'expected a CAIP-2 id such as eip155:1')

/** Methods that sign with the node's own keys, or inspect or control the node: never forwarded. */
const NEVER_FORWARDED =
  /^(eth_sendTransaction$|eth_sign|eth_accounts$|eth_coinbase$|personal_|debug_|anvil_|evm_|hardhat_|admin_|miner_|txpool_|engine_|clique_|les_)/

/** Whether a JSON-RPC method must never reach the upstream node, whatever the config says. */
export function isNeverForwarded(method: string): boolean {
  return NEVER_FORWARDED.test(method)
}

export const tokenConfigSchema = z.object({
  /** An ERC-20 contract, or a base58 mint on a Solana chain; checked against the chain's namespace. */
  address: z.string().min(1),
  name: z.string().min(1),
  symbol: z.string().min(1),
  decimals: z.number().int().min(0).max(36),
  iconUrl: z.string().optional(),
})
export type TokenConfig = z.infer<typeof tokenConfigSchema>

/** Whether a CAIP-2 id names a Solana network (`solana:<genesis-hash-prefix>`). */
export function isSolanaNetworkId(caipNetworkId: string): boolean {
  return caipNetworkId.startsWith('solana:')
}

const chainObjectSchema = z.object({
  /** CAIP-2, e.g. `eip155:1`, or `solana:<genesis-hash-prefix>` for a Solana chain. */
  caipNetworkId,
  name: z.string().min(1),
  /**
   * Upstream JSON-RPC endpoint; the RPC proxy forwards to it and the indexer reads from it. A
   * Solana JSON-RPC endpoint on a Solana chain.
   */
  rpcUrl: z.url(),
  nativeCurrency: z.object({
    name: z.string().min(1),
    symbol: z.string().min(1),
    decimals: z.number().int().min(0).max(36),
    iconUrl: z.string().optional(),
  }),
  /** ERC-20 tokens (SPL mints on Solana) whose balances the portfolio reports, with their names and icons. */
  tokens: z.array(tokenConfigSchema).default([]),
  /** A Multicall3-compatible contract; the canonical address when omitted. */
  multicallAddress: address.optional(),
  /**
   * The chain's ERC-4337 bundler (EntryPoint v0.8): the RPC proxy forwards `eth_sendUserOperation`
   * and the other bundler methods to it, and the chain is smart-account enabled (SPEC §3
   * smartAccountEnabledNetworks). EVM chains only.
   */
  bundlerUrl: z.url().optional(),
  /**
   * Token contracts (ERC-20 or NFT collections) known to be spam: their transfers carry
   * `nft_info.flags.is_spam`, so the client drops transactions made only of them (SPEC §5).
   */
  spamTokens: z.array(z.string().min(1)).default([]),
  indexer: z
    .object({
      enabled: z.boolean().default(true),
      /** First block to index; later blocks only are followed when omitted (the head at first start). */
      startBlock: z.number().int().min(0).optional(),
      /** Blocks behind the head that are treated as final. Newer ones are re-checked for re-orgs. */
      confirmations: z.number().int().min(0).default(0),
      pollIntervalMs: z.number().int().min(50).default(2_000),
      /** Blocks fetched per round. */
      batchBlocks: z.number().int().min(1).max(10_000).default(200),
    })
    .prefault({}),
})

/** EVM-only options: Solana chains have no multicall contract and no block indexer. */
const EVM_ONLY_CHAIN_OPTIONS = ['multicallAddress', 'indexer', 'bundlerUrl'] as const

const isIndexerOff = (value: unknown) =>
  typeof value === 'object' &&
  value !== null &&
  Object.keys(value).length === 1 &&
  (value as { enabled?: unknown }).enabled === false

export const chainConfigSchema = z.preprocess(
  (input, context) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return input
    const raw = input as Record<string, unknown>
    if (typeof raw.caipNetworkId !== 'string' || !isSolanaNetworkId(raw.caipNetworkId)) return input
    // Refused rather than ignored, so an operator is not left waiting for an indexer that never runs.
    for (const option of EVM_ONLY_CHAIN_OPTIONS) {
      if (raw[option] === undefined || (option === 'indexer' && isIndexerOff(raw.indexer))) continue
      context.addIssue({
        code: 'custom',
        path: [option],
        input: raw[option],
        message: `${option} applies to EVM chains only; a Solana chain has no ${option === 'indexer' ? 'block indexer (its activity is read from the node on request)' : option === 'bundlerUrl' ? 'ERC-4337 bundler' : 'multicall contract'}: remove it`,
      })
    }
    return { ...raw, indexer: { enabled: false } }
  },
  chainObjectSchema.check(
    // `when` lets the namespace checks run beside the other fields' issues, so all are reported at once.
    z.superRefine(
      (chain, context) => {
        const solana = typeof chain.caipNetworkId === 'string' && isSolanaNetworkId(chain.caipNetworkId)
        const check = (value: unknown, path: (string | number)[]) => {
          if (typeof value !== 'string') return
          if (solana ? isBase58Address(value) : EVM_ADDRESS.test(value)) return
          context.addIssue({
            code: 'custom',
            path,
            input: value,
            message: solana ? 'expected a base58 32-byte Solana mint address' : EVM_ADDRESS_MESSAGE,
          })
        }
        if (Array.isArray(chain.tokens)) {
          for (const [index, token] of chain.tokens.entries())
            check(token?.address, ['tokens', index, 'address'])
        }
        if (Array.isArray(chain.spamTokens)) {
          for (const [index, token] of chain.spamTokens.entries()) check(token, ['spamTokens', index])
        }
      },
      { when: () => true },
    ),
  ),
)
export type ChainConfig = z.infer<typeof chainConfigSchema>

export const serverConfigSchema = z
  .object({
    host: z.string().default('127.0.0.1'),
    port: z.number().int().min(0).max(65_535).default(8787),
    /** PGlite's data directory, used when no `databaseUrl` is set. `memory://` keeps nothing on disk. */
    dataDir: z.string().default('.portico-data'),
    /** `postgres://…`: use PostgreSQL instead of the embedded database (env `DATABASE_URL`). */
    databaseUrl: z.string().optional(),
    chains: z.array(chainConfigSchema).default([]),
    /** Bitcoin (`bip122:`) chains and their Esplora-compatible routes; see bitcoin/bitcoinConfig.ts. */
    bitcoin: bitcoinConfigSchema.prefault({}),
    /** Swaps (`/v1/swap/*`) quoted from Uniswap pools; see swap/swapConfig.ts. */
    swap: swapConfigSchema.prefault({}),
    /**
     * The site's own verifying paymaster (ERC-7677 `pm_*` methods on the RPC proxy): its contract per
     * chain, the signing key and each project's policy; see accountAbstraction/paymasterConfig.ts.
     */
    paymaster: paymasterConfigSchema.prefault({}),
    /** Buying with a card (`/v1/onramp/*`): each project's provider keys; see onramp/onrampConfig.ts. */
    onramp: onrampConfigSchema.prefault({}),
    /** Account names (`/v1/names/*`) and the ENS gateway; see names/namesConfig.ts. */
    names: namesConfigSchema.prefault({}),
    /**
     * The static price table, in USD: keys are `<caipNetworkId>/native` for a chain's native token
     * and `<caipNetworkId>/<token address>` for a token (addresses compared case-insensitively).
     */
    prices: z.record(z.string(), z.number().nonnegative()).default({}),
    /**
     * Take the client's IP from the last `X-Forwarded-For` entry (the one the proxy in front of the
     * server added). Only turn on behind a proxy that sets it; otherwise clients could pick their IP.
     */
    trustProxy: z.boolean().default(false),
    /** How long a project's allowed origins are cached, in ms; a removed project stops working after at most this. */
    projectCacheMs: z.number().int().min(0).max(60_000).default(5_000),
    /** On SIGTERM/SIGINT, how long in-flight requests may take to finish before they are cut, in ms. */
    shutdownTimeoutMs: z.number().int().min(0).default(10_000),
    rateLimit: z
      .object({
        /** Requests per minute from one IP address. */
        perIp: z.number().int().min(1).default(600),
        /** Requests per minute for one project, from everywhere. */
        perProject: z.number().int().min(1).default(6_000),
        /**
         * Where the counts live. `database`: in the database, shared by every instance on one
         * PostgreSQL (one upsert per check); `memory`: in each process, so N instances allow N times
         * the limit; `auto` (the default): `database` with `databaseUrl`, `memory` on PGlite, which
         * is a single process anyway.
         */
        store: z.enum(['auto', 'memory', 'database']).default('auto'),
      })
      .prefault({}),
    rpc: z
      .object({
        /**
         * JSON-RPC methods the proxy forwards, replacing the default lists (the read set and sending
         * signed transactions, EVM's on EVM chains and Solana's on Solana chains) on every chain. Methods that sign with the node's keys or control the node are refused
         * here, so a config cannot open them to every visitor.
         */
        allowedMethods: z
          .array(
            z
              .string()
              .min(1)
              .refine((method) => !isNeverForwarded(method), {
                error: (issue) =>
                  `${String(issue.input)} signs with the node's keys or controls the node; it is never forwarded`,
              }),
          )
          .optional(),
        /** Largest request body, in bytes. */
        maxBodyBytes: z
          .number()
          .int()
          .min(256)
          .default(512 * 1024),
        /** Largest JSON-RPC batch. Each item counts as one request against `rateLimit`. */
        maxBatch: z.number().int().min(1).default(100),
        /**
         * The most blocks one `eth_getLogs` may cover (EVM chains); wider ranges are refused with a
         * JSON-RPC error saying so, and the node is not asked.
         */
        maxLogsBlockSpan: z.number().int().min(1).default(10_000),
        /** How long an upstream call may take, in ms (SPEC §9: 10000). */
        timeoutMs: z.number().int().min(100).default(10_000),
      })
      .prefault({}),
    /** The NFTs routes (`/v1/account/{address}/nfts`) and the metadata the server fetches for them. */
    nfts: z
      .object({
        /**
         * Where `ipfs://` URIs are read, as `<gateway>/ipfs/<cid>/<path>`; without one, IPFS metadata
         * and pictures are refused (the token is still listed, without them).
         */
        ipfsGateway: z.url().optional(),
        /** How long one metadata answer may take, in ms. */
        metadataTimeoutMs: z.number().int().min(100).max(30_000).default(5_000),
        /** Largest metadata answer, in bytes; a longer one is refused as spam would be. */
        metadataMaxBytes: z
          .number()
          .int()
          .min(1_024)
          .max(1024 * 1024)
          .default(64 * 1024),
        /** How long fetched metadata is kept before it is fetched again, in ms. */
        metadataCacheMs: z
          .number()
          .int()
          .min(0)
          .default(24 * 60 * 60_000),
        /**
         * Fetch metadata from loopback, private, link-local and other non-public addresses, and over
         * plain http. Only for tests and local stacks: on a public server it would let any token's
         * URI make the server call its own network.
         */
        allowPrivateAddresses: z.boolean().default(false),
        /**
         * Senders whose NFT airdrops are spam: a token received in a transaction sent by one of them
         * (not by the account) is flagged, whatever the collection.
         */
        spamSenders: z.array(address).default([]),
        /** NFTs per page. */
        pageSize: z.number().int().min(1).max(100).default(24),
      })
      .prefault({}),
    /** What `POST /e` (analytics) accepts and stores. */
    analytics: z
      .object({
        /** Largest body, in bytes (the modal posts at most 50 events, a few hundred bytes each). */
        maxBodyBytes: z
          .number()
          .int()
          .min(1_024)
          .default(64 * 1024),
        /** Bytes of events one IP address may have stored per minute; more are refused with 429. */
        perIpBytesPerMinute: z
          .number()
          .int()
          .min(1_024)
          .default(256 * 1024),
        /** Bytes of events one project may have stored per minute, from everywhere. */
        perProjectBytesPerMinute: z
          .number()
          .int()
          .min(1_024)
          .default(4 * 1024 * 1024),
      })
      .prefault({}),
    /** Sign-in with a wallet (`/v1/siwx/*`). */
    siwx: z
      .object({
        /** How long an issued nonce may be used to create a session, in ms. */
        nonceTtlMs: z
          .number()
          .int()
          .min(1_000)
          .default(5 * 60_000),
        /** The longest a session lasts, in ms, whatever expiration time its message asks for. */
        maxSessionMs: z
          .number()
          .int()
          .min(60_000)
          .default(7 * 24 * 60 * 60_000),
        /** How far ahead of the server's a wallet's clock may run for `issuedAt` and `notBefore`, in ms. */
        clockToleranceMs: z
          .number()
          .int()
          .min(0)
          .max(15 * 60_000)
          .default(60_000),
        /**
         * The SS58 prefix a Polkadot chain's addresses must carry in a sign-in, by CAIP-2 id
         * (`polkadot:<genesis-hash-prefix>`): a message for the chain naming an address of another
         * prefix is refused. Polkadot (0), Kusama (2) and Westend (42) are known; other chains
         * accept any prefix, since the key, not the prefix, signs.
         */
        ss58Prefixes: z
          .record(
            caipNetworkId.regex(
              /^polkadot:[0-9a-f]{32}$/,
              'expected polkadot:<32 hex digits of the genesis hash>',
            ),
            z.number().int().min(0).max(16_383),
          )
          .default({}),
      })
      .prefault({}),
    /**
     * The server's public origin as browsers reach it (`https://portico.example`): the embedded
     * wallet's frame is served from it, and `/v1/auth/*` accepts requests from it only. Device mails
     * link to it. `http://<host>:<port>` when omitted (127.0.0.1 for a wildcard host), which is only
     * right for a server reached directly on that address and a fixed port.
     */
    publicUrl: z.url().optional(),
    /** The wallets `GET /v1/wallets` answers (AllWallets): the shipped list unless a file says otherwise. */
    walletRegistry: z
      .object({
        /**
         * A JSON file of wallets (an array, or `{ "wallets": [...] }`), each checked at start-up;
         * relative to the working directory. Icons go in `imageUrl` (https or `data:image/…`).
         */
        file: z.string().min(1).optional(),
        /** `replace` answers the file's wallets only; `extend` adds them to the shipped list (same id: the file's). */
        mode: z.enum(['replace', 'extend']).default('extend'),
      })
      .prefault({}),
    /** The embedded wallet's frame, served at `/frame/`. */
    frame: z
      .object({
        /** The built frame; `@portico/embedded-wallet`'s `dist-frame` when absent. */
        dir: z.string().optional(),
      })
      .prefault({}),
    /** E-mail login for the embedded wallet (`/v1/auth/*`). */
    auth: z
      .object({
        /**
         * 32 random bytes as hex or base64 (`openssl rand -hex 32`), or env `PORTICO_MASTER_KEY`.
         * Wallet seeds are encrypted under keys derived from it and codes are hashed with it, so
         * losing it loses every stored wallet. Without it the e-mail login is off (503).
         */
        masterKey: z
          .string()
          .superRefine((text, context) => {
            // parseMasterKey's own words, so the server says the same at start-up and at run time.
            try {
              parseMasterKey(text)
            } catch (error) {
              if (!(error instanceof InvalidMasterKeyError)) throw error
              context.addIssue({ code: 'custom', message: error.message, input: undefined })
            }
          })
          .optional(),
        /** The SMTP server that sends login codes and device-approval links. */
        smtp: z
          .object({
            host: z.string().min(1).default('127.0.0.1'),
            port: z.number().int().min(1).max(65_535).default(587),
            /** TLS from the first byte (port 465); otherwise STARTTLS is used when the server offers it. */
            secure: z.boolean().default(false),
            user: z.string().optional(),
            pass: z.string().optional(),
            /** The sender, e.g. `Portico <login@portico.example>`. */
            from: z.string().min(3).default('Portico <no-reply@localhost>'),
          })
          .prefault({}),
        /** How long a mailed code can be used, in ms. */
        otpTtlMs: z
          .number()
          .int()
          .min(10_000)
          .default(10 * 60_000),
        /** Wrong entries of one code before it stops working. */
        otpAttempts: z.number().int().min(1).max(20).default(5),
        /** How long after a mail to an address the next one may be asked for, in ms (SPEC §9: 30 s). */
        emailCooldownMs: z.number().int().min(0).default(30_000),
        /**
         * The most mails one address receives in a rolling 24 hours, counting codes, device links and
         * e-mail change mails; more are refused with 429 EMAIL_LIMIT until the oldest leaves the window.
         */
        maxMailsPerDay: z.number().int().min(1).default(20),
        /**
         * Mails one client, and one project, may ask for, whoever they go to: the per-address limits
         * above cannot see one client mailing many addresses. Over a limit the request is refused
         * with 429 RATE_LIMITED and Retry-After.
         */
        mailLimits: z
          .object({
            /** The rolling window of the three limits, in ms. */
            windowMs: z
              .number()
              .int()
              .min(60_000)
              .default(60 * 60_000),
            /** Mails asked for from one IP address (see `trustProxy`). */
            perIp: z.number().int().min(1).default(20),
            /** Mails asked for from one device (the frame's device id). */
            perDevice: z.number().int().min(1).default(10),
            /** Mails asked for by the visitors of one project, all together. */
            perProject: z.number().int().min(1).default(1_000),
          })
          .prefault({}),
        /** How long a login session lasts, in ms. */
        sessionTtlMs: z
          .number()
          .int()
          .min(60_000)
          .default(30 * 24 * 60 * 60_000),
        /** How long `POST /v1/auth/device/wait` holds a request open for the approval link, in ms. */
        deviceWaitMs: z.number().int().min(0).max(120_000).default(25_000),
        /** Social logins (`/v1/auth/social/*`): each project's providers; see auth/social/socialConfig.ts. */
        social: socialConfigSchema.prefault({}),
        /**
         * Sign In With Farcaster (FIP-11). The server opens the sign-in channel on the relay, and
         * verifies the signed message itself: its text (domain, the nonce it issued, expiry, the fid),
         * the signer, and that the signer is the fid's custody address or one of its auth addresses,
         * read from the ID and key registries on Optimism through `rpcUrl`.
         */
        farcaster: z
          .object({
            /** The relay of the Farcaster Connect channels; the public Farcaster relay by default. */
            relayUrl: z.url().default('https://relay.farcaster.xyz'),
            /**
             * An Optimism JSON-RPC endpoint the registries are read through. Without one the
             * Farcaster login is off (503): the public endpoint is rate-limited and not for servers.
             */
            rpcUrl: z.url().optional(),
            /** The IdRegistry; its Optimism address by default. */
            idRegistryAddress: z
              .string()
              .regex(/^0x[0-9a-fA-F]{40}$/)
              .default('0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'),
            /** The KeyRegistry (auth addresses); its Optimism address by default. */
            keyRegistryAddress: z
              .string()
              .regex(/^0x[0-9a-fA-F]{40}$/)
              .default('0x00000000Fc1237824fb747aBDE0FF18990E59b7e'),
            /** How long a sign-in channel (and the message signed for it) may be used, in ms. */
            channelTtlMs: z
              .number()
              .int()
              .min(10_000)
              .max(60 * 60_000)
              .default(5 * 60_000),
            /**
             * How long `POST /v1/auth/farcaster/connect` holds a request open for the Farcaster app's
             * answer, in ms; it fits in the page's 30 s frame timeout, and the frame asks again.
             */
            waitMs: z.number().int().min(0).max(120_000).default(20_000),
            /**
             * How often the relay's channel status is read while waiting, in ms: at most once a
             * pollMs per channel on each instance, however many connects ask.
             */
            pollMs: z.number().int().min(50).max(10_000).default(1_000),
            /**
             * Sign-ins opened (`POST /v1/auth/farcaster/channel`, each a channel on the relay) per
             * hour from one client address within a project, and from a whole project; past either,
             * 429 RATE_LIMITED.
             */
            channelLimits: hourlyLimitsSchema,
          })
          .prefault({}),
      })
      .prefault({}),
    /** `GET /metrics` (Prometheus text format). */
    metrics: z
      .object({
        /**
         * The bearer token a scraper sends (`Authorization: Bearer <token>`), or env
         * `PORTICO_METRICS_TOKEN`. Without one, /metrics is off (404): the figures would tell anyone
         * which routes, chains and mail limits a site uses.
         */
        token: z.string().min(16, 'use at least 16 characters (openssl rand -hex 16)').optional(),
      })
      .prefault({}),
    /** `embedded`: the indexer runs inside the server; `off`: run `portico-server indexer` separately. */
    indexer: z.enum(['embedded', 'off']).default('embedded'),
    log: z.object({ level: z.enum(['debug', 'info', 'warn', 'error']).default('info') }).prefault({}),
  })
  .superRefine((config, context) => {
    // A paymaster works through the chain's bundler: a chain without one could never use it.
    for (const caip of Object.keys(config.paymaster.contracts)) {
      const chain = config.chains.find((candidate) => candidate.caipNetworkId === caip)
      if (!chain?.bundlerUrl) {
        context.addIssue({
          code: 'custom',
          path: ['paymaster', 'contracts', caip],
          input: caip,
          message: chain
            ? `${caip} has no bundlerUrl in chains: sponsored operations go through the chain's bundler`
            : `${caip} is not in chains: add it there with its rpcUrl and bundlerUrl`,
        })
      }
    }
    // A swap chain reads its pools through the chain's RPC endpoint, and needs every contract.
    for (const [index, swapChain] of config.swap.chains.entries()) {
      if (!config.chains.some((chain) => chain.caipNetworkId === swapChain.caipNetworkId)) {
        context.addIssue({
          code: 'custom',
          path: ['swap', 'chains', index, 'caipNetworkId'],
          input: swapChain.caipNetworkId,
          message: `${swapChain.caipNetworkId} is not in chains: add it there with its rpcUrl`,
        })
      }
      const resolved = resolveSwapChain(swapChain)
      if (!resolved.ok) {
        context.addIssue({
          code: 'custom',
          path: ['swap', 'chains', index],
          input: swapChain,
          message: `${swapChain.caipNetworkId} has no published Uniswap addresses: set ${resolved.missing.join(', ')}`,
        })
      }
    }
  })
export type ServerConfig = z.infer<typeof serverConfigSchema>
