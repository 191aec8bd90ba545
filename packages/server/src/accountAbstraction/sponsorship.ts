/**
 * ERC-7677 paymaster methods (`pm_getPaymasterStubData`, `pm_getPaymasterData`) for the site's own
 * verifying paymaster: the project's policy decides, the budgets are counted in the database (so
 * every instance shares them), every decision is written to `paymaster_audit`, and a granted
 * operation gets a short-lived signature the contract checks.
 */

import type { Kysely } from 'kysely'
import { sql } from 'kysely'
import {
  type Address,
  decodeFunctionData,
  getAddress,
  type Hex,
  isAddress,
  isAddressEqual,
  numberToHex,
  parseAbi,
  slice,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import * as z from 'zod'
import type { ChainConfig } from '../config.js'
import type { Database } from '../db/schema.js'
import { JsonRpcError } from '../http/jsonRpcError.js'
import { findUnstorableText } from '../http/storableText.js'
import type { Project } from '../projects/projects.js'
import { createAccountVerifier } from './accountVerifier.js'
import type { PaymasterConfig, SponsorshipBudget, SponsorshipPolicy } from './paymasterConfig.js'
import {
  encodePaymasterData,
  getPaymasterHash,
  type SponsoredUserOperation,
  STUB_PAYMASTER_SIGNATURE,
} from './paymasterSignature.js'

/** The only EntryPoint the paymaster serves (v0.8, at its canonical address). */
export const ENTRY_POINT_08: Address = '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108'

/** The JSON-RPC codes of the paymaster's refusals (server-defined range). */
export const SPONSORSHIP_ERRORS = {
  /** The project has no sponsorship on this chain, or it is turned off. */
  SPONSORSHIP_OFF: { code: -32041, status: 403 },
  /** A call of the operation goes to a contract or function the policy does not pay for. */
  POLICY_CALL_NOT_ALLOWED: { code: -32042, status: 403 },
  /** The policy lists allowed calls and the operation's calls cannot be read. */
  POLICY_CALLS_UNREADABLE: { code: -32043, status: 400 },
  /** The account's or the project's budget for today would be exceeded. */
  BUDGET_EXHAUSTED: { code: -32044, status: 429 },
  /**
   * The policy lists allowed calls and the sender's code (or factory, or EIP-7702 delegation) is
   * not a known account's, so its calls cannot be trusted to be what they decode as.
   */
  SPONSORSHIP_ACCOUNT_UNKNOWN: { code: -32045, status: 403 },
  /** The policy lists allowed calls and the chain's node could not tell the sender's code in time. */
  SPONSORSHIP_ACCOUNT_UNCHECKED: { code: -32046, status: 503 },
  /** The request is malformed. */
  INVALID_PARAMS: { code: -32602, status: 400 },
} as const
export type SponsorshipRefusalCode = keyof typeof SPONSORSHIP_ERRORS

const refusal = (reason: SponsorshipRefusalCode, message: string) =>
  new JsonRpcError(SPONSORSHIP_ERRORS[reason].code, reason, SPONSORSHIP_ERRORS[reason].status, message)

const quantity = z
  .string()
  .regex(/^0x[0-9a-fA-F]{1,64}$/, 'expected a 0x-hex quantity')
  .transform((value) => BigInt(value))
const hex = z.string().regex(/^0x([0-9a-fA-F]{2})*$/, 'expected 0x-hex bytes')
const optionalQuantity = quantity.optional().transform((value) => value ?? 0n)
/**
 * Gas limits and fees travel packed two to a 32-byte word (EntryPoint v0.7+), so each is at most
 * 128 bits: a larger one cannot be signed, and must be refused before any budget is counted.
 */
const optionalQuantity128 = optionalQuantity.refine(
  (value) => value < 1n << 128n,
  'expected at most 128 bits',
)

/** A v0.7+ user operation as ERC-7677 sends it (gas fields may be missing on the stub call). */
const userOperationSchema = z.object({
  sender: z.string().refine((value) => isAddress(value, { strict: false }), 'expected an address'),
  nonce: quantity,
  factory: hex.nullish(),
  factoryData: hex.nullish(),
  callData: hex,
  callGasLimit: optionalQuantity128,
  verificationGasLimit: optionalQuantity128,
  preVerificationGas: optionalQuantity,
  maxFeePerGas: optionalQuantity128,
  maxPriorityFeePerGas: optionalQuantity128,
  paymasterVerificationGasLimit: optionalQuantity128,
  paymasterPostOpGasLimit: optionalQuantity128,
  /** v0.8: the EIP-7702 authorization the bundler sends with the operation; only its address is read here. */
  eip7702Auth: z
    .object({
      address: z.string().refine((value) => isAddress(value, { strict: false }), 'expected an address'),
    })
    .nullish(),
})

const paramsSchema = z.tuple([userOperationSchema, z.string(), z.string(), z.unknown().optional()])

/** The calls of the two account ABIs the policy can read: `BaseAccount` (SimpleAccount, Simple7702Account). */
const ACCOUNT_CALLS_ABI = parseAbi([
  'struct Call { address target; uint256 value; bytes data; }',
  'function execute(address target, uint256 value, bytes data)',
  'function executeBatch(Call[] calls)',
])

interface Call {
  to: Address
  data: Hex
}

function readCalls(callData: Hex): Call[] | undefined {
  try {
    const decoded = decodeFunctionData({ abi: ACCOUNT_CALLS_ABI, data: callData })
    if (decoded.functionName === 'execute') return [{ to: decoded.args[0], data: decoded.args[2] }]
    return decoded.args[0].map((call) => ({ to: call.target, data: call.data }))
  } catch {
    return undefined
  }
}

const selectorOf = (data: Hex): Hex => (data.length >= 10 ? (slice(data, 0, 4) as Hex) : '0x')

export interface SponsorshipContext {
  project: Project
  chain: ChainConfig
  /** The client asking (its IP address), whose own daily budget the operation also counts against. */
  client: string
}

export interface Sponsorship {
  /** Whether a project is sponsored on a chain at all (policy on, contract and key present). */
  isSponsored(projectId: string, caipNetworkId: string): boolean
  /** Answers one `pm_*` call; throws `JsonRpcError` to refuse. */
  handle(method: string, params: unknown, context: SponsorshipContext): Promise<unknown>
}

export const PAYMASTER_METHODS: ReadonlySet<string> = new Set([
  'pm_getPaymasterStubData',
  'pm_getPaymasterData',
])

export interface CreateSponsorshipParameters {
  config: PaymasterConfig
  db: Kysely<Database>
  now?: () => number
}

/** The project's policy on a chain, when it is on there; undefined when the project is not sponsored there. */
export function sponsorshipPolicyOf(
  config: PaymasterConfig,
  projectId: string,
  caipNetworkId: string,
): SponsorshipPolicy | undefined {
  const policy = Object.hasOwn(config.projects, projectId) ? config.projects[projectId] : undefined
  if (!policy?.enabled) return undefined
  if (policy.chains && !policy.chains.includes(caipNetworkId)) return undefined
  return policy
}

/**
 * Whether the server signs sponsorships for a project on a chain: a key, a contract on the chain,
 * and the project's policy on. What the frame's config reports as the chains where the site pays.
 */
export function isProjectSponsored(
  config: PaymasterConfig,
  projectId: string,
  caipNetworkId: string,
): boolean {
  return (
    config.signerKey !== undefined &&
    Object.hasOwn(config.contracts, caipNetworkId) &&
    sponsorshipPolicyOf(config, projectId, caipNetworkId) !== undefined
  )
}

/** Builds the paymaster's request handler over the config and database. */
export function createSponsorship(parameters: CreateSponsorshipParameters): Sponsorship {
  const { config, db } = parameters
  const now = parameters.now ?? Date.now
  const signer = config.signerKey ? privateKeyToAccount(config.signerKey as Hex) : undefined
  const accounts = createAccountVerifier({ config, now })

  const policyOf = (projectId: string, caipNetworkId: string) =>
    sponsorshipPolicyOf(config, projectId, caipNetworkId)
  const contractOf = (caipNetworkId: string): Address | undefined => {
    const address = Object.hasOwn(config.contracts, caipNetworkId)
      ? config.contracts[caipNetworkId]
      : undefined
    return address ? getAddress(address) : undefined
  }

  const audit = async (entry: {
    context: SponsorshipContext
    method: string
    account: string
    nonce: bigint | undefined
    decision: 'granted' | 'refused'
    reason: string
    message: string
    maxCost?: bigint
    validUntil?: number
  }) => {
    await db
      .insertInto('paymaster_audit')
      .values({
        project_id: entry.context.project.id,
        chain: entry.context.chain.caipNetworkId,
        account: entry.account,
        nonce: entry.nonce === undefined ? null : entry.nonce.toString(),
        method: entry.method,
        decision: entry.decision,
        reason: entry.reason,
        message: entry.message.slice(0, 500),
        max_cost_wei: entry.maxCost === undefined ? null : entry.maxCost.toString(),
        valid_until: entry.validUntil === undefined ? null : String(entry.validUntil),
        created_at: new Date(now()),
      })
      .execute()
  }

  /** Adds the operation to today's counters and refuses (rolling back) when a budget would be passed. */
  const reserve = async (
    context: SponsorshipContext,
    policy: SponsorshipPolicy,
    account: string,
    cost: { wei: bigint; gas: bigint },
  ) => {
    const day = new Date(now()).toISOString().slice(0, 10)
    await db.transaction().execute(async (trx) => {
      const scopes: [string, SponsorshipBudget, string][] = [
        [account, policy.perUserPerDay, `${account}'s daily`],
        // Never an address nor `*`: a client's row cannot be mistaken for an account's.
        [`client:${context.client}`, policy.perClientPerDay, `${context.client}'s daily`],
        ['*', policy.perDay, `project "${context.project.id}"'s daily`],
      ]
      for (const [key, budget, label] of scopes) {
        const row = await trx
          .insertInto('paymaster_spend')
          .values({
            project_id: context.project.id,
            chain: context.chain.caipNetworkId,
            account: key,
            day,
            wei: cost.wei.toString(),
            gas: cost.gas.toString(),
            operations: 1,
          })
          .onConflict((conflict) =>
            conflict.columns(['project_id', 'chain', 'account', 'day']).doUpdateSet({
              wei: sql`paymaster_spend.wei + excluded.wei`,
              gas: sql`paymaster_spend.gas + excluded.gas`,
              operations: sql`paymaster_spend.operations + 1`,
            }),
          )
          .returning(['wei', 'gas', 'operations'])
          .executeTakeFirstOrThrow()
        const over =
          (budget.wei !== undefined && BigInt(row.wei) > budget.wei && `${budget.wei} wei`) ||
          (budget.gas !== undefined && BigInt(row.gas) > budget.gas && `${budget.gas} gas`) ||
          (budget.operations !== undefined &&
            row.operations > budget.operations &&
            `${budget.operations} operations`)
        // Thrown inside the transaction, so this operation's share is not kept.
        if (over)
          throw refusal(
            'BUDGET_EXHAUSTED',
            `The site's ${label} sponsorship budget on ${context.chain.caipNetworkId} (${over}) is spent; this operation is not sponsored. It can pay its own network fee, or wait for tomorrow (UTC).`,
          )
      }
    })
  }

  const decide = async (method: string, params: unknown, context: SponsorshipContext) => {
    const { project, chain } = context
    const parsed = paramsSchema.safeParse(params)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw refusal(
        'INVALID_PARAMS',
        `Invalid params for ${method}: expected [userOperation, entryPoint, chainId, context]${issue ? ` (${issue.path.join('.') || 'params'}: ${issue.message})` : ''}.`,
      )
    }
    const [request, entryPoint, chainIdText] = parsed.data
    if (!isAddress(entryPoint, { strict: false }) || !isAddressEqual(entryPoint as Address, ENTRY_POINT_08))
      throw refusal(
        'INVALID_PARAMS',
        `This paymaster serves EntryPoint v0.8 (${ENTRY_POINT_08}) only, not ${entryPoint}.`,
      )
    const chainId = /^0x[0-9a-fA-F]{1,16}$/.test(chainIdText) ? Number(BigInt(chainIdText)) : Number.NaN
    if (`eip155:${chainId}` !== chain.caipNetworkId)
      throw refusal(
        'INVALID_PARAMS',
        `The chainId ${chainIdText} is not the chain of this endpoint (${chain.caipNetworkId}).`,
      )
    const paymaster = contractOf(chain.caipNetworkId)
    const policy = policyOf(project.id, chain.caipNetworkId)
    if (!paymaster || !signer || !policy)
      throw refusal(
        'SPONSORSHIP_OFF',
        `Project "${project.id}" has no sponsored network fees on ${chain.caipNetworkId}${!signer ? ' (the server has no paymaster signer key)' : !paymaster ? ' (no paymaster contract is configured for the chain)' : ''}.`,
      )
    if (policy.allowedCalls) {
      const calls = readCalls(request.callData as Hex)
      if (!calls)
        throw refusal(
          'POLICY_CALLS_UNREADABLE',
          "The operation's calls are not execute/executeBatch of a SimpleAccount or Simple7702Account, so the site's sponsorship policy cannot check them.",
        )
      for (const call of calls) {
        const rule = policy.allowedCalls.find((entry) => isAddressEqual(entry.address as Address, call.to))
        const selector = selectorOf(call.data)
        if (!rule) throw refusal('POLICY_CALL_NOT_ALLOWED', `The site does not sponsor calls to ${call.to}.`)
        if (
          rule.selectors &&
          !rule.selectors.some((allowed) => allowed.toLowerCase() === selector.toLowerCase())
        )
          throw refusal(
            'POLICY_CALL_NOT_ALLOWED',
            `The site does not sponsor the function ${selector === '0x' ? '(plain transfer)' : selector} of ${call.to}.`,
          )
      }
      // The calls only mean something if the account runs them as decoded: checked last, as it may
      // ask the chain's node.
      const verdict = await accounts.check(chain, {
        sender: getAddress(request.sender),
        factory: (request.factory ?? undefined) as Hex | undefined,
        factoryData: (request.factoryData ?? undefined) as Hex | undefined,
        authorizationAddress: request.eip7702Auth ? getAddress(request.eip7702Auth.address) : undefined,
      })
      if (!verdict.ok) throw refusal(verdict.reason, verdict.message)
    }
    const operation: SponsoredUserOperation = {
      sender: getAddress(request.sender),
      nonce: request.nonce,
      factory: (request.factory ?? undefined) as Hex | undefined,
      factoryData: (request.factoryData ?? undefined) as Hex | undefined,
      callData: request.callData as Hex,
      callGasLimit: request.callGasLimit,
      verificationGasLimit: request.verificationGasLimit,
      preVerificationGas: request.preVerificationGas,
      maxFeePerGas: request.maxFeePerGas,
      maxPriorityFeePerGas: request.maxPriorityFeePerGas,
      paymasterVerificationGasLimit:
        request.paymasterVerificationGasLimit || BigInt(config.verificationGasLimit),
      paymasterPostOpGasLimit: request.paymasterPostOpGasLimit,
    }
    return { operation, paymaster, policy, sponsorName: policy.sponsorName ?? project.name }
  }

  return {
    isSponsored(projectId, caipNetworkId) {
      return isProjectSponsored(config, projectId, caipNetworkId)
    },

    async handle(method, params, context) {
      // Text the database cannot store would fail the audit's insert, a 500: refused (and audited) first.
      const unstorable = findUnstorableText(params)
      const first = Array.isArray(params) ? (params[0] as Record<string, unknown> | undefined) : undefined
      const account =
        typeof first?.sender === 'string' && unstorable === undefined
          ? first.sender.toLowerCase().slice(0, 42)
          : ''
      // Only a nonce an operation can have (uint256) is recorded: any other string would be stored
      // whole, a body's worth of audit row per request.
      const nonce =
        typeof first?.nonce === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(first.nonce)
          ? BigInt(first.nonce)
          : undefined
      try {
        if (unstorable !== undefined)
          throw refusal(
            'INVALID_PARAMS',
            `Invalid params for ${method}: ${unstorable} holds a NUL character or an unpaired UTF-16 surrogate.`,
          )
        const { operation, paymaster, policy, sponsorName } = await decide(method, params, context)
        const nowSeconds = Math.floor(now() / 1000)
        // No lower bound: a bundler simulates the operation at the latest block, whose time on a
        // quiet chain (no block for minutes) is behind ours, and a lower bound of about now would be
        // "not due" there (AA32). Only the upper bound limits how long the signature is good for.
        const validAfter = 0
        const validUntil = nowSeconds + config.validitySeconds
        const gasLimits = {
          paymasterVerificationGasLimit: numberToHex(operation.paymasterVerificationGasLimit),
          paymasterPostOpGasLimit: numberToHex(operation.paymasterPostOpGasLimit),
        }
        if (method === 'pm_getPaymasterStubData') {
          await audit({
            context,
            method,
            account,
            nonce,
            decision: 'granted',
            reason: 'GRANTED',
            message: 'Stub for gas estimation.',
          })
          return {
            paymaster,
            paymasterData: encodePaymasterData(validUntil, validAfter, STUB_PAYMASTER_SIGNATURE),
            ...gasLimits,
            sponsor: { name: sponsorName },
            isFinal: false,
          }
        }
        const gas =
          operation.callGasLimit +
          operation.verificationGasLimit +
          operation.preVerificationGas +
          operation.paymasterVerificationGasLimit +
          operation.paymasterPostOpGasLimit
        const maxCost = gas * operation.maxFeePerGas
        await reserve(context, policy, account, { wei: maxCost, gas })
        const hash = getPaymasterHash({
          operation,
          chainId: Number(context.chain.caipNetworkId.slice('eip155:'.length)),
          paymaster,
          validUntil,
          validAfter,
        })
        // signer is set: decide() refused otherwise.
        const signature = await (signer as NonNullable<typeof signer>).signMessage({ message: { raw: hash } })
        await audit({
          context,
          method,
          account,
          nonce,
          decision: 'granted',
          reason: 'GRANTED',
          message: `Signed, valid until ${new Date(validUntil * 1000).toISOString()}.`,
          maxCost,
          validUntil,
        })
        return {
          paymaster,
          paymasterData: encodePaymasterData(validUntil, validAfter, signature),
          ...gasLimits,
        }
      } catch (error) {
        if (error instanceof JsonRpcError)
          await audit({
            context,
            method,
            account,
            nonce,
            decision: 'refused',
            reason: error.reason,
            message: error.message,
          })
        throw error
      }
    },
  }
}
