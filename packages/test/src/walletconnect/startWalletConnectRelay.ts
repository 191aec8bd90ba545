import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type WebSocket, WebSocketServer } from 'ws'
import {
  type PublishParams,
  parseFrame,
  RelayErrorCode,
  type RelayRequest,
  RelayRequestError,
  type RelayResponse,
  type RpcId,
  readClientIdFromAuth,
  readPublishParams,
  readString,
  readStringArray,
} from './relayRequests.js'

export interface StartWalletConnectRelayOptions {
  /** A free port is picked when omitted. */
  port?: number
  /** Defaults to 127.0.0.1. */
  host?: string
  /**
   * How often every socket gets a WebSocket ping. Node clients of 2.21.8 drop a socket that hears
   * nothing for 35 s; defaults to 10 s.
   */
  pingIntervalMs?: number
  /** Where refused frames and unknown methods are reported. Defaults to console.warn. */
  log?: (line: string) => void
  /**
   * The project ids the relay serves; any id when omitted. A socket with another id (or none) is
   * accepted, then closed with code 3000 and `Unauthorized: invalid key`, as WalletConnect's public
   * relay closes it for a project id its operator did not issue.
   */
  projectIds?: readonly string[]
}

/** The close code and reason WalletConnect's relay gives a socket whose project id it refuses. */
export const RELAY_REFUSED_PROJECT_CODE = 3000
export const RELAY_REFUSED_PROJECT_REASON = 'Unauthorized: invalid key'

export interface WalletConnectRelay {
  /** `ws://HOST:PORT`, to pass as `relayUrl` to a sign-client. */
  url: string
  port: number
  /** How many messages clients have published so far (the inner messages of wc_* calls included). */
  published(): number
  /** Drops every socket and stops listening. */
  close(): Promise<void>
}

interface StoredMessage {
  topic: string
  message: string
  publishedAt: number
  expiresAt: number
  tag: number
  attestation?: string
  publisher: string
  /** Clients that acknowledged the message; it is never sent to them again. */
  received: Set<string>
}

interface Connection {
  socket: WebSocket
  clientId: string
  /** Topic → subscription id. */
  subscriptions: Map<string, string>
  /** irn_subscription id → the message it carried, until the client acknowledges it. */
  awaitingAck: Map<RpcId, StoredMessage>
}

// Tags and TTL the real relay gives the messages it publishes for wc_proposeSession and
// wc_approveSession (ENGINE_RPC_OPTS of sign-client 2.21.8).
const SESSION_PROPOSE_TAG = 1100
const SESSION_PROPOSE_RESPONSE_TAG = 1101
const SESSION_SETTLE_TAG = 1102
const FIVE_MINUTES_IN_SECONDS = 300

/**
 * Starts a WalletConnect relay on loopback for tests: irn_subscribe/unsubscribe/publish (and their
 * batch forms), irn_batchFetchMessages, and the wc_proposeSession / wc_approveSession calls that
 * sign-client 2.21.8 makes. Messages are kept until their TTL for clients that subscribe later, a
 * message is not echoed to the client that published it, and every socket is pinged. It accepts any
 * projectId unless `projectIds` lists the ones it serves, does not check the auth JWT (it only reads its `iss` to tell clients apart) and has no
 * Origin restriction, so a browser page can use it too.
 * @example
 * const relay = await startWalletConnectRelay()
 * const client = await SignClient.init({ relayUrl: relay.url, projectId: 'test', ... })
 * afterAll(() => relay.close())
 */
