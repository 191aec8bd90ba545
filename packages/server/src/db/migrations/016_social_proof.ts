/**
 * Social logins bound to the browser that approved them: the provider's callback sends a fresh
 * one-time proof, with the state, to the site's page in the browser that went through the consent,
 * and the attempt keeps only its SHA-256; the finish must show the proof as well as the frame's
 * secret. So a login started in one browser and approved in another (a link sent to a victim)
 * cannot be finished by the frame that started it. Plain PostgreSQL, identical on PGlite.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('auth_social_attempts').addColumn('proof_hash', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('auth_social_attempts').dropColumn('proof_hash').execute()
}
