import { defineConfig } from 'vitest/config'

// Workspace packages resolve to their TypeScript sources in tests, so no build is needed first.
const conditions = ['@portico/source', 'module', 'browser', 'development|production']
const resolve = { conditions }
const ssr = { resolve: { conditions: ['@portico/source', 'module', 'node', 'development|production'] } }

export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        ssr,
        test: {
          name: 'node',
          environment: 'node',
          include: ['packages/{core,adapter-evm,test,server}/src/**/*.test.ts'],
        },
      },
      {
        resolve,
        ssr,
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: ['packages/react/src/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
})
