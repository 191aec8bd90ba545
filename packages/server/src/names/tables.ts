/** Account names (migration 011_account_names). */
import type { ColumnType } from 'kysely'

type Timestamp = ColumnType<Date, Date | string, Date | string>

export interface AccountNamesTable {
  /** The full name in lower case (`alice.myshop.eth`): one registration per name, whichever project. */
  name: string
  project_id: string
  label: string
  suffix: string
  /** Lower-case EVM address the name resolves to. */
  address: string
  /** ENSIP-11 coin type the registration was signed for. */
  coin_type: ColumnType<number, number, number>
  /** Text records, a JSON object of strings. */
  attributes: ColumnType<Record<string, string>, string, string>
  /** The signed message's timestamp. */
  signed_at: Timestamp
  registered_at: Timestamp
}

/** Signed registrations and releases already used, kept until their message is too old anyway. */
export interface AccountNameSignaturesTable {
  /** SHA-256 of the signed message and signature. */
  digest: string
  expires_at: Timestamp
}

export interface NamesTables {
  account_names: AccountNamesTable
  account_name_signatures: AccountNameSignaturesTable
}
