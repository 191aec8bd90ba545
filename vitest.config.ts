import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

// Workspace packages resolve to their TypeScript sources in tests, so no build is needed first.
const conditions = ['@portico/source', 'module', 'browser', 'development|production']
const resolve = { conditions }
const ssr = { resolve: { conditions: ['@portico/source', 'module', 'node', 'development|production'] } }

export default defineConfig({
  test: {
    // One file more than there are cores: many files wait on a chain, a database or a server rather
    // than on the CPU (vitest's default, cores − 1, is a single file at a time on 2 cores). Measured
    // on 2 cores: the unit section went from 5m45s to 3m43s.
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        resolve,
        ssr,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'packages/{core,siwx,test,walletconnect}/src/**/*.test.ts',
            // Every adapter, including one added later, without editing this list.
            'packages/adapter-*/src/**/*.test.ts',
            'apps/bench/src/**/*.test.ts',
          ],
        },
      },
      {
        resolve,
        ssr,
        test: {
          name: 'server',
          environment: 'node',
          include: ['packages/server/src/**/*.test.ts'],
          // A throwaway PostgreSQL cluster for the whole run; each test file makes its own database in it.
          // PGlite's initdb runs once, and every in-memory PGlite starts from its data directory.
          globalSetup: [
            'packages/server/src/testing/postgresCluster.globalSetup.ts',
            'packages/server/src/testing/pgliteTemplate.globalSetup.ts',
          ],
          setupFiles: ['packages/server/src/testing/pgliteTemplate.setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve,
        ssr,
        test: {
          name: 'dom',
          environment: 'happy-dom',
          // A happy-dom window per file either way; the VM pool makes it in a context of a worker it
          // keeps, instead of setting up a worker per file. Measured on 2 cores (53 files): 54 s of
          // CPU → 26 s. `isolate: false` would save as much but lets one file's state reach the next
          // (4 files failed with it).
          pool: 'vmThreads',
          include: ['packages/{react,embedded-wallet}/src/**/*.test.{ts,tsx}'],
          exclude: ['**/*.node.test.{ts,tsx}'],
        },
      },
      {
        resolve,
        ssr,
        test: {
          // React rendered in plain Node first, a browser window installed by hand afterwards (the
          // server-rendering tests): each file in a worker of its own, whose end takes its late
          // callbacks with it, as the VM pool's kept workers would not.
          name: 'dom-node',
          environment: 'node',
          include: ['packages/{react,embedded-wallet}/src/**/*.node.test.{ts,tsx}'],
        },
      },
      {
        test: {
          // The repository's own checks (scripts/), run on packages they write to a temporary folder.
          name: 'scripts',
          environment: 'node',
          include: ['scripts/**/*.test.mjs'],
        },
      },
    ],
  },
})
