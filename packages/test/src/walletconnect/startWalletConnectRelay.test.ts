import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { startWalletConnectRelay, type WalletConnectRelay } from './startWalletConnectRelay.js'

type Frame = { id: number | string; method?: string; result?: unknown; error?: { code: number } }
type Pushed = Frame & { params: { id: string; data: { topic: string; message: string; tag: number } } }

/** A raw relay client: sends irn_* requests and collects what the relay pushes. */
async function connect(relay: WalletConnectRelay, clientId: string) {
  // The relay reads only the JWT's `iss`; header and signature are not checked.
  const claims = Buffer.from(JSON.stringify({ iss: clientId })).toString('base64url')
  const socket = new WebSocket(`${relay.url}/?auth=e30.${claims}.c2ln&projectId=test`)
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
  const pushed: Pushed[] = []
  const waiting = new Map<number | string, (frame: Frame) => void>()
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as Frame
    if (frame.method) pushed.push(frame as Pushed)
    else waiting.get(frame.id)?.(frame)
  })
  let nextId = 1
  return {
    socket,
    pushed,
    request: (method: string, params: unknown) =>
      new Promise<Frame>((resolve) => {
        const id = nextId++
        waiting.set(id, resolve)
        socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }))
      }),
    ack: (frame: Frame) => socket.send(JSON.stringify({ jsonrpc: '2.0', id: frame.id, result: true })),
    close: () => socket.close(),
  }
}

