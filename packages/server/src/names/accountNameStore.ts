/**
 * The account names a server keeps (SPEC §7 register, lookup, suggestions, reverse lookup): one
 * registration per name, a limit of names per address and project, and each signed message used once.
 */
import { createHash } from 'node:crypto'
import { ACCOUNT_NAME_MAX_LENGTH, type AccountName, accountNameProblem } from '@portico/core/api'
import { BaseError } from '@portico/core/errors'
import { type Kysely, sql } from 'kysely'
import { getAddress } from 'viem'
import type { Database } from '../db/schema.js'

/** The name is registered already. */
export class AccountNameTakenError extends BaseError {
  override name = 'AccountNameTakenError' as const
}
export type AccountNameTakenErrorType = AccountNameTakenError & { name: 'AccountNameTakenError' }

/** The address holds as many names in the project as it may. */
export class AccountNameLimitError extends BaseError {
  override name = 'AccountNameLimitError' as const
}
export type AccountNameLimitErrorType = AccountNameLimitError & { name: 'AccountNameLimitError' }

/** The signed message was used before (a replayed registration or release). */
export class AccountNameMessageUsedError extends BaseError {
  override name = 'AccountNameMessageUsedError' as const
}
export type AccountNameMessageUsedErrorType = AccountNameMessageUsedError & {
  name: 'AccountNameMessageUsedError'
}

function toAccountName(row: {
  name: string
  address: string
  coin_type: number | string
  attributes: Record<string, string> | string
  registered_at: Date | string
}): AccountName {
  return {
    name: row.name,
    address: getAddress(row.address),
    coinType: Number(row.coin_type),
    attributes: typeof row.attributes === 'string' ? JSON.parse(row.attributes) : row.attributes,
    registeredAt: new Date(row.registered_at).toISOString(),
  }
}

/** A name's registration in any project, or `undefined` (the ENS gateway resolves it whichever project). */
export async function findAccountName(
  db: Kysely<Database>,
  name: string,
  projectId?: string,
): Promise<AccountName | undefined> {
  let query = db.selectFrom('account_names').selectAll().where('name', '=', name.toLowerCase())
  if (projectId !== undefined) query = query.where('project_id', '=', projectId)
  const row = await query.executeTakeFirst()
  return row ? toAccountName(row) : undefined
}

/** The project's names of an address, oldest first (SPEC §7 reverse lookup). */
export async function findAccountNamesOf(
  db: Kysely<Database>,
  projectId: string,
  address: string,
): Promise<AccountName[]> {
  const rows = await db
    .selectFrom('account_names')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('address', '=', address.toLowerCase())
    .orderBy('registered_at')
    .orderBy('name')
    .execute()
  return rows.map(toAccountName)
}

/** How many suggestions a taken name gets. */
export const SUGGESTION_COUNT = 4

/**
 * Free names like `label` under `suffix` (SPEC §3 name service suggestions): the label with a
 * number, with a hyphen and a number, then with the suffix's first label, each checked against
 * SPEC §5 and the registered names.
 */
export async function suggestAccountNames(
  db: Kysely<Database>,
  label: string,
  suffix: string,
): Promise<string[]> {
  const base = label.toLowerCase().slice(0, ACCOUNT_NAME_MAX_LENGTH - 4)
  const site = suffix.split('.')[0] ?? ''
  const candidates = [
    ...[1, 2, 3, 7, 42].map((n) => `${base}${n}`),
    ...[1, 2].map((n) => `${base}-${n}`),
    `${base}-${site}`,
    `my${base}`,
  ]
    .filter((candidate, index, all) => all.indexOf(candidate) === index)
    .filter((candidate) => accountNameProblem(candidate) === undefined && !hasLabelExtension(candidate))
    .map((candidate) => `${candidate}.${suffix}`)
  const taken = new Set(
    (await db.selectFrom('account_names').select('name').where('name', 'in', candidates).execute()).map(
      (row) => row.name,
    ),
  )
  return candidates.filter((candidate) => !taken.has(candidate)).slice(0, SUGGESTION_COUNT)
}

/**
 * The digest a signed message is remembered by: the message and its signer, not the signature,
 * because one signature has several encodings that verify alike (v as 27/28 or 0/1, s or n − s,
 * and whatever a contract account accepts), each of which would otherwise be a new message.
 */
export function signedMessageDigest(message: string, address: string): string {
  return createHash('sha256').update(message).update('\0').update(address.toLowerCase()).digest('hex')
}

