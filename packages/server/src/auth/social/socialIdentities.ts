/**
 * The linking rule: a provider identity (provider + subject) is one user. A first login joins the
 * e-mail user of the same address ONLY when the provider says the address is verified (see
 * socialProviders.ts for which do); otherwise it gets a user of its own, with no address when the
 * provider gave no verified one. An unverified address is never stored as the user's address,
 * so nobody can claim another person's wallet by typing their address into a provider.
 */
import { randomUUID } from 'node:crypto'
import type { SocialProvider } from '@portico/core/api'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.js'
import { InvalidEmailError, normaliseEmail } from '../email.js'
import { type AuthUserRecord, findOrCreateUser } from '../users.js'
import type { SocialIdentity } from './socialProviders.js'

export interface LinkedUser {
  user: { id: string; email: string | null }
  created: boolean
}

function verifiedEmailOf(identity: SocialIdentity): string | undefined {
  if (!identity.emailVerified || !identity.email) return undefined
  try {
    return normaliseEmail(identity.email)
  } catch (error) {
    if (error instanceof InvalidEmailError) return undefined
    throw error
  }
}

/** The user the identity stands for, made (and linked) on its first login. Run inside a transaction. */
export async function findOrCreateSocialUser(
  db: Kysely<Database>,
  provider: SocialProvider,
  identity: SocialIdentity,
  now: number,
): Promise<LinkedUser> {
  const at = new Date(now)
  const details = {
    email: identity.email ?? null,
    email_verified: identity.emailVerified,
    username: identity.username ?? null,
    last_login_at: at,
  }
  const known = await db
    .updateTable('auth_social_identities')
    .set(details)
    .where('provider', '=', provider)
    .where('subject', '=', identity.subject)
    .returning('user_id')
    .executeTakeFirst()
  if (known) return { user: await userById(db, known.user_id), created: false }

  const email = verifiedEmailOf(identity)
  let linked: LinkedUser
  if (email) {
    const { user, created } = await findOrCreateUser(db, email, now)
    linked = { user, created }
  } else {
    const user: AuthUserRecord | { id: string; email: null } = { id: randomUUID(), email: null }
    await db.insertInto('auth_users').values({ id: user.id, email: null, created_at: at }).execute()
    linked = { user, created: true }
  }
  const inserted = await db
    .insertInto('auth_social_identities')
    .values({ provider, subject: identity.subject, user_id: linked.user.id, created_at: at, ...details })
    .onConflict((conflict) => conflict.columns(['provider', 'subject']).doNothing())
    .returning('user_id')
    .executeTakeFirst()
  if (inserted) return linked
  // Another login of the same identity linked it a moment earlier: that one stands.
  const other = await db
    .selectFrom('auth_social_identities')
    .select('user_id')
    .where('provider', '=', provider)
    .where('subject', '=', identity.subject)
    .executeTakeFirstOrThrow()
  return { user: await userById(db, other.user_id), created: false }
}

async function userById(db: Kysely<Database>, id: string): Promise<{ id: string; email: string | null }> {
  return db.selectFrom('auth_users').select(['id', 'email']).where('id', '=', id).executeTakeFirstOrThrow()
}

/** The username of the user's identity at `provider`, for Account. */
export async function findSocialUsername(
  db: Kysely<Database>,
  userId: string,
  provider: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('auth_social_identities')
    .select('username')
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .orderBy('last_login_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row?.username ?? undefined
}
