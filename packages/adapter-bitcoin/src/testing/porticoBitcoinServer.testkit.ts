import type { Network } from '@portico/core'
import { addProject, type RunningServer, serverConfigSchema, startServer } from '@portico/server'
import { type BitcoinTestNode, startBitcoinTestNode } from '@portico/test/bitcoin'
import { defineBitcoinNetwork, withPorticoServer } from '../networks.js'

const SITE = 'https://shop.example'
const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'

export interface PorticoBitcoinServer {
  node: BitcoinTestNode
  server: RunningServer
  /** Regtest, served by the Portico server's Esplora-compatible routes. */
  network: Network
  /** fetch as the site's page makes it: with the site's Origin, which the project allows. */
  fetch: typeof fetch
  stop(): Promise<void>
}

/**
 * A bcoin regtest node behind a real Portico server (PGlite in memory) whose `bip122` routes serve
 * it, with a project for the site: the backend the adapter's integration tests read and send through.
 */
export async function startPorticoBitcoinServer(): Promise<PorticoBitcoinServer> {
  const node = await startBitcoinTestNode()
  const server = await startServer(
    serverConfigSchema.parse({
      port: 0,
      dataDir: 'memory://',
      indexer: 'off',
      log: { level: 'error' },
      bitcoin: {
        chains: [
          { caipNetworkId: REGTEST, name: 'Bitcoin regtest', upstream: { kind: 'bcoin', url: node.url } },
        ],
      },
    }),
  )
  await addProject(server.db, { id: 'shop', origins: [SITE] })
  const network = withPorticoServer(defineBitcoinNetwork({ name: 'Bitcoin Regtest' }), {
    apiUrl: server.url,
    projectId: 'shop',
  })
  const siteFetch: typeof fetch = (input, init) =>
    fetch(input, {
      ...init,
      headers: { ...(init?.headers as Record<string, string> | undefined), origin: SITE },
    })
  return {
    node,
    server,
    network,
    fetch: siteFetch,
    async stop() {
      await server.close()
      await node.stop()
    },
  }
}
