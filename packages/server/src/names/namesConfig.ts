/**
 * Account names (SPEC §2 RegisterAccountName, §7 names calls): the suffixes each project registers
 * names under, how many names one address may hold, the limits against squatting, and the key the
 * ENS off-chain resolver gateway signs its answers with.
 */
import { ACCOUNT_NAME_SUFFIX_PATTERN } from '@portico/core/api'
import * as z from 'zod'

const suffix = z
  .string()
  .transform((value) => value.toLowerCase().replace(/^\.+/, ''))
  .pipe(
    z
      .string()
      .regex(
        ACCOUNT_NAME_SUFFIX_PATTERN,
        'expected a domain the site owns, such as myshop.eth (letters, digits and hyphens between dots)',
      ),
  )

export const namesProjectConfigSchema = z.object({
  /** The suffixes names are registered under (`myshop.eth` gives `alice.myshop.eth`); the first is the default. */
  suffixes: z.array(suffix).min(1).max(8),
  /** How many names one address may hold in the project (SPEC: one, unless the site allows more). */
  maxNamesPerAddress: z.number().int().min(1).max(100).default(1),
})
export type NamesProjectConfig = z.infer<typeof namesProjectConfigSchema>

export const namesConfigSchema = z
  .object({
    /** Each project's suffixes, by projectId; a project without an entry registers no names. */
    projects: z.record(z.string(), namesProjectConfigSchema).default({}),
    /**
     * How old a signed registration or release may be, in seconds (its message's timestamp); a
     * minute of clock skew into the future is also allowed.
     */
    messageMaxAgeSeconds: z.number().int().min(30).max(3_600).default(600),
    /** Against squatting: registrations and releases a client, an address and a project may make per hour. */
    rateLimit: z
      .object({
        perAddressPerHour: z.number().int().min(1).default(5),
        perIpPerHour: z.number().int().min(1).default(20),
        perProjectPerHour: z.number().int().min(1).default(1_000),
      })
      .prefault({}),
    /**
     * `GET /v1/identity/{address}?chainId=` (an account's primary ENS name and avatar record): where
     * each chain's names are read and how long answers are kept.
     */
    identity: z
      .object({
        /**
         * The ENS universal resolver per EVM chain (`eip155:<id>`), over viem's for the chains viem
         * knows (mainnet, Sepolia, …); `null` turns identity off for a chain. A chain with neither
         * answers `UNSUPPORTED_CHAIN`.
         */
        universalResolvers: z
          .record(
            z.string().regex(/^eip155:[1-9]\d{0,15}$/, 'expected an EVM chain id such as eip155:1'),
            z
              .string()
              .regex(/^0x[0-9a-fA-F]{40}$/, 'expected a contract address: 0x followed by 40 hex digits')
              .nullable(),
          )
          .default({}),
        /** SPEC §9: identity 5 min. How long a found name is kept, in seconds. */
        cacheSeconds: z.number().int().min(1).max(3_600).default(300),
        /**
         * How long "no primary name" is kept, in seconds: SPEC §9 gives no figure for it; shorter, so
         * a visitor who has just set a primary name sees it within a minute.
         */
        negativeCacheSeconds: z.number().int().min(1).max(3_600).default(60),
        /** Answers kept in memory per instance; the oldest go first. */
        maxEntries: z.number().int().min(1).max(1_000_000).default(10_000),
        /**
         * CCIP-Read gateways (EIP-3668) a name's resolver points the server to: https on public
         * addresses only, unless this is set (a local stack whose gateway is on loopback).
         */
        allowPrivateGateways: z.boolean().default(false),
      })
      .prefault({}),
    /** The ENS off-chain resolver gateway (CCIP-Read, EIP-3668) at `/gateway/names/{sender}/{data}`. */
    gateway: z
      .object({
        /**
         * The private key (0x + 64 hex digits) that signs the gateway's answers; its address is the
         * signer the OffchainResolver contract trusts. Without one the gateway answers nothing.
         */
        signerKey: z
          .string()
          .regex(/^0x[0-9a-fA-F]{64}$/, 'expected a private key: 0x followed by 64 hex digits')
          .optional(),
        /** How long a signed answer is valid, in seconds. */
        ttlSeconds: z.number().int().min(10).max(86_400).default(300),
        /** Answers per minute per client. */
        perIpPerMinute: z.number().int().min(1).default(300),
      })
      .prefault({}),
  })
  .superRefine((config, context) => {
    // A name resolves to one registration: two projects under one suffix would each register it.
    const owners = new Map<string, string>()
    for (const [projectId, project] of Object.entries(config.projects)) {
      for (const value of project.suffixes) {
        const owner = owners.get(value)
        if (owner !== undefined && owner !== projectId) {
          context.addIssue({
            code: 'custom',
            path: ['projects', projectId, 'suffixes'],
            message: `the suffix ${value} is also project "${owner}"'s: a suffix belongs to one project`,
          })
        }
        owners.set(value, projectId)
      }
    }
  })
export type NamesConfig = z.infer<typeof namesConfigSchema>
