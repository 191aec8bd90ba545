/**
 * Sign-in sessions: a signed message bound to a project and a page origin, reached with a bearer
 * token of which only the SHA-256 is stored.
 */
import type { SiwxCacao } from '@portico/core'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { hashBearerToken } from '../http/bearerToken.js'

export interface StoredSiwxSession {
  projectId: string
  origin: string
  namespace: string
  chainId: string
  accountAddress: string
  nonce: string
  message: string
  signature: string
  cacao: SiwxCacao | undefined
  issuedAt: Date
  expiresAt: Date
  revokedAt: Date | undefined
}

/** Stores a session under the hash of `token`. */
export async function insertSiwxSession(
  db: Kysely<Database>,
  token: string,
  session: Omit<StoredSiwxSession, 'revokedAt'>,
): Promise<void> {
  await db
    .insertInto('siwx_sessions')
    .values({
      project_id: session.projectId,
      origin: session.origin,
      namespace: session.namespace,
      chain_id: session.chainId,
      account_address: session.accountAddress,
      nonce: session.nonce,
      message: session.message,
      signature: session.signature,
      cacao: session.cacao === undefined ? null : JSON.stringify(session.cacao),
      token_hash: hashBearerToken(token),
      issued_at: session.issuedAt,
      expires_at: session.expiresAt,
    })
    .execute()
}

/** The session of a token, whatever its state, or `undefined` when no session has it. */
export async function findSiwxSession(
  db: Kysely<Database>,
  token: string,
): Promise<StoredSiwxSession | undefined> {
  const row = await db
    .selectFrom('siwx_sessions')
    .selectAll()
    .where('token_hash', '=', hashBearerToken(token))
    .executeTakeFirst()
  if (!row) return undefined
  return {
    projectId: row.project_id,
    origin: row.origin,
    namespace: row.namespace,
    chainId: row.chain_id,
    accountAddress: row.account_address,
    nonce: row.nonce,
    message: row.message,
    signature: row.signature,
    // Checked against the verified message before it is handed out.
    cacao: row.cacao === null ? undefined : (row.cacao as SiwxCacao),
    issuedAt: new Date(row.issued_at),
    expiresAt: new Date(row.expires_at),
    revokedAt: row.revoked_at === null ? undefined : new Date(row.revoked_at),
  }
}

/** Marks a token's session signed out at `now`; a session signed out already keeps its first time. */
export async function revokeSiwxSession(db: Kysely<Database>, token: string, now: number): Promise<void> {
  await db
    .updateTable('siwx_sessions')
    .set({ revoked_at: new Date(now) })
    .where('token_hash', '=', hashBearerToken(token))
    .where('revoked_at', 'is', null)
    .execute()
}
