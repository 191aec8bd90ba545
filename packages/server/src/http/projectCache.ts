import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { getProject, type Project } from '../projects/projects.js'

export interface ProjectCache {
  /** The project, or `undefined` when there is none; from memory when looked up less than `ttlMs` ago. */
  get(id: string): Promise<Project | undefined>
}

/** Entries kept before the cache starts over, so random ids cannot grow it without bound. */
const MAX_ENTRIES = 10_000

/**
 * Remembers project lookups (found or not) for `ttlMs`, so the database is not asked on every
 * request. A change made with the CLI or on another instance takes effect within `ttlMs`.
 */
export function createProjectCache(
  db: Kysely<Database>,
  ttlMs: number,
  now: () => number = Date.now,
): ProjectCache {
  const entries = new Map<string, { project: Project | undefined; expiresAt: number }>()
  return {
    async get(id) {
      const time = now()
      const cached = entries.get(id)
      if (cached && cached.expiresAt > time) return cached.project
      const project = await getProject(db, id)
      if (entries.size >= MAX_ENTRIES) entries.clear()
      if (ttlMs > 0) entries.set(id, { project, expiresAt: time + ttlMs })
      return project
    },
  }
}
