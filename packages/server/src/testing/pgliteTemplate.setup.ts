/**
 * Every in-memory PGlite of a test file starts from the data directory pgliteTemplate.globalSetup.ts
 * made with initdb, instead of running initdb itself. The database is the same one initdb makes
 * (empty: migrations still run, and their tests still start from nothing); on-disk data directories
 * are left alone, since their tests are about what is on the disk.
 */
import { readFileSync } from 'node:fs'
import type * as PGliteModule from '@electric-sql/pglite'
import { inject, vi } from 'vitest'

vi.mock('@electric-sql/pglite', async (importOriginal) => {
  const actual = await importOriginal<typeof PGliteModule>()
  let template: Blob | undefined
  const loadTemplate = () => {
    template ??= new Blob([readFileSync(inject('pgliteTemplate'))])
    return template
  }
  class PGlite extends actual.PGlite {
    static override async create(
      dataDirOrOptions?: string | PGliteModule.PGliteOptions,
      options?: PGliteModule.PGliteOptions,
    ) {
      const merged =
        typeof dataDirOrOptions === 'string'
          ? { ...options, dataDir: dataDirOrOptions }
          : { ...dataDirOrOptions }
      const inMemory = merged.dataDir === undefined || merged.dataDir.startsWith('memory://')
      if (inMemory && !merged.loadDataDir && !merged.noInitDb) merged.loadDataDir = loadTemplate()
      return actual.PGlite.create(merged)
    }
  }
  return { ...actual, PGlite }
})
