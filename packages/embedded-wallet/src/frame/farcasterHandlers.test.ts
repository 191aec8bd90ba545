// @vitest-environment node
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type AuthTestServer, startAuthTestServer, startStallingProxy } from './authTestServer.testkit.js'
import { askPastTheBound, makeTestFrame, frameRequest as request } from './testFrame.testkit.js'

const SITE = 'http://site.test'
let server: AuthTestServer
beforeAll(async () => {
  server = await startAuthTestServer({ cooldownMs: 0, deviceWaitMs: 300 })
})
afterAll(() => server?.close())

/** A frame in a fresh browser, embedded by `parent` (null: no parent pinned yet). */
function makeFrame(parent: string | null = SITE) {
  return makeTestFrame({ server, parentOrigin: () => parent ?? undefined })
}

async function farcasterLink(frame: ReturnType<typeof makeFrame>): Promise<string> {
  const reply = await frame.handlers.handle(request('APP_GET_FARCASTER_URI'))
  expect(reply).toMatchObject({
    type: 'FRAME_GET_FARCASTER_URI_SUCCESS',
    payload: { url: expect.any(String) },
  })
  return (reply?.payload as { url: string } | undefined)?.url ?? ''
}

describe('createFrameHandlers: Farcaster login', () => {
  test('opens the sign-in link for the pinned site, waits, then holds the fid’s wallet with its username and picture', async () => {
    const frame = makeFrame()
    const url = await farcasterLink(frame)
    expect([...server.farcasterChannels.values()].at(-1)?.origin).toBe(SITE)

    // The app has not answered within one wait: the page is told to ask again.
    expect(await frame.handlers.handle(request('APP_CONNECT_FARCASTER'))).toMatchObject({
      type: 'FRAME_CONNECT_FARCASTER_SUCCESS',
      payload: { action: 'WAITING' },
    })
    const waiting = frame.handlers.handle(request('APP_CONNECT_FARCASTER'))
    server.answerFarcaster(url, { fid: 7, username: 'alice', pfpUrl: 'https://i.example/a.png' })
    expect(await waiting).toMatchObject({ type: 'FRAME_CONNECT_FARCASTER_SUCCESS', payload: {} })
    expect(frame.events.map((event) => event.type)).toEqual(['FRAME_SESSION_UPDATE'])

    const user = await frame.handlers.handle(request('APP_GET_USER', { chainId: 1 }))
    expect(user?.payload).toEqual({
      userName: 'alice',
      socialProvider: 'farcaster',
      profileImage: 'https://i.example/a.png',
      address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      chainId: 1,
      accountType: 'eoa',
      solanaAddress: expect.any(String),
    })
    // The same fid in another browser opens the same wallet (one seed per user, on the server).
    const other = makeFrame()
    const second = await farcasterLink(other)
    server.answerFarcaster(second, { fid: 7, username: 'alice' })
    await other.handlers.handle(request('APP_CONNECT_FARCASTER'))
    const again = await other.handlers.handle(request('APP_GET_USER', { chainId: 1 }))
    expect((again?.payload as { address?: string } | undefined)?.address).toBe(
      (user?.payload as { address?: string } | undefined)?.address,
    )
  })

  test('passes the server’s refusal on, and a refused link cannot be waited on again', async () => {
    const frame = makeFrame()
    const url = await farcasterLink(frame)
    server.answerFarcaster(url, {
      refused: 'Invalid resource: signer 0xabc is not an auth address or owner of fid 9.',
    })
    expect(await frame.handlers.handle(request('APP_CONNECT_FARCASTER'))).toMatchObject({
      type: 'FRAME_CONNECT_FARCASTER_ERROR',
      payload: { message: 'Invalid resource: signer 0xabc is not an auth address or owner of fid 9.' },
    })
    expect(await frame.handlers.handle(request('APP_CONNECT_FARCASTER'))).toMatchObject({
      type: 'FRAME_CONNECT_FARCASTER_ERROR',
      payload: { message: 'Start the Farcaster login with its link first.' },
    })
    expect(await frame.handlers.handle(request('APP_IS_CONNECTED'))).toMatchObject({
      payload: { isConnected: false },
    })
  })

  test('a wait its server never answers ends as WAITING before the page gives up, and the link is kept', async () => {
    const proxy = await startStallingProxy(server.origin)
    try {
      const frame = makeTestFrame({
        server: { origin: proxy.origin, projectId: server.projectId },
        parentOrigin: () => SITE,
      })
      const url = await farcasterLink(frame)
      proxy.stalled.add('/v1/auth/farcaster/connect')
      const reply = await askPastTheBound(frame, () => proxy.held.length, 'APP_CONNECT_FARCASTER')
      expect(reply).toMatchObject({ type: 'FRAME_CONNECT_FARCASTER_SUCCESS', payload: { action: 'WAITING' } })
      proxy.stalled.clear()
      server.answerFarcaster(url, { fid: 12, username: 'patient' })
      expect(await frame.ask('APP_CONNECT_FARCASTER')).toMatchObject({
        type: 'FRAME_CONNECT_FARCASTER_SUCCESS',
        payload: {},
      })
      expect(frame.events.map((event) => event.type)).toEqual(['FRAME_SESSION_UPDATE'])
    } finally {
      await proxy.close()
    }
  })

  test('says when the link expired', async () => {
    const frame = makeFrame()
    const url = await farcasterLink(frame)
    server.answerFarcaster(url, 'expired')
    expect(await frame.handlers.handle(request('APP_CONNECT_FARCASTER'))).toMatchObject({
      type: 'FRAME_CONNECT_FARCASTER_ERROR',
      payload: { message: 'The Farcaster sign-in expired before it was approved: start a new one.' },
    })
  })

  test('opens no link before the embedding site is known, nor for a site the project does not list', async () => {
    expect(await makeFrame(null).handlers.handle(request('APP_GET_FARCASTER_URI'))).toMatchObject({
      type: 'FRAME_GET_FARCASTER_URI_ERROR',
      payload: { message: 'The embedding site is not known yet: the Farcaster login cannot start.' },
    })
    expect(
      await makeFrame('http://evil.test').handlers.handle(request('APP_GET_FARCASTER_URI')),
    ).toMatchObject({
      type: 'FRAME_GET_FARCASTER_URI_ERROR',
      payload: { message: "http://evil.test is not one of the project's allowed origins." },
    })
  })
})
