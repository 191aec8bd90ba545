/**
 * A JSON-RPC pass-through in front of anvil that records every HTTP request, so a test can see how
 * many round trips a read took and which methods it used, and can switch methods off to play a
 * node that lacks them.
 */
import { createServer, type Server } from 'node:http'
import { getFreePort } from '@portico/test'

export interface RecordedRequest {
  /** The JSON-RPC methods of the request, in order (several for a batch). */
  methods: string[]
  batch: boolean
}

export interface RpcRecorder {
  url: string
  requests: RecordedRequest[]
  /** Methods answered with JSON-RPC "method not found" instead of being forwarded. */
  refused: Set<string>
  stop(): Promise<void>
}

interface JsonRpcRequest {
  id: unknown
  method: string
}

/** Starts the pass-through to `upstreamUrl` on a free port. */
export async function startRpcRecorder(upstreamUrl: string): Promise<RpcRecorder> {
  const requests: RecordedRequest[] = []
  const refused = new Set<string>()
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', async () => {
      const text = Buffer.concat(chunks).toString('utf8')
      const body = JSON.parse(text) as JsonRpcRequest | JsonRpcRequest[]
      const list = Array.isArray(body) ? body : [body]
      requests.push({ methods: list.map((item) => item.method), batch: Array.isArray(body) })
      const answer = async (item: JsonRpcRequest): Promise<unknown> => {
        if (refused.has(item.method)) {
          return {
            jsonrpc: '2.0',
            id: item.id,
            error: { code: -32601, message: `Method ${item.method} not found` },
          }
        }
        const upstream = await fetch(upstreamUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(item),
          signal: AbortSignal.timeout(10_000),
        })
        return upstream.json()
      }
      try {
        const answers = await Promise.all(list.map(answer))
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(JSON.stringify(Array.isArray(body) ? answers : answers[0]))
      } catch (error) {
        response.writeHead(502)
        response.end(String(error))
      }
    })
  })
  const port = await getFreePort()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    refused,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