/**
 * Whether a label has hyphens as its 3rd and 4th characters: `xn--` is punycode (a label that
 * displays as other letters), and ENS normalisation (ENSIP-15) refuses every such label, so no
 * ENS client would resolve the name.
 */
export function hasLabelExtension(label: string): boolean {
  return label.slice(2, 4) === '--'
}

/** Marks a signed message used until `expiresAt`; throws `AccountNameMessageUsedError` the second time. */
async function useSignedMessage(
  db: Kysely<Database>,
  digest: string,
  expiresAt: Date,
  now: Date,
): Promise<void> {
  await db.deleteFrom('account_name_signatures').where('expires_at', '<', now).execute()
  const used = await db
    .insertInto('account_name_signatures')
    .values({ digest, expires_at: expiresAt })
    .onConflict((conflict) => conflict.column('digest').doNothing())
    .returning('digest')
    .executeTakeFirst()
  if (!used) throw new AccountNameMessageUsedError('This signed message was used already: sign a new one.')
}

export interface RegisterAccountNameParameters {
  projectId: string
  name: string
  label: string
  suffix: string
  address: string
  coinType: number
  attributes: Record<string, string>
  signedAt: Date
  /** The signed message's digest (`signedMessageDigest`) and until when it could be replayed. */
  digest: string
  digestExpiresAt: Date
  maxNamesPerAddress: number
  now: Date
}

/**
 * Stores a registration, in one transaction with its checks: the message is unused, the address
 * holds fewer names than the project allows, the name is free. Throws `AccountNameMessageUsedError`,
 * `AccountNameLimitError` or `AccountNameTakenError`.
 */
export async function registerAccountName(
  db: Kysely<Database>,
  parameters: RegisterAccountNameParameters,
): Promise<AccountName> {
  const address = parameters.address.toLowerCase()
  return db.transaction().execute(async (tx) => {
    // Two registrations of one address at once would both see the count below the limit.
    await sql`select pg_advisory_xact_lock(hashtext(${`names:${parameters.projectId}:${address}`}))`.execute(
      tx,
    )
    await useSignedMessage(tx, parameters.digest, parameters.digestExpiresAt, parameters.now)
    const existing = await tx
      .selectFrom('account_names')
      .select(['address', 'project_id'])
      .where('name', '=', parameters.name)
      .executeTakeFirst()
    if (existing) {
      throw new AccountNameTakenError(
        existing.address === address && existing.project_id === parameters.projectId
          ? `${parameters.name} is registered to this address already.`
          : `${parameters.name} is registered already.`,
      )
    }
    const { count } = await tx
      .selectFrom('account_names')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('project_id', '=', parameters.projectId)
      .where('address', '=', address)
      .executeTakeFirstOrThrow()
    if (Number(count) >= parameters.maxNamesPerAddress) {
      throw new AccountNameLimitError(
        parameters.maxNamesPerAddress === 1
          ? 'This address has a name in this project already: release it to register another.'
          : `This address has ${parameters.maxNamesPerAddress} names in this project, as many as it may: release one to register another.`,
      )
    }
    const row = await tx
      .insertInto('account_names')
      .values({
        name: parameters.name,
        project_id: parameters.projectId,
        label: parameters.label,
        suffix: parameters.suffix,
        address,
        coin_type: parameters.coinType,
        attributes: JSON.stringify(parameters.attributes),
        signed_at: parameters.signedAt,
        registered_at: parameters.now,
      })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .returningAll()
      .executeTakeFirst()
    // Another instance registered it between the read and the insert.
    if (!row) throw new AccountNameTakenError(`${parameters.name} is registered already.`)
    return toAccountName(row)
  })
}

export interface ReleaseAccountNameParameters {
  projectId: string
  name: string
  /** Only this address's registration is released. */
  address: string
  digest: string
  digestExpiresAt: Date
  now: Date
}

/** Deletes a registration after marking its release message used; false when it was gone already. */
export async function releaseAccountName(
  db: Kysely<Database>,
  parameters: ReleaseAccountNameParameters,
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    await useSignedMessage(tx, parameters.digest, parameters.digestExpiresAt, parameters.now)
    const result = await tx
      .deleteFrom('account_names')
      .where('name', '=', parameters.name)
      .where('project_id', '=', parameters.projectId)
      .where('address', '=', parameters.address.toLowerCase())
      .executeTakeFirst()
    return result.numDeletedRows > 0n
  })
}
