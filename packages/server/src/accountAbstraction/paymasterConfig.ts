/**
 * The site's own verifying paymaster: which contract it is on each chain, the key the server signs
 * sponsorships with, and each project's policy (what it pays for, up to what budget). The site
 * deploys, funds and stakes the contract; the server only signs, so the key here can spend the
 * contract's deposit and nothing else.
 */
import { CAIP2_PATTERN } from '@portico/core/api'
import * as z from 'zod'

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'expected a 0x-prefixed 20-byte address')
const caipNetworkId = z.string().regex(CAIP2_PATTERN, 'expected a CAIP-2 id such as eip155:1')
/** Wei and gas as decimal strings: budgets can exceed what a JSON number holds exactly. */
const amount = z
  .union([
    z.string().regex(/^\d{1,78}$/, 'expected a whole number as a decimal string'),
    z.number().int().min(0),
  ])
  .transform((value) => BigInt(value))

const budgetSchema = z.object({
  /** Most wei the operations may cost (counted at their maximum cost when signed). */
  wei: amount.optional(),
  /** Most gas the operations may use (counted at their gas limits when signed). */
  gas: amount.optional(),
  /** Most operations. */
  operations: z.number().int().min(0).optional(),
})
export type SponsorshipBudget = z.infer<typeof budgetSchema>

export const sponsorshipPolicySchema = z.object({
  /** Off: every sponsorship of the project is refused (and logged), the contract pays nothing. */
  enabled: z.boolean().default(true),
  /** The chains the project is sponsored on; every chain with a paymaster when omitted. */
  chains: z.array(caipNetworkId).optional(),
  /**
   * The calls the paymaster pays for: each call of the operation must go to one of these contracts
   * and, when `selectors` is given, call one of those functions (4-byte selectors; `0x` for a plain
   * transfer). Omitted: any call. An empty list: none.
   */
  allowedCalls: z
    .array(
      z.object({
        address,
        selectors: z
          .array(
            z.string().regex(/^0x([0-9a-fA-F]{8})?$/, 'expected a 4-byte selector such as 0xa9059cbb, or 0x'),
          )
          .optional(),
      }),
    )
    .optional(),
  /** Per account (the operation's sender), per UTC day. */
  perUserPerDay: budgetSchema.prefault({}),
  /**
   * Per client (the request's IP address, as the rate limits see it), per UTC day, all its accounts
   * together: a new account costs nothing, so without it one client could spend `perDay` alone.
   */
  perClientPerDay: budgetSchema.prefault({}),
  /** For the whole project, per UTC day, all accounts together. */
  perDay: budgetSchema.prefault({}),
  /** The name shown as who pays ('Network fee: paid by <name>'); the project's name when omitted. */
  sponsorName: z.string().min(1).max(64).optional(),
})
export type SponsorshipPolicy = z.infer<typeof sponsorshipPolicySchema>

export const paymasterConfigSchema = z.object({
  /**
   * The sponsorship key: 32 bytes as 0x-hex, or env `PORTICO_PAYMASTER_SIGNER_KEY`. Its address is
   * the paymaster contract's `verifyingSigner`. Without it, no sponsorship is signed.
   */
  signerKey: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'expected 32 bytes as 0x-prefixed hex (openssl rand -hex 32, with 0x)')
    .optional(),
  /** The `PorticoVerifyingPaymaster` (or a contract with the same layout) on each chain. */
  contracts: z.record(caipNetworkId, address).default({}),
  /** How long a signed sponsorship stays usable, in seconds: a short window bounds a leaked one. */
  validitySeconds: z.number().int().min(30).max(3_600).default(180),
  /** Gas the paymaster's validation may use (its `paymasterVerificationGasLimit`). */
  verificationGasLimit: z.number().int().min(10_000).max(1_000_000).default(60_000),
  /** Each project's policy, by projectId; a project without one is never sponsored. */
  projects: z.record(z.string(), sponsorshipPolicySchema).default({}),
})
export type PaymasterConfig = z.infer<typeof paymasterConfigSchema>
