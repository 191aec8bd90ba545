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
