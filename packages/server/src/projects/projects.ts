/**
 * Projects: an id a site puts in its Portico config, a name, and the origins whose pages may use it.
 */
import { BaseError } from '@portico/core/errors'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { normaliseOrigin } from './origins.js'

export interface Project {
  id: string
  name: string
  allowedOrigins: string[]
  createdAt: Date
}

/** No project has this id. */
export class ProjectNotFoundError extends BaseError {
  override name = 'ProjectNotFoundError' as const
  constructor(readonly projectId: string) {
    super(`There is no project "${projectId}". List projects with: portico-server project list`)
  }
}
export type ProjectNotFoundErrorType = ProjectNotFoundError & { name: 'ProjectNotFoundError' }

/** A project with this id exists already. */
export class ProjectExistsError extends BaseError {
  override name = 'ProjectExistsError' as const
  constructor(readonly projectId: string) {
    super(
      `A project "${projectId}" exists already. Change its origins with: portico-server project origins ${projectId} --origin …`,
    )
  }
}
export type ProjectExistsErrorType = ProjectExistsError & { name: 'ProjectExistsError' }

/** The project's id or name cannot be used. */
export class InvalidProjectError extends BaseError {
  override name = 'InvalidProjectError' as const
}
export type InvalidProjectErrorType = InvalidProjectError & { name: 'InvalidProjectError' }

const PROJECT_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/

/** Whether `id` has the form of a project id (it may still name no project). */
export function isProjectId(id: string): boolean {
  return PROJECT_ID.test(id)
}

function checkId(id: string): string {
  if (!PROJECT_ID.test(id)) {
    throw new InvalidProjectError(
      `"${id}" cannot be a project id: use 1 to 64 letters, digits, "-" or "_", starting with a letter or digit.`,
    )
  }
  return id
}

function checkOrigins(origins: readonly string[]): string[] {
  if (origins.length === 0) {
    throw new InvalidProjectError(
      'A project needs at least one allowed origin (--origin https://example.com).',
    )
  }
  return [...new Set(origins.map(normaliseOrigin))]
}

function toProject(row: { id: string; name: string; allowed_origins: string[]; created_at: Date }): Project {
  return {
    id: row.id,
    name: row.name,
    allowedOrigins: row.allowed_origins,
    createdAt: new Date(row.created_at),
  }
}

export interface AddProjectParameters {
  id: string
  /** Defaults to the id. */
  name?: string | undefined
  /** `scheme://host[:port]`, or `*` for any origin. */
  origins: readonly string[]
}

/**
 * Creates a project. Throws `ProjectExistsError` for a taken id and `InvalidOriginError` for a bad origin.
 * @example
 * await addProject(db, { id: 'demo', origins: ['http://localhost:4173'] })
 */
export async function addProject(db: Kysely<Database>, parameters: AddProjectParameters): Promise<Project> {
  const id = checkId(parameters.id)
  const origins = checkOrigins(parameters.origins)
  const name = parameters.name?.trim() || id
  const row = await db
    .insertInto('projects')
    .values({ id, name, allowed_origins: JSON.stringify(origins) })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .returningAll()
    .executeTakeFirst()
  if (!row) throw new ProjectExistsError(id)
  return toProject(row)
}

/** Every project, by id. */
export async function listProjects(db: Kysely<Database>): Promise<Project[]> {
  const rows = await db.selectFrom('projects').selectAll().orderBy('id').execute()
  return rows.map(toProject)
}

/** One project, or `undefined`. */
export async function getProject(db: Kysely<Database>, id: string): Promise<Project | undefined> {
  const row = await db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst()
  return row ? toProject(row) : undefined
}

/** Deletes a project; its analytics events stay. Throws `ProjectNotFoundError` for an unknown id. */
export async function removeProject(db: Kysely<Database>, id: string): Promise<void> {
  const result = await db.deleteFrom('projects').where('id', '=', id).executeTakeFirst()
  if (result.numDeletedRows === 0n) throw new ProjectNotFoundError(id)
}

/** Replaces a project's allowed origins. Throws `ProjectNotFoundError` for an unknown id. */
export async function setProjectOrigins(
  db: Kysely<Database>,
  id: string,
  origins: readonly string[],
): Promise<Project> {
  const checked = checkOrigins(origins)
  const row = await db
    .updateTable('projects')
    .set({ allowed_origins: JSON.stringify(checked) })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
  if (!row) throw new ProjectNotFoundError(id)
  return toProject(row)
}
