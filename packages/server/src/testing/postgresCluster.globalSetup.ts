import type { TestProject } from 'vitest/node'
import { startPostgresCluster } from './postgresCluster.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The admin URL of the run's throwaway PostgreSQL cluster. */
    postgresUrl: string
  }
}

/** Starts one PostgreSQL cluster for the server tests and stops it after the run. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startPostgresCluster()
  project.provide('postgresUrl', cluster.url)
  return () => cluster.stop()
}
