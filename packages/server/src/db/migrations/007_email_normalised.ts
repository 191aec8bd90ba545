/**
 * E-mail addresses are stored lower-cased whole (they kept their local part's case before), so
 * one inbox is one account with one cool-down and one daily cap. Users whose addresses differ only
 * by case are left as they are (lower-casing them would merge accounts); lookups compare
 * lower-cased, over the index made here, and prefer the exact row. Plain PostgreSQL, identical on
 * PGlite and on a PostgreSQL server.
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update auth_users as u set email = lower(u.email)
    where u.email <> lower(u.email)
      and not exists (
        select 1 from auth_users as other where lower(other.email) = lower(u.email) and other.id <> u.id
      )
  `.execute(db)
  await sql`create index auth_users_email_lower on auth_users (lower(email))`.execute(db)
  await sql`update auth_codes set email = lower(email) where email <> lower(email)`.execute(db)
  await sql`update auth_codes set new_email = lower(new_email) where new_email <> lower(new_email)`.execute(
    db,
  )
  await sql`update auth_mail_log set email = lower(email) where email <> lower(email)`.execute(db)
  // A cool-down lasts seconds; one keyed on the old spelling is dropped rather than merged.
  await sql`delete from auth_email_cooldowns where email <> lower(email)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The addresses' old case is not kept anywhere: only the index goes.
  await sql`drop index auth_users_email_lower`.execute(db)
}
