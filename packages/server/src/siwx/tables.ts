/**
 * The sign-in tables (migration 003_siwx): nonces the server issued, and the sessions created with
 * them. A session keeps the signed message and signature, so it is verified again whenever it is read.
 */
import type { ColumnType, Generated } from 'kysely'

type Timestamp = ColumnType<Date, Date | string, Date | string>
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>

export interface SiwxNoncesTable {
  nonce: string
  project_id: string
  /** The page's origin the nonce was issued to; only that origin can use it. */
  origin: string
  chain_id: string | null
  account_address: string | null
  created_at: Timestamp
  expires_at: Timestamp
  /** Set once, when a session is created with the nonce. */
  used_at: NullableTimestamp
}

export interface SiwxSessionsTable {
  id: Generated<string>
  project_id: string
  origin: string
  namespace: string
  /** CAIP-2. */
  chain_id: string
  account_address: string
  nonce: string
  message: string
  signature: string
  /** CAIP-74 form of the signed message, as `toSiwxCacao` writes it; JSON text when written. */
  cacao: ColumnType<unknown | null, string | null, string | null>
  /** Hex SHA-256 of the bearer token; the token itself is never stored. */
  token_hash: string
  /** The message's `issuedAt`. */
  issued_at: Timestamp
  expires_at: Timestamp
  revoked_at: NullableTimestamp
  created_at: ColumnType<Date, Date | string | undefined, never>
}

export interface SiwxTables {
  siwx_nonces: SiwxNoncesTable
  siwx_sessions: SiwxSessionsTable
}
