// @vitest-environment node
import { ed25519 } from '@noble/curves/ed25519'
import { type AnvilInstance, rpc, startAnvil } from '@portico/test'
import { base58 } from '@scure/base'
import { Window } from 'happy-dom'
import { type Hex, numberToHex, parseEther, stringToHex, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { PROTOCOL_VERSION, parseFrameMessage } from '../protocol/index.js'
import { type ApprovalQueue, createApprovalQueue } from './approvals.js'
import { type AuthApi, createAuthApi, sessionIdOf } from './authApi.js'
import { type AuthTestServer, createMemoryStorage, startAuthTestServer } from './authTestServer.testkit.js'
import { createEmailChangeView } from './emailChangeView.js'
import { type FrameTheme, RELOAD_DELAY_MS, THEME_STORAGE_KEY } from './handlers.js'
import { deriveKeys } from './keys.js'
import { makeTestBrowser, makeTestFrame, frameRequest as request } from './testFrame.testkit.js'

let server: AuthTestServer
beforeAll(async () => {
  server = await startAuthTestServer({ cooldownMs: 0, deviceWaitMs: 300 })
})
afterAll(() => server?.close())

/**
 * One frame page in a browser (a reload is a new frame in the same browser), with the frame's real
 * e-mail change screen, and what it tells the screen (themes, reloads) and its log.
 */
function makeFrame(
  browser = makeTestBrowser(),
  api?: AuthApi,
  // No call reaches a chain unless a test passes its node.
  rpcUrl?: (caipNetworkId: string) => string,
) {
  const queue: ApprovalQueue = createApprovalQueue()
  // The frame's real code screen in a page of its own (the handlers need Node's fetch, so this file
  // runs without a global DOM): codes are typed into it as a visitor would.
  const page = new Window().document
  const emailRoot = page.createElement('main') as unknown as HTMLElement
  emailRoot.hidden = true
  page.body.append(emailRoot as never)
  const emailChange = createEmailChangeView({ root: emailRoot })
  const themes: FrameTheme[] = []
  const warnings: string[] = []
  let reloads = 0
  const frame = makeTestFrame({
    server,
    browser,
    queue,
    ...(api ? { api } : {}),
    ...(rpcUrl ? { rpcUrl } : {}),
    ui: {
      changeEmail: (flow) => emailChange.run(flow),
      cancelApprovals: () => {
        queue.rejectAll()
        emailChange.cancel()
      },
      syncTheme: (theme) => themes.push(theme),
      reload: () => {
        reloads++
      },
    },
    logger: { warn: (message) => warnings.push(message) },
  })
  return { ...frame, emailRoot, themes, warnings, reloads: () => reloads }
}

/** Waits for the frame's e-mail change screen to ask for a code, then types `code` into it. */
async function typeCode(frame: ReturnType<typeof makeFrame>, prompt: string, code: string) {
  await vi.waitFor(() => expect(frame.emailRoot.textContent).toContain(prompt))
  const input = frame.emailRoot.querySelector('input') as HTMLInputElement
  expect(input.readOnly).toBe(false)
  input.value = code
  const { Event: PageEvent } = input.ownerDocument.defaultView as unknown as { Event: typeof Event }
  input.dispatchEvent(new PageEvent('input', { bubbles: true }))
}

async function logIn(frame: ReturnType<typeof makeFrame>, email: string) {
  const started = await frame.handlers.handle(request('APP_CONNECT_EMAIL', { email }))
  expect(started).toMatchObject({ type: 'FRAME_CONNECT_EMAIL_SUCCESS', payload: { action: 'VERIFY_OTP' } })
  const done = await frame.handlers.handle(request('APP_CONNECT_OTP', { otp: server.lastCode(email, 'otp') }))
  expect(done).toMatchObject({ type: 'FRAME_CONNECT_OTP_SUCCESS', payload: {} })
}

async function getUser(frame: ReturnType<typeof makeFrame>) {
  const reply = await frame.handlers.handle(request('APP_GET_USER', { chainId: 1 }))
  expect(reply?.type).toBe('FRAME_GET_USER_SUCCESS')
  return reply?.payload as { email: string; address: string; solanaAddress: string; accountType: string }
}

describe('createFrameHandlers: login', () => {
  test('a new user gets a seed made in the frame and stored on the server, and a session update', async () => {
    const frame = makeFrame()
    await logIn(frame, 'new@example.com')
    const seed = server.seedOf('new@example.com')
    expect(seed).toMatch(/^0x[0-9a-fA-F]{64}$/)
    const user = await getUser(frame)
    const keys = deriveKeys(seed as Hex)
    expect(user).toEqual({
      email: 'new@example.com',
      address: keys.evmAddress,
      chainId: 1,
      accountType: 'eoa',
      solanaAddress: keys.solanaAddress,
    })
    const token = frame.api.getToken() as string
    expect(token).toBeTruthy()
    // The page learns that there is a new session, never the credential itself.
    expect(frame.events).toEqual([
      {
        portico: 'embedded-wallet',
        version: PROTOCOL_VERSION,
        type: 'FRAME_SESSION_UPDATE',
        payload: { token: sessionIdOf(token) },
      },
    ])
    expect(sessionIdOf(token)).not.toBe(token)
  })

  test('a returning user gets the same seed and the same address after signing out', async () => {
    const frame = makeFrame()
    await logIn(frame, 'back@example.com')
    const first = await getUser(frame)
    const seed = server.seedOf('back@example.com')
    expect(await frame.handlers.handle(request('APP_SIGN_OUT'))).toMatchObject({
      type: 'FRAME_SIGN_OUT_SUCCESS',
    })
    expect(frame.handlers.isUnlocked()).toBe(false)
    expect(frame.api.getToken()).toBeUndefined()
    expect(frame.browser.cookieFetch.cookies.has('portico_session')).toBe(false)

    const again = makeFrame(frame.browser)
    await logIn(again, 'back@example.com')
    expect(server.seedOf('back@example.com')).toBe(seed)
    expect((await getUser(again)).address).toBe(first.address)
  })

  test('a returning user on a new device: the right code asks for the approval, then the same code logs in to the same address', async () => {
    const first = makeFrame()
    await logIn(first, 'device@example.com')
    const { address } = await getUser(first)

    const second = makeFrame()
    const started = await second.handlers.handle(
      request('APP_CONNECT_EMAIL', { email: 'device@example.com' }),
    )
    expect(started).toMatchObject({ type: 'FRAME_CONNECT_EMAIL_SUCCESS', payload: { action: 'VERIFY_OTP' } })
    const code = server.lastCode('device@example.com', 'otp')
    const proved = await second.handlers.handle(request('APP_CONNECT_OTP', { otp: code }))
    expect(proved).toMatchObject({ type: 'FRAME_CONNECT_OTP_SUCCESS', payload: { action: 'VERIFY_DEVICE' } })
    // Not logged in yet.
    expect(await second.handlers.handle(request('APP_IS_CONNECTED'))).toMatchObject({
      payload: { isConnected: false },
    })
    const waiting = second.handlers.handle(request('APP_CONNECT_DEVICE'))
    await new Promise((resolve) => setTimeout(resolve, 50))
    server.approveDevice('device@example.com')
    await expect(waiting).resolves.toMatchObject({ type: 'FRAME_CONNECT_DEVICE_SUCCESS', payload: {} })
    const done = await second.handlers.handle(request('APP_CONNECT_OTP', { otp: code }))
    expect(done).toMatchObject({ type: 'FRAME_CONNECT_OTP_SUCCESS', payload: {} })
    expect((await getUser(second)).address).toBe(address)
  })

  test('a device not approved in time is answered with an error', async () => {
    const first = makeFrame()
    await logIn(first, 'slow@example.com')
    const second = makeFrame()
    await second.handlers.handle(request('APP_CONNECT_EMAIL', { email: 'slow@example.com' }))
    await second.handlers.handle(
      request('APP_CONNECT_OTP', { otp: server.lastCode('slow@example.com', 'otp') }),
    )
    const reply = await second.handlers.handle(request('APP_CONNECT_DEVICE'))
    expect(reply).toMatchObject({
      type: 'FRAME_CONNECT_DEVICE_ERROR',
      payload: { message: 'The device has not been approved yet: follow the link in the e-mail.' },
    })
  })

  test('a second login within 30 s is answered with the cool-down message', async () => {
    const strict = await startAuthTestServer()
    try {
      const browser = makeTestBrowser()
      const api = createAuthApi({
        origin: strict.origin,
        projectId: strict.projectId,
        storage: browser.storage,
      })
      const frame = makeFrame(browser, api)
      await frame.handlers.handle(request('APP_CONNECT_EMAIL', { email: 'cool@example.com' }))
      const reply = await frame.handlers.handle(request('APP_CONNECT_EMAIL', { email: 'cool@example.com' }))
      expect(reply).toMatchObject({
        type: 'FRAME_CONNECT_EMAIL_ERROR',
        payload: { message: 'Please try again after 30 seconds' },
      })
    } finally {
      await strict.close()
    }
  })

  test('a wrong code is answered with the server message', async () => {
    const frame = makeFrame()
    await frame.handlers.handle(request('APP_CONNECT_EMAIL', { email: 'wrong@example.com' }))
    const reply = await frame.handlers.handle(request('APP_CONNECT_OTP', { otp: '000000' }))
    expect(reply).toMatchObject({
      type: 'FRAME_CONNECT_OTP_ERROR',
      payload: { message: 'The code is wrong.' },
    })
    expect(frame.handlers.isUnlocked()).toBe(false)
  })
})

describe('createFrameHandlers: sessions', () => {
  test('a reloaded frame restores the session from the session cookie', async () => {
    const frame = makeFrame()
    await logIn(frame, 'reload@example.com')
    const { address } = await getUser(frame)
    // Storage blocked for the third-party frame: only the cookie jar survives the reload.
    const reloaded = makeFrame({ storage: createMemoryStorage(), cookieFetch: frame.browser.cookieFetch })
    expect(reloaded.handlers.isUnlocked()).toBe(false)
    await expect(reloaded.handlers.handle(request('APP_IS_CONNECTED'))).resolves.toMatchObject({
      type: 'FRAME_IS_CONNECTED_SUCCESS',
      payload: { isConnected: true },
    })
    expect((await getUser(reloaded)).address).toBe(address)
  })

  test('a token handed in by the page is never used as a credential', async () => {
    const frame = makeFrame()
    await logIn(frame, 'partitioned@example.com')
    const token = frame.api.getToken() as string
    const elsewhere = makeFrame()
    await expect(elsewhere.handlers.handle(request('APP_IS_CONNECTED', { token }))).resolves.toMatchObject({
      payload: { isConnected: false },
    })
    const reply = await elsewhere.handlers.handle(request('APP_GET_USER'))
    expect(reply).toMatchObject({ type: 'FRAME_GET_USER_ERROR', payload: { code: 4100 } })
  })

  test('after sign-out the session no longer works and signing is refused with 4100', async () => {
    const frame = makeFrame()
    await logIn(frame, 'signout@example.com')
    await frame.handlers.handle(request('APP_SIGN_OUT'))
    await expect(frame.handlers.handle(request('APP_IS_CONNECTED'))).resolves.toMatchObject({
      payload: { isConnected: false },
    })
    const reloaded = makeFrame(frame.browser)
    await expect(reloaded.handlers.handle(request('APP_IS_CONNECTED'))).resolves.toMatchObject({
      payload: { isConnected: false },
    })
    const reply = await frame.handlers.handle(
      request('APP_RPC_REQUEST', { method: 'personal_sign', params: ['0x68', `0x${'00'.repeat(20)}`] }),
    )
    expect(reply).toMatchObject({ type: 'FRAME_RPC_REQUEST_ERROR', payload: { code: 4100 } })
    expect(frame.queue.size()).toBe(0)
  })

  test('GET_USER before any login is an error', async () => {
    const reply = await makeFrame().handlers.handle(request('APP_GET_USER'))
    expect(reply).toMatchObject({ type: 'FRAME_GET_USER_ERROR', payload: { code: 4100 } })
  })

  test("the e-mail change: both codes are typed on the frame's screen, the page learns the new address", async () => {
    const frame = makeFrame()
    await logIn(frame, 'before@example.com')
    const reply = frame.handlers.handle(request('APP_UPDATE_EMAIL', { email: 'after@example.com' }))
    const primary = await vi.waitFor(() => server.lastCode('before@example.com', 'update-primary'))
    await typeCode(
      frame,
      'Step 1 of 2: enter the code we sent to before@example.com',
      primary === '000000' ? '111111' : '000000',
    )
    // A wrong code is refused on the frame's screen, which stays for another try.
    await vi.waitFor(() =>
      expect(frame.emailRoot.querySelector('[role="alert"]')?.textContent).toMatch(
        /wrong|not right|tries? left/i,
      ),
    )
    expect(frame.emailRoot.textContent).toContain('This wallet will log in with after@example.com')
    await typeCode(frame, 'Step 1 of 2', primary)
    const secondary = await vi.waitFor(() => server.lastCode('after@example.com', 'update-secondary'))
    await typeCode(frame, 'Step 2 of 2: enter the code we sent to after@example.com', secondary)
    await expect(reply).resolves.toMatchObject({
      type: 'FRAME_UPDATE_EMAIL_SUCCESS',
      payload: { newEmail: 'after@example.com' },
    })
    expect(frame.emailRoot.hidden).toBe(true)
    expect((await getUser(frame)).email).toBe('after@example.com')
  })

  test('the page cannot send a code of the e-mail change: those requests are refused', async () => {
    const frame = makeFrame()
    await logIn(frame, 'page-code@example.com')
    const reply = frame.handlers.handle(request('APP_UPDATE_EMAIL', { email: 'page-code@new.example' }))
    const primary = await vi.waitFor(() => server.lastCode('page-code@example.com', 'update-primary'))
    // The frame shows its first code screen once the server has sent the code; the page's attempts
    // come after it, so the check below sees whether they moved it on.
    await vi.waitFor(() => expect(frame.emailRoot.textContent).toContain('Step 1 of 2'))
    for (const type of ['APP_UPDATE_EMAIL_PRIMARY_OTP', 'APP_UPDATE_EMAIL_SECONDARY_OTP']) {
      await expect(frame.handlers.handle(request(type, { otp: primary }))).resolves.toMatchObject({
        type: `FRAME_${type.slice(4)}_ERROR`,
        payload: { message: expect.stringContaining('typed in the embedded wallet frame') },
      })
    }
    // Nothing moved on: the screen still asks for the first code, and the code still works there.
    expect(frame.emailRoot.textContent).toContain('Step 1 of 2')
    await typeCode(frame, 'Step 1 of 2', primary)
    await vi.waitFor(() => expect(frame.emailRoot.textContent).toContain('Step 2 of 2'))
    frame.emailRoot.querySelector<HTMLButtonElement>('button[type="button"]')?.click()
    await expect(reply).resolves.toMatchObject({ type: 'FRAME_UPDATE_EMAIL_ERROR' })
    expect((await getUser(frame)).email).toBe('page-code@example.com')
  })

  test("Cancel on the frame's screen answers the page with a 4001 refusal and changes nothing", async () => {
    const frame = makeFrame()
    await logIn(frame, 'cancel@example.com')
    const reply = frame.handlers.handle(request('APP_UPDATE_EMAIL', { email: 'cancel@new.example' }))
    await vi.waitFor(() => expect(frame.emailRoot.hidden).toBe(false))
    const cancel = [...frame.emailRoot.querySelectorAll('button')].find(
      (node) => node.textContent === 'Cancel',
    )
    cancel?.click()
    await expect(reply).resolves.toMatchObject({
      type: 'FRAME_UPDATE_EMAIL_ERROR',
      payload: { code: 4001, message: 'The e-mail change was cancelled.' },
    })
    expect((await getUser(frame)).email).toBe('cancel@example.com')
  })

  test('signing out ends an e-mail change on screen', async () => {
    const frame = makeFrame()
    await logIn(frame, 'leaving@example.com')
    const reply = frame.handlers.handle(request('APP_UPDATE_EMAIL', { email: 'leaving@new.example' }))
    await vi.waitFor(() => expect(frame.emailRoot.hidden).toBe(false))
    await frame.handlers.handle(request('APP_SIGN_OUT'))
    await expect(reply).resolves.toMatchObject({ type: 'FRAME_UPDATE_EMAIL_ERROR', payload: { code: 4001 } })
    expect(frame.emailRoot.hidden).toBe(true)
  })

  test('without a session the change does not start', async () => {
    const reply = await makeFrame().handlers.handle(request('APP_UPDATE_EMAIL', { email: 'x@new.example' }))
    expect(reply).toMatchObject({ type: 'FRAME_UPDATE_EMAIL_ERROR', payload: { code: 4100 } })
  })
})

describe('createFrameHandlers: RPC requests', () => {
  let frame: ReturnType<typeof makeFrame>
  let address: Hex
  beforeAll(async () => {
    frame = makeFrame()
    await logIn(frame, 'rpc@example.com')
    address = (await getUser(frame)).address as Hex
  })

  test('personal_sign waits for approval and returns a signature of the wallet address', async () => {
    const pending = frame.handlers.handle(
      request('APP_RPC_REQUEST', { method: 'personal_sign', params: [stringToHex('hello frame'), address] }),
    )
    await expect.poll(() => frame.queue.current()?.method).toBe('personal_sign')
    expect(frame.queue.current()).toMatchObject({
      chainId: 'eip155:1',
      params: [stringToHex('hello frame'), address],
    })
    frame.queue.approve()
    const reply = await pending
    expect(reply?.type).toBe('FRAME_RPC_REQUEST_SUCCESS')
    const signature = reply?.payload as Hex
    expect(await verifyMessage({ address, message: 'hello frame', signature })).toBe(true)
  })

  test('a rejected request is answered with 4001 User rejected the request.', async () => {
    const pending = frame.handlers.handle(
      request('APP_RPC_REQUEST', { method: 'personal_sign', params: [stringToHex('no'), address] }),
    )
    await expect.poll(() => frame.queue.size()).toBe(1)
    frame.queue.reject()
    await expect(pending).resolves.toMatchObject({
      type: 'FRAME_RPC_REQUEST_ERROR',
      payload: { message: 'User rejected the request.', code: 4001 },
    })
  })

  test('safe methods are answered without approval', async () => {
    await expect(
      frame.handlers.handle(request('APP_RPC_REQUEST', { method: 'eth_chainId' })),
    ).resolves.toMatchObject({
      type: 'FRAME_RPC_REQUEST_SUCCESS',
      payload: '0x1',
    })
    await expect(
      frame.handlers.handle(request('APP_RPC_REQUEST', { method: 'eth_accounts' })),
    ).resolves.toMatchObject({
      payload: [address],
    })
    await expect(
      frame.handlers.handle(
        request('APP_RPC_REQUEST', { method: 'wallet_getCapabilities', params: [address] }),
      ),
    ).resolves.toMatchObject({ payload: { '0x1': { atomic: { status: 'unsupported' } } } })
    expect(frame.queue.size()).toBe(0)
  })

  test('solana_signMessage signs with the Solana key after approval', async () => {
    const user = await getUser(frame)
    const message = new TextEncoder().encode('solana hello')
    const pending = frame.handlers.handle(
      request('APP_RPC_REQUEST', {
        method: 'solana_signMessage',
        params: { message: base58.encode(message), pubkey: user.solanaAddress },
      }),
    )
    await expect.poll(() => frame.queue.size()).toBe(1)
    frame.queue.approve()
    const reply = await pending
    const { signature } = (reply?.payload ?? {}) as { signature: string }
    expect(ed25519.verify(base58.decode(signature), message, base58.decode(user.solanaAddress))).toBe(true)
  })

  test('typed data for another chain is refused with -32602 before the visitor is asked', async () => {
    const typedData = {
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      domain: { name: 'Portico', chainId: '0x89' },
      message: { contents: 'Hello' },
    }
    const reply = await frame.handlers.handle(
      request('APP_RPC_REQUEST', {
        method: 'eth_signTypedData_v4',
        params: [address, JSON.stringify(typedData)],
      }),
    )
    expect(reply).toMatchObject({
      type: 'FRAME_RPC_REQUEST_ERROR',
      payload: { code: -32602, message: 'Provided chainId "0x89" must match the active chainId "1".' },
    })
    expect(frame.queue.size()).toBe(0)
  })

  test('a batch that must be atomic is refused with 5760 before the visitor is asked', async () => {
    const reply = await frame.handlers.handle(
      request('APP_RPC_REQUEST', {
        method: 'wallet_sendCalls',
        params: [{ version: '2.0.0', chainId: '0x1', atomicRequired: true, calls: [{ to: address }] }],
      }),
    )
    expect(reply).toMatchObject({ type: 'FRAME_RPC_REQUEST_ERROR', payload: { code: 5760 } })
    expect(frame.queue.size()).toBe(0)
  })

  test('a Solana request that would be refused is refused before the visitor is asked', async () => {
    const { base58: b58 } = await import('@scure/base')
    // A message signed by another key only: this wallet has no signer slot in it.
    const other = ed25519.getPublicKey(ed25519.utils.randomSecretKey())
    const message = Uint8Array.from([
      1,
      0,
      1,
      2,
      ...other,
      ...new Uint8Array(32),
      ...new Uint8Array(32),
      1,
      1,
      1,
      0,
      0,
    ])
    const foreign = b58.encode(Uint8Array.from([1, ...new Uint8Array(64), ...message]))
    for (const params of [{ transaction: foreign }, { transaction: 'not base58 or base64!' }, {}]) {
      const reply = await frame.handlers.handle(
        request('APP_RPC_REQUEST', {
          method: 'solana_signTransaction',
          params,
          chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
        }),
      )
      expect(reply?.type).toBe('FRAME_RPC_REQUEST_ERROR')
      expect(frame.queue.size()).toBe(0)
    }
  })

  test('methods the frame cannot perform are refused before the visitor is asked', async () => {
    const reply = await frame.handlers.handle(
      request('APP_RPC_REQUEST', { method: 'wallet_grantPermissions', params: [] }),
    )
    expect(reply).toMatchObject({
      type: 'FRAME_RPC_REQUEST_ERROR',
      payload: {
        code: 4200,
        message: 'The method wallet_grantPermissions is not supported by the embedded wallet.',
      },
    })
    expect(frame.queue.size()).toBe(0)
  })

  test('SWITCH_NETWORK changes the chain requests go to', async () => {
    await expect(
      frame.handlers.handle(request('APP_SWITCH_NETWORK', { chainId: 31337 })),
    ).resolves.toMatchObject({
      type: 'FRAME_SWITCH_NETWORK_SUCCESS',
      payload: { chainId: 31337 },
    })
    await expect(frame.handlers.handle(request('APP_GET_CHAIN_ID'))).resolves.toMatchObject({
      payload: { chainId: 31337 },
    })
    await expect(
      frame.handlers.handle(request('APP_RPC_REQUEST', { method: 'eth_chainId' })),
    ).resolves.toMatchObject({
      payload: '0x7a69',
    })
    await frame.handlers.handle(request('APP_SWITCH_NETWORK', { chainId: 1 }))
  })
})

describe('createFrameHandlers: page data and invalid messages', () => {
  test('SYNC_THEME is kept in storage and passed to the screen', async () => {
    const frame = makeFrame()
    const theme = { themeMode: 'light', themeVariables: { accent: '#cc0000' } } as const
    await expect(frame.handlers.handle(request('APP_SYNC_THEME', theme))).resolves.toMatchObject({
      type: 'FRAME_SYNC_THEME_SUCCESS',
      payload: {},
    })
    expect(frame.themes).toEqual([theme])
    expect(JSON.parse(frame.storage.getItem(THEME_STORAGE_KEY) as string)).toEqual(theme)
  })

  test('SYNC_THEME tells the page which values the frame ignored, and why', async () => {
    const frame = makeFrame()
    const theme = { themeMode: 'dark', themeVariables: { accent: 'transparent', borderRadius: 8 } } as const
    const reply = await frame.handlers.handle(request('APP_SYNC_THEME', theme))
    expect(reply).toMatchObject({
      type: 'FRAME_SYNC_THEME_SUCCESS',
      payload: { ignored: [{ name: 'accent', reason: expect.stringContaining('is not a #rgb') }] },
    })
    expect(frame.warnings.length).toBeGreaterThan(0)
  })

  test('SYNC_THEME with any key but accent, borderRadius and fontFamily is refused whole', async () => {
    const frame = makeFrame()
    for (const themeVariables of [
      { '--portico-frame-fg': 'transparent' },
      { '--portico-accent': '#3396ff' },
      { opacity: 0 },
      { fontSize: '0px' },
      { accent: '#3396ff', color: '#141414' },
    ]) {
      const reply = await frame.handlers.handle(
        request('APP_SYNC_THEME', { themeMode: 'dark', themeVariables } as never),
      )
      expect(reply).toMatchObject({ type: 'FRAME_SYNC_THEME_ERROR' })
    }
    expect(frame.themes).toEqual([])
    expect(frame.storage.getItem(THEME_STORAGE_KEY)).toBeNull()
  })

  test('RELOAD replies first and reloads after', async () => {
    const frame = makeFrame()
    const reply = await frame.handlers.handle(request('APP_RELOAD'))
    expect(reply).toMatchObject({ type: 'FRAME_RELOAD_SUCCESS' })
    expect(frame.reloads()).toBe(0)
    await new Promise((resolve) => setTimeout(resolve, RELOAD_DELAY_MS + 20))
    expect(frame.reloads()).toBe(1)
  })

  test('an invalid payload with an id gets an ERROR reply naming the field', async () => {
    const frame = makeFrame()
    const message = request('APP_CONNECT_OTP', { otp: '12ab' })
    const reply = await frame.handlers.handle(message)
    expect(reply).toMatchObject({ id: message.id, type: 'FRAME_CONNECT_OTP_ERROR' })
    expect((reply?.payload as { message: string } | undefined)?.message).toContain('payload.otp')
  })

  test("a request type the frame does not know gets an ERROR naming it and the frame's protocol version, which the page accepts", async () => {
    const frame = makeFrame()
    const message = request('APP_DO_SOMETHING_ELSE', {})
    const reply = await frame.handlers.handle(message)
    expect(reply).toEqual({
      portico: 'embedded-wallet',
      version: PROTOCOL_VERSION,
      id: message.id,
      type: 'FRAME_DO_SOMETHING_ELSE_ERROR',
      payload: {
        message: `The embedded wallet frame does not support APP_DO_SOMETHING_ELSE: it speaks protocol ${PROTOCOL_VERSION}.`,
      },
    })
    // The page's own parser takes it, though the page's protocol has no schema for that type.
    expect(parseFrameMessage(reply)).toEqual(reply)
  })

  test('a type that does not look like a request is dropped, id or not', async () => {
    const frame = makeFrame()
    for (const type of ['APP_lower_case', 'APP_', 'FRAME_READY', 'APP_RPC-REQUEST'])
      await expect(frame.handlers.handle(request(type, {}))).resolves.toBeUndefined()
    expect(frame.warnings).toHaveLength(4)
  })

  test('a request from an incompatible protocol version gets an ERROR reply', async () => {
    const frame = makeFrame()
    const message = { ...request('APP_GET_CHAIN_ID'), version: '2.0.0' }
    const reply = await frame.handlers.handle(message)
    expect(reply).toMatchObject({ type: 'FRAME_GET_CHAIN_ID_ERROR' })
    expect((reply?.payload as { message: string } | undefined)?.message).toContain('2.0.0')
  })

  test('messages without an id, or not from Portico, are dropped and logged', async () => {
    const frame = makeFrame()
    const { id: _, ...withoutId } = request('APP_GET_CHAIN_ID')
    await expect(frame.handlers.handle(withoutId)).resolves.toBeUndefined()
    await expect(frame.handlers.handle('hello')).resolves.toBeUndefined()
    await expect(
      frame.handlers.handle({ ...request('APP_GET_CHAIN_ID'), portico: 'someone-else' }),
    ).resolves.toBeUndefined()
    expect(frame.warnings).toHaveLength(3)
  })
})

describe('createFrameHandlers: batches on a chain', () => {
  const CHAIN_ID = 31337
  let anvil: AnvilInstance
  beforeAll(async () => {
    anvil = await startAnvil({ chainId: CHAIN_ID })
    // Every call to it reverts, so a batch cannot get past it.
    await rpc(anvil.rpcUrl, 'anvil_setCode', [REVERTER, '0x60006000fd'])
  })
  afterAll(() => anvil?.stop())
  const REVERTER = '0x00000000000000000000000000000000000De7e7'
  const OTHER = '0x000000000000000000000000000000000000cAFE'

  test('a batch stopped part-way tells the page the id of what was sent, and that id still works after a reload', async () => {
    const browser = makeTestBrowser()
    const frame = makeFrame(browser, undefined, () => anvil.rpcUrl)
    await logIn(frame, 'batch@example.com')
    const { address } = await getUser(frame)
    await rpc(anvil.rpcUrl, 'anvil_setBalance', [address, numberToHex(parseEther('1'))])
    await frame.handlers.handle(request('APP_SWITCH_NETWORK', { chainId: CHAIN_ID }))

    const pending = frame.handlers.handle(
      request('APP_RPC_REQUEST', {
        method: 'wallet_sendCalls',
        params: [
          {
            version: '2.0.0',
            chainId: numberToHex(CHAIN_ID),
            atomicRequired: false,
            calls: [{ to: OTHER, value: '0x1' }, { to: REVERTER }, { to: OTHER, value: '0x2' }],
          },
        ],
      }),
    )
    await expect.poll(() => frame.queue.current()?.method).toBe('wallet_sendCalls')
    frame.queue.approve()
    const reply = await pending
    expect(reply?.type).toBe('FRAME_RPC_REQUEST_ERROR')
    const payload = reply?.payload as {
      message: string
      code: number
      data: { id: string; sentCalls: number }
    }
    expect(payload.data.sentCalls).toBe(1)
    expect(typeof payload.code).toBe('number')
    expect(payload.message).toContain('Only call 1 was sent')
    expect(payload.message).toContain(payload.data.id)

    // A reloaded frame in the same browser has no memory of the batch; the id carries it.
    const reloaded = makeFrame(browser, undefined, () => anvil.rpcUrl)
    const status = await reloaded.handlers.handle(
      request('APP_RPC_REQUEST', {
        method: 'wallet_getCallsStatus',
        params: [payload.data.id],
        chainId: CHAIN_ID,
      }),
    )
    expect(status).toMatchObject({
      type: 'FRAME_RPC_REQUEST_SUCCESS',
      payload: { status: 200, atomic: false, chainId: numberToHex(CHAIN_ID), receipts: [{ status: '0x1' }] },
    })
    expect(reloaded.queue.size()).toBe(0)
  })
})
