/**
 * The real Portico server for the frame's tests that need what only it does (the bundler behind its
 * RPC proxy, its paymaster, its portfolio). `@portico/server` depends on this package (it serves the
 * built frame), so it cannot be a dependency here as well: its built entry is loaded at run time
 * from the workspace instead (`pnpm build` builds it before the tests run).
 */
export interface TestPorticoServer {
  url: string
  close(): Promise<void>
}

interface ServerModule {
  serverConfigSchema: { parse(config: unknown): unknown }
  startServer(config: unknown): Promise<{ url: string; db: unknown; close(): Promise<void> }>
  addProject(db: unknown, project: { id: string; name?: string; origins: string[] }): Promise<unknown>
}

/** Starts a server (PGlite in memory, port 0) with `config` merged in, and adds `project`. */
export async function startTestPorticoServer(
  config: Record<string, unknown>,
  project: { id: string; name?: string; origins: string[] },
): Promise<TestPorticoServer> {
  const entry = new URL('../../../server/dist/index.js', import.meta.url).href
  const server = (await import(/* @vite-ignore */ entry)) as ServerModule
  const running = await server.startServer(
    server.serverConfigSchema.parse({
      port: 0,
      dataDir: 'memory://',
      indexer: 'off',
      log: { level: 'error' },
      ...config,
    }),
  )
  await server.addProject(running.db, project)
  return { url: running.url, close: () => running.close() }
}
