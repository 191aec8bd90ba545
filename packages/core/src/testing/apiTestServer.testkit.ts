import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** What the test server does with one request. */
export type TestReply =
  | { status: number; body: unknown }
  | { status: number; raw: string }
  /** Never answers (for timeouts). */
  | 'hang'

export interface RecordedRequest {
  method: string
  path: string
  query: Record<string, string>
  body: string
}

/**
 * A real HTTP server on loopback standing in for a Portico server in core's and react's tests:
 * each test decides the replies, and every request is recorded. Answers with the CORS headers a
 * Portico server sends, so a page (happy-dom) can read them too.
 */
export async function startTestApiServer() {
  const requests: RecordedRequest[] = []
  const hanging: ServerResponse[] = []
  let reply: (request: RecordedRequest) => TestReply | Promise<TestReply> = () => ({
    status: 404,
    body: { error: { code: 'NOT_FOUND', message: 'No reply set.' } },
  })
  const server = createServer((incoming: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', async () => {
      const url = new URL(incoming.url ?? '/', 'http://127.0.0.1')
      response.setHeader('access-control-allow-origin', '*')
      if (incoming.method === 'OPTIONS') {
        response.setHeader(
          'access-control-allow-headers',
          incoming.headers['access-control-request-headers'] ?? 'content-type, authorization',
        )
        response.writeHead(204).end()
        return
      }
      const request: RecordedRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: Buffer.concat(chunks).toString('utf8'),
      }
      requests.push(request)
      const answer = await reply(request)
      if (answer === 'hang') {
        hanging.push(response)
        return
      }
      response.writeHead(answer.status, { 'content-type': 'application/json' })
      response.end('raw' in answer ? answer.raw : JSON.stringify(answer.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Sets how the next requests are answered. */
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

/** A port nothing listens on: taken from the OS, then released. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}`
}
