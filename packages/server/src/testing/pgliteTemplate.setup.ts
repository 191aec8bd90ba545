/**
 * Every in-memory PGlite of a test file (the server's, through its dialect's worker thread, and any
 * a test opens itself) starts from the data directory pgliteTemplate.globalSetup.ts
 * made with initdb, instead of running initdb itself. The database is the same one initdb makes
 * (empty: migrations still run, and their tests still start from nothing); on-disk data directories
 * are left alone, since their tests are about what is on the disk.
 */
import { readFileSync } from 'node:fs'
import type * as PGliteModule from '@electric-sql/pglite'
import { inject, vi } from 'vitest'
import type * as PGliteDialectModule from '../db/pgliteDialect.js'

// The server's own databases open PGlite in a worker thread (db/pgliteDialect.ts), which this
// file's mock of the package below does not reach: the dialect is given the template instead.
vi.mock('../db/pgliteDialect.js', async (importOriginal) => {
  const actual = await importOriginal<typeof PGliteDialectModule>()
  class PGliteDialect extends actual.PGliteDialect {
    constructor(config: PGliteDialectModule.PGliteDialectConfig) {
      super(
        config.dataDir.startsWith('memory://') && config.initialDataDir === undefined
          ? { ...config, initialDataDir: inject('pgliteTemplate') }
          : config,
      )
    }
  }
  return { ...actual, PGliteDialect }
})

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
