/** The paymaster's budgets and audit log (migration 012_paymaster). */
import type { ColumnType, Generated } from 'kysely'

/** What a project's sponsorships spent on one chain and UTC day, per account and in total (`*`). */
export interface PaymasterSpendTable {
  project_id: string
  chain: string
  /** The sponsored account (lower-case), or `*` for the project's total. */
  account: string
  /** `YYYY-MM-DD`, UTC. */
  day: string
  /** Numeric in the database, read back as a decimal string. */
  wei: ColumnType<string, string, string>
  gas: ColumnType<string, string, string>
  operations: number
}

/** Every sponsorship decision, granted or refused, with why. */
export interface PaymasterAuditTable {
  id: Generated<string>
  project_id: string
  chain: string
  /** The operation's sender (lower-case); empty when the request named none readable. */
  account: string
  nonce: string | null
  /** `pm_getPaymasterStubData` or `pm_getPaymasterData`. */
  method: string
  decision: 'granted' | 'refused'
  /** `GRANTED` or the refusal's code (`POLICY_CONTRACT_NOT_ALLOWED`, `BUDGET_EXHAUSTED`, …). */
  reason: string
  message: string
  /** The most the operation may cost the paymaster, in wei, as signed (null when unknown). */
  max_cost_wei: string | null
  valid_until: string | null
  created_at: ColumnType<Date, Date | string, never>
}

export interface PaymasterTables {
  paymaster_spend: PaymasterSpendTable
  paymaster_audit: PaymasterAuditTable
}
