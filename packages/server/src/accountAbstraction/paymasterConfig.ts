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

/**
 * `Simple7702Account` v0.8 where public chains have it (CREATE2, zero salt): the delegation an
 * EIP-7702 account of the embedded wallet points to.
 */
export const SIMPLE_7702_ACCOUNT_08 = '0xe6Cae83BdE06E4c305530e199D7217f42808555B'
/** `SimpleAccountFactory` v0.8 where public chains have it (CREATE2, zero salt). */
export const SIMPLE_ACCOUNT_FACTORY_08 = '0x13E9ed32155810FDbd067D4522C492D6f68E5944'
/** The `SimpleAccount` v0.8 implementation that factory deploys in its constructor (its first CREATE). */
export const SIMPLE_ACCOUNT_08 = '0x28426d752372D68d34340bd94390950DcE3C9ec3'
/**
 * keccak256 of the runtime code of the ERC-1967 proxy `SimpleAccountFactory` v0.8 deploys for each
 * account: the same for every account (the proxy has no immutables), the implementation lives in
 * its storage slot.
 */
export const SIMPLE_ACCOUNT_08_PROXY_CODE_HASH =
  '0x41ee894da413cc99e8dec0a1784470eceb736845ad1591e06ff0ecdf0aca26c9'

const bytes32 = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'expected 32 bytes as 0x-prefixed hex')

/**
 * The account code a policy with `allowedCalls` trusts on a chain: code that runs the operation's
 * callData as the `execute`/`executeBatch` it decodes as. Any other account could do anything
 * with calls that only look allowed, so it is not sponsored under such a policy.
 */
const knownAccountsSchema = z.object({
  /** Implementations an EIP-7702 account may delegate to (its `0xef0100 || address` code, or its authorization). */
  simple7702: z.array(address).default([SIMPLE_7702_ACCOUNT_08]),
  /**
   * Factories of SimpleAccount-style accounts: a new account must come from one (`createAccount`),
   * a deployed one must be its proxy (runtime code hashing to `proxyCodeHash`) pointing at
   * `implementation` (the ERC-1967 implementation slot).
   */
  simpleAccountFactories: z
    .array(
      z.object({
        factory: address,
        implementation: address,
        proxyCodeHash: bytes32.default(SIMPLE_ACCOUNT_08_PROXY_CODE_HASH),
      }),
    )
    .default([
      {
        factory: SIMPLE_ACCOUNT_FACTORY_08,
        implementation: SIMPLE_ACCOUNT_08,
        proxyCodeHash: SIMPLE_ACCOUNT_08_PROXY_CODE_HASH,
      },
    ]),
})
export type KnownAccounts = z.infer<typeof knownAccountsSchema>
/** What a chain missing from `knownAccounts` trusts: the canonical v0.8 accounts. */
export const DEFAULT_KNOWN_ACCOUNTS: KnownAccounts = knownAccountsSchema.parse({})

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
  /**
   * The accounts sponsored under a policy with `allowedCalls`, per chain; a chain not listed trusts
   * the canonical v0.8 ones (`Simple7702Account`, `SimpleAccountFactory`'s accounts).
   */
  knownAccounts: z.record(caipNetworkId, knownAccountsSchema).default({}),
  /** How an account's code is read (through the chain's `rpcUrl`) for that check. */
  accountCheck: z
    .object({
      /** How long an account's code is reused: a burst of operations asks the node once. */
      cacheSeconds: z.number().int().min(0).max(600).default(30),
      /** How long the node may take to answer before the operation is refused. */
      timeoutMs: z.number().int().min(100).max(60_000).default(5_000),
    })
    .prefault({}),
  /** Each project's policy, by projectId; a project without one is never sponsored. */
  projects: z.record(z.string(), sponsorshipPolicySchema).default({}),
})
export type PaymasterConfig = z.infer<typeof paymasterConfigSchema>