export async function startWalletConnectRelay(
  options: StartWalletConnectRelayOptions = {},
): Promise<WalletConnectRelay> {
  const host = options.host ?? '127.0.0.1'
  const log = options.log ?? ((line: string) => console.warn(line))
  const debug = process.env.DEBUG_WC ? log : () => {}
  const connections = new Set<Connection>()
  const subscribers = new Map<string, Set<Connection>>()
  const mailbox = new Map<string, StoredMessage[]>()
  let publishedCount = 0
  let nextDeliveryId = Date.now() * 1000

  const httpServer = createServer((_request, response) => {
    response.writeHead(426, { 'content-type': 'text/plain' })
    response.end('This is a WalletConnect relay: open it with a WebSocket.')
  })
  const wss = new WebSocketServer({ server: httpServer })

  function send(connection: Connection, payload: object): void {
    if (connection.socket.readyState === connection.socket.OPEN) {
      connection.socket.send(JSON.stringify({ jsonrpc: '2.0', ...payload }))
    }
  }

  function liveMessages(topic: string): StoredMessage[] {
    const now = Date.now()
    const kept = (mailbox.get(topic) ?? []).filter((message) => message.expiresAt > now)
    if (kept.length) mailbox.set(topic, kept)
    else mailbox.delete(topic)
    return kept
  }

  function deliver(connection: Connection, message: StoredMessage): void {
    const { clientId } = connection
    if (message.publisher === clientId || message.received.has(clientId)) return
    // Sent on this socket and not acknowledged yet; a new socket of the same client gets it again.
    for (const pending of connection.awaitingAck.values()) if (pending === message) return
    const subscriptionId = connection.subscriptions.get(message.topic)
    if (!subscriptionId) return
    const id = nextDeliveryId++
    connection.awaitingAck.set(id, message)
    send(connection, {
      id,
      method: 'irn_subscription',
      params: {
        id: subscriptionId,
        data: {
          topic: message.topic,
          message: message.message,
          publishedAt: message.publishedAt,
          tag: message.tag,
          ...(message.attestation ? { attestation: message.attestation } : {}),
        },
      },
    })
  }

  function publish(publisher: Connection, params: PublishParams): void {
    const stored: StoredMessage = {
      topic: params.topic,
      message: params.message,
      publishedAt: Date.now(),
      expiresAt: Date.now() + params.ttl * 1000,
      tag: params.tag,
      ...(params.attestation ? { attestation: params.attestation } : {}),
      publisher: publisher.clientId,
      received: new Set(),
    }
    publishedCount++
    mailbox.set(params.topic, [...liveMessages(params.topic), stored])
    debug(`relay: ${publisher.clientId} published tag ${params.tag} on ${params.topic}`)
    for (const subscriber of subscribers.get(params.topic) ?? []) deliver(subscriber, stored)
  }

  function subscribe(connection: Connection, topic: string): string {
    let subscriptionId = connection.subscriptions.get(topic)
    if (!subscriptionId) {
      subscriptionId = randomBytes(32).toString('hex')
      connection.subscriptions.set(topic, subscriptionId)
      const set = subscribers.get(topic) ?? new Set()
      set.add(connection)
      subscribers.set(topic, set)
    }
    return subscriptionId
  }

  // Sent after the subscribe response, so the client already knows the topic when they arrive.
  function deliverStored(connection: Connection, topics: readonly string[]): void {
    for (const topic of topics) for (const message of liveMessages(topic)) deliver(connection, message)
  }

  function unsubscribe(connection: Connection, topic: string): void {
    connection.subscriptions.delete(topic)
    const set = subscribers.get(topic)
    set?.delete(connection)
    if (set?.size === 0) subscribers.delete(topic)
  }

  /** Answers one request; returns topics whose stored messages go out once the answer is sent. */
  function handle(
    connection: Connection,
    request: RelayRequest,
  ): { result: unknown; deliverTopics?: string[] } {
    const { method, params } = request
    switch (method) {
      case 'irn_subscribe': {
        const topic = readString(params, 'topic', method)
        return { result: subscribe(connection, topic), deliverTopics: [topic] }
      }
      case 'irn_batchSubscribe': {
        const topics = readStringArray(params, 'topics', method)
        return { result: topics.map((topic) => subscribe(connection, topic)), deliverTopics: topics }
      }
      case 'irn_unsubscribe':
        unsubscribe(connection, readString(params, 'topic', method))
        return { result: true }
      case 'irn_batchUnsubscribe': {
        const list = params.subscriptions
        if (!Array.isArray(list)) {
          throw new RelayRequestError(
            RelayErrorCode.invalidParams,
            `${method} needs a "subscriptions" array.`,
          )
        }
        for (const item of list) {
          unsubscribe(connection, readString(typeof item === 'object' && item ? item : {}, 'topic', method))
        }
        return { result: true }
      }
      case 'irn_publish':
        publish(connection, readPublishParams(params, method, { ttl: FIVE_MINUTES_IN_SECONDS, tag: 0 }))
        return { result: true }
      case 'irn_batchPublish': {
        const messages = params.messages
        if (!Array.isArray(messages)) {
          throw new RelayRequestError(RelayErrorCode.invalidParams, `${method} needs a "messages" array.`)
        }
        const parsed = messages.map((item) =>
          readPublishParams(typeof item === 'object' && item ? item : {}, method, {
            ttl: FIVE_MINUTES_IN_SECONDS,
            tag: 0,
          }),
        )
        for (const item of parsed) publish(connection, item)
        return { result: true }
      }
      case 'irn_batchFetchMessages': {
        const topics = readStringArray(params, 'topics', method)
        const messages = topics.flatMap((topic) =>
          liveMessages(topic)
            .filter((m) => m.publisher !== connection.clientId && !m.received.has(connection.clientId))
            .map((m) => {
              // Fetching is the client's acknowledgement: it will not get the message pushed again.
              m.received.add(connection.clientId)
              return {
                topic: m.topic,
                message: m.message,
                publishedAt: m.publishedAt,
                tag: m.tag,
                ...(m.attestation ? { attestation: m.attestation } : {}),
              }
            }),
        )
        return { result: { messages, hasMore: false } }
      }
      case 'wc_proposeSession': {
        // The dapp's client creates the pairing without subscribing: the relay subscribes it here.
        const pairingTopic = readString(params, 'pairingTopic', method)
        const sessionProposal = readString(params, 'sessionProposal', method)
        subscribe(connection, pairingTopic)
        publish(
          connection,
          readPublishParams({ ...params, topic: pairingTopic, message: sessionProposal }, method, {
            ttl: FIVE_MINUTES_IN_SECONDS,
            tag: SESSION_PROPOSE_TAG,
          }),
        )
        return { result: true, deliverTopics: [pairingTopic] }
      }
      case 'wc_approveSession': {
        // The wallet's client stores the session topic without subscribing: the relay subscribes it
        // and publishes the proposal response and the session settlement for it.
        const sessionTopic = readString(params, 'sessionTopic', method)
        const pairingTopic = readString(params, 'pairingTopic', method)
        const response = readString(params, 'sessionProposalResponse', method)
        const settlement = readString(params, 'sessionSettlementRequest', method)
        subscribe(connection, sessionTopic)
        const ttl = typeof params.ttl === 'number' && params.ttl > 0 ? params.ttl : FIVE_MINUTES_IN_SECONDS
        publish(connection, {
          topic: pairingTopic,
          message: response,
          ttl,
          tag: SESSION_PROPOSE_RESPONSE_TAG,
        })
        publish(connection, { topic: sessionTopic, message: settlement, ttl, tag: SESSION_SETTLE_TAG })
        return { result: true, deliverTopics: [sessionTopic] }
      }
      default:
        throw new RelayRequestError(
          RelayErrorCode.methodNotFound,
          `The test relay does not handle ${method}.`,
        )
    }
  }

  function onResponse(connection: Connection, response: RelayResponse): void {
    const message = connection.awaitingAck.get(response.id)
    if (!message) return
    connection.awaitingAck.delete(response.id)
    if (!response.error) message.received.add(connection.clientId)
  }

  wss.on('connection', (socket, request) => {
    const query = new URL(request.url ?? '/', 'ws://relay').searchParams
    const projectId = query.get('projectId')
    if (options.projectIds && !options.projectIds.includes(projectId ?? '')) {
      debug(`relay: refused project id ${projectId ?? 'none'}`)
      socket.close(RELAY_REFUSED_PROJECT_CODE, RELAY_REFUSED_PROJECT_REASON)
      return
    }
    const connection: Connection = {
      socket,
      clientId: readClientIdFromAuth(query.get('auth')) ?? `anonymous:${randomBytes(8).toString('hex')}`,
      subscriptions: new Map(),
      awaitingAck: new Map(),
    }
    connections.add(connection)
    debug(`relay: ${connection.clientId} connected (projectId ${query.get('projectId') ?? 'none'})`)

    socket.on('message', (data) => {
      let frame: RelayRequest | RelayResponse | undefined
      try {
        frame = parseFrame(data.toString())
        if (!('method' in frame)) {
          onResponse(connection, frame)
          return
        }
        const { result, deliverTopics } = handle(connection, frame)
        send(connection, { id: frame.id, result })
        if (deliverTopics) deliverStored(connection, deliverTopics)
      } catch (error) {
        const code = error instanceof RelayRequestError ? error.code : -32603
        const message = error instanceof Error ? error.message : String(error)
        log(`WalletConnect test relay refused a frame from ${connection.clientId}: ${message}`)
        if (frame) send(connection, { id: frame.id, error: { code, message } })
      }
    })

    socket.on('close', () => {
      connections.delete(connection)
      for (const topic of [...connection.subscriptions.keys()]) unsubscribe(connection, topic)
      connection.awaitingAck.clear()
    })
    socket.on('error', (error) => debug(`relay: socket error from ${connection.clientId}: ${error.message}`))
  })

  const pingTimer = setInterval(() => {
    for (const { socket } of connections) if (socket.readyState === socket.OPEN) socket.ping()
    for (const topic of [...mailbox.keys()]) liveMessages(topic)
  }, options.pingIntervalMs ?? 10_000)
  pingTimer.unref()

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject)
    httpServer.listen(options.port ?? 0, host, () => {
      httpServer.off('error', reject)
      resolve()
    })
  })
  const { port } = httpServer.address() as AddressInfo
  const urlHost = host.includes(':') ? `[${host}]` : host

  return {
    url: `ws://${urlHost}:${port}`,
    port,
    published: () => publishedCount,
    close: async () => {
      clearInterval(pingTimer)
      for (const { socket } of connections) socket.terminate()
      await new Promise<void>((resolve) => wss.close(() => resolve()))
      await new Promise<void>((resolve) => httpServer.close(() => resolve()))
    },
  }
}