const until = async (condition: () => boolean, ms = 2000) => {
  const deadline = Date.now() + ms
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('The condition was not met in time.')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

describe('startWalletConnectRelay', () => {
  let relay: WalletConnectRelay
  const logged: string[] = []
  beforeAll(async () => {
    relay = await startWalletConnectRelay({ pingIntervalMs: 50, log: (line) => logged.push(line) })
  })
  afterAll(() => relay.close())

  it('listens on 127.0.0.1 on a free port', () => {
    expect(relay.url).toBe(`ws://127.0.0.1:${relay.port}`)
  })

  it('pushes a published message to a subscriber of its topic, not to the publisher', async () => {
    const alice = await connect(relay, 'did:key:alice-1')
    const bob = await connect(relay, 'did:key:bob-1')
    const subscribed = await bob.request('irn_subscribe', { topic: 'topic-1' })
    await alice.request('irn_subscribe', { topic: 'topic-1' })
    const published = await alice.request('irn_publish', {
      topic: 'topic-1',
      message: 'hello',
      ttl: 300,
      tag: 1108,
    })
    expect(published.result).toBe(true)
    await until(() => bob.pushed.length === 1)
    expect(bob.pushed[0]).toMatchObject({
      method: 'irn_subscription',
      params: { id: subscribed.result, data: { topic: 'topic-1', message: 'hello', tag: 1108 } },
    })
    expect(alice.pushed).toEqual([])
    alice.close()
    bob.close()
  })

  it('gives a late subscriber a message published before it subscribed', async () => {
    const alice = await connect(relay, 'did:key:alice-2')
    await alice.request('irn_publish', { topic: 'topic-2', message: 'early', ttl: 300, tag: 1 })
    const bob = await connect(relay, 'did:key:bob-2')
    await bob.request('irn_subscribe', { topic: 'topic-2' })
    await until(() => bob.pushed.length === 1)
    expect(bob.pushed[0]?.params.data.message).toBe('early')
    alice.close()
    bob.close()
  })

  it('does not deliver an acknowledged message again when the client subscribes anew', async () => {
    const alice = await connect(relay, 'did:key:alice-3')
    await alice.request('irn_publish', { topic: 'topic-3', message: 'once', ttl: 300, tag: 1 })
    const bob = await connect(relay, 'did:key:bob-3')
    await bob.request('irn_subscribe', { topic: 'topic-3' })
    await until(() => bob.pushed.length === 1)
    bob.ack(bob.pushed[0]!)
    bob.close()
    const again = await connect(relay, 'did:key:bob-3')
    await again.request('irn_batchSubscribe', { topics: ['topic-3'] })
    const fetched = await again.request('irn_batchFetchMessages', { topics: ['topic-3'] })
    expect(fetched.result).toEqual({ messages: [], hasMore: false })
    expect(again.pushed).toEqual([])
    alice.close()
    again.close()
  })

  it('redelivers a message that was never acknowledged', async () => {
    const alice = await connect(relay, 'did:key:alice-4')
    await alice.request('irn_publish', { topic: 'topic-4', message: 'again', ttl: 300, tag: 1 })
    const bob = await connect(relay, 'did:key:bob-4')
    await bob.request('irn_subscribe', { topic: 'topic-4' })
    await until(() => bob.pushed.length === 1)
    bob.close()
    const again = await connect(relay, 'did:key:bob-4')
    await again.request('irn_subscribe', { topic: 'topic-4' })
    await until(() => again.pushed.length === 1)
    expect(again.pushed[0]?.params.data.message).toBe('again')
    alice.close()
    again.close()
  })

  it('drops a message once its TTL has passed', async () => {
    const alice = await connect(relay, 'did:key:alice-5')
    await alice.request('irn_publish', { topic: 'topic-5', message: 'short-lived', ttl: 0.05, tag: 1 })
    await new Promise((resolve) => setTimeout(resolve, 120))
    const bob = await connect(relay, 'did:key:bob-5')
    await bob.request('irn_subscribe', { topic: 'topic-5' })
    const fetched = await bob.request('irn_batchFetchMessages', { topics: ['topic-5'] })
    expect(fetched.result).toEqual({ messages: [], hasMore: false })
    alice.close()
    bob.close()
  })

  it('stops pushing to a client after it unsubscribes', async () => {
    const alice = await connect(relay, 'did:key:alice-6')
    const bob = await connect(relay, 'did:key:bob-6')
    const { result: id } = await bob.request('irn_subscribe', { topic: 'topic-6' })
    await bob.request('irn_batchUnsubscribe', { subscriptions: [{ topic: 'topic-6', id }] })
    await alice.request('irn_batchPublish', {
      messages: [{ topic: 'topic-6', message: 'm', ttl: 300, tag: 1 }],
    })
    const probe = await connect(relay, 'did:key:probe-6')
    await probe.request('irn_subscribe', { topic: 'topic-6' })
    await until(() => probe.pushed.length === 1)
    expect(bob.pushed).toEqual([])
    for (const client of [alice, bob, probe]) client.close()
  })

  it('subscribes the proposer on wc_proposeSession and the approver on wc_approveSession', async () => {
    const dapp = await connect(relay, 'did:key:dapp-7')
    const wallet = await connect(relay, 'did:key:wallet-7')
    await wallet.request('irn_subscribe', { topic: 'pairing-7' })
    await dapp.request('wc_proposeSession', {
      pairingTopic: 'pairing-7',
      sessionProposal: 'proposal',
      ttl: 300,
    })
    await until(() => wallet.pushed.length === 1)
    expect(wallet.pushed[0]?.params.data).toMatchObject({
      topic: 'pairing-7',
      message: 'proposal',
      tag: 1100,
    })
    await wallet.request('wc_approveSession', {
      sessionTopic: 'session-7',
      pairingTopic: 'pairing-7',
      sessionProposalResponse: 'response',
      sessionSettlementRequest: 'settle',
      ttl: 300,
    })
    await until(() => dapp.pushed.length === 1)
    expect(dapp.pushed[0]?.params.data).toMatchObject({ topic: 'pairing-7', message: 'response', tag: 1101 })
    await dapp.request('irn_subscribe', { topic: 'session-7' })
    await until(() => dapp.pushed.length === 2)
    expect(dapp.pushed[1]?.params.data).toMatchObject({ topic: 'session-7', message: 'settle', tag: 1102 })
    await dapp.request('irn_publish', { topic: 'session-7', message: 'to-wallet', ttl: 300, tag: 1108 })
    await until(() => wallet.pushed.length === 2)
    expect(wallet.pushed[1]?.params.data.message).toBe('to-wallet')
    dapp.close()
    wallet.close()
  })

  it('answers an unknown method and malformed params with JSON-RPC errors, and logs them', async () => {
    const client = await connect(relay, 'did:key:client-8')
    const unknown = await client.request('irn_somethingNew', {})
    expect(unknown.error?.code).toBe(-32601)
    const malformed = await client.request('irn_publish', { topic: 'topic-8' })
    expect(malformed.error?.code).toBe(-32602)
    expect(logged.some((line) => line.includes('irn_somethingNew'))).toBe(true)
    client.close()
  })

  it('pings every socket', async () => {
    const client = await connect(relay, 'did:key:client-9')
    let pings = 0
    client.socket.on('ping', () => pings++)
    await until(() => pings >= 2)
    client.close()
  })

  it('counts published messages', async () => {
    const before = relay.published()
    const client = await connect(relay, 'did:key:client-10')
    await client.request('irn_publish', { topic: 'topic-10', message: 'a', ttl: 300, tag: 1 })
    expect(relay.published()).toBe(before + 1)
    client.close()
  })
})

describe('startWalletConnectRelay with projectIds', () => {
  it('closes a socket whose project id it does not serve with 3000 "Unauthorized: invalid key", as the public relay does', async () => {
    const relay = await startWalletConnectRelay({ projectIds: ['issued'], log: () => {} })
    try {
      const closed = (projectId: string) =>
        new Promise<{ code: number; reason: string }>((resolve) => {
          const socket = new WebSocket(`${relay.url}/?projectId=${projectId}`)
          socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() }))
        })
      expect(await closed('unknown')).toEqual({ code: 3000, reason: 'Unauthorized: invalid key' })
      const served = new WebSocket(`${relay.url}/?projectId=issued`)
      await new Promise((resolve, reject) => served.once('open', resolve).once('error', reject))
      // Still open a moment later: the id is one the relay serves.
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(served.readyState).toBe(WebSocket.OPEN)
      served.close()
    } finally {
      await relay.close()
    }
  })
})
