/**
 * The embedded wallet user's preferred account type (SPEC §6: EOA or smart account, chosen per
 * user), so the choice follows the visitor to every site and device. NULL until the visitor chose:
 * the frame then uses the default (SPEC §9: a smart account on the chains that offer one).
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('auth_users').addColumn('preferred_account_type', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('auth_users').dropColumn('preferred_account_type').execute()
}
