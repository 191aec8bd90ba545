import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type Reply = { status: number; body: unknown } | 'hang'

/**
 * A real HTTP server on loopback answering the Portico server's balance and history routes the
 * way each test says, with the CORS headers the page needs. Requests are recorded.
 */
export async function startAccountTestServer() {
  const requests: { path: string; query: Record<string, string> }[] = []
  const hanging: ServerResponse[] = []
  let reply: (request: { path: string; query: Record<string, string> }) => Reply = () => 'hang'
  const server = createServer((incoming: IncomingMessage, response: ServerResponse) => {
    const url = new URL(incoming.url ?? '/', 'http://127.0.0.1')
    response.setHeader('access-control-allow-origin', '*')
    response.setHeader('access-control-allow-headers', '*')
    if (incoming.method === 'OPTIONS') {
      response.writeHead(204).end()
      return
    }
    const request = { path: url.pathname, query: Object.fromEntries(url.searchParams) }
    requests.push(request)
    const answer = reply(request)
    if (answer === 'hang') {
      hanging.push(response)
      return
    }
    response.writeHead(answer.status, { 'content-type': 'application/json' })
    response.end(JSON.stringify(answer.body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    reply: (handler: typeof reply) => {
      reply = handler
    },
    close: async () => {
      for (const response of hanging) response.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
