import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  attachFrame,
  BROKEN_FRAME_URL,
  createPage,
  FRAME_ORIGIN,
  FRAME_URL,
  flush,
  type Page,
} from './client/frameHarness.testkit.js'
import {
  APPROVAL_SHOW_FALLBACK_MS,
  createEmbeddedWallet,
  type PorticoEmbeddedWallet,
} from './createEmbeddedWallet.js'

let wallet: PorticoEmbeddedWallet | undefined
let page: Page | undefined
afterEach(async () => {
  wallet?.destroy()
  wallet = undefined
  await page?.close()
  page = undefined
})

const frames = () => document.querySelectorAll('iframe')

describe('createEmbeddedWallet', () => {
  it('adds no frame to the page until it is first used, then loads it from the server', async () => {
    wallet = createEmbeddedWallet({
      apiUrl: 'https://portico.shop.example/api',
      projectId: 'shop',
      chainId: 1,
    })
    // Handing the provider to an adapter does not load the frame either.
    expect(typeof wallet.provider.request).toBe('function')
    expect(frames()).toHaveLength(0)
    const sending = wallet.connectEmail({ email: 'ada@example.com' })
    sending.catch(() => {})
    await wallet.client()
    expect(frames()).toHaveLength(1)
    const src = new URL(frames()[0]!.src)
    expect(src.origin + src.pathname).toBe('https://portico.shop.example/api/frame/')
    expect(src.searchParams.get('projectId')).toBe('shop')
    expect(src.searchParams.get('chainId')).toBe('1')
    wallet.destroy()
    await expect(sending).rejects.toThrow()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(frames()).toHaveLength(0)
  })

  it('a frame that failed to load is dropped, and the next use loads a new one', async () => {
    page = createPage()
    wallet = createEmbeddedWallet({
      apiUrl: FRAME_ORIGIN,
      frameUrl: BROKEN_FRAME_URL,
      projectId: 'p',
      chainId: 1,
      document: page.document,
      logger: page.logger,
    })
    await expect(wallet.connectEmail({ email: 'ada@example.com' })).rejects.toThrow(
      'Unable to load email login dependency',
    )
    await vi.waitFor(() => expect(page?.document.querySelectorAll('iframe')).toHaveLength(0))
    const loads = () => page?.requested.filter((url) => url.startsWith(BROKEN_FRAME_URL)).length
    expect(loads()).toBe(1)
    // A new frame is asked for (and, the server still being down, fails the same way).
    await expect(wallet.connectEmail({ email: 'ada@example.com' })).rejects.toThrow(
      'Unable to load email login dependency',
    )
    expect(loads()).toBe(2)
  })

  it('refuses a malformed e-mail before anything is posted to the frame', async () => {
    wallet = createEmbeddedWallet({ apiUrl: 'https://portico.shop.example', projectId: 'shop', chainId: 1 })
    await expect(wallet.connectEmail({ email: 'not an address' })).rejects.toThrow(/email/i)
  })
})

describe('createEmbeddedWallet: approvals', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  async function start(beforeLoad?: (target: PorticoEmbeddedWallet) => void) {
    page = createPage()
    wallet = createEmbeddedWallet({
      apiUrl: FRAME_ORIGIN,
      frameUrl: FRAME_URL,
      projectId: 'p',
      chainId: 1,
      document: page.document,
      logger: page.logger,
    })
    beforeLoad?.(wallet)
    const client = await wallet.client()
    const frame = await attachFrame(page, client)
    frame.ready()
    await client.ready()
    const iframe = client.iframe as HTMLIFrameElement
    const shown = () => iframe.style.getPropertyValue('opacity') === '1'
    return { wallet, frame, iframe, shown }
  }

  it('a social login asks the frame for the provider’s address, then has the frame finish it (SPEC §7)', async () => {
    const { wallet: w, frame } = await start()
    const asking = w.getSocialRedirectUri?.({ provider: 'github' })
    await flush()
    expect(frame.last()).toMatchObject({
      type: 'APP_GET_SOCIAL_REDIRECT_URI',
      payload: { provider: 'github' },
    })
    expect(frame.last().payload).not.toHaveProperty('redirectTo')
    frame.succeed(frame.last(), { uri: 'https://wallet.example/v1/auth/social/start?attempt=a1' })
    await expect(asking).resolves.toEqual({ uri: 'https://wallet.example/v1/auth/social/start?attempt=a1' })
    // The popup was blocked: the page itself goes, and names where to come back to.
    const redirecting = w.getSocialRedirectUri?.({
      provider: 'github',
      redirectTo: 'https://shop.example/cart',
    })
    await flush()
    expect(frame.last()).toMatchObject({
      type: 'APP_GET_SOCIAL_REDIRECT_URI',
      payload: { provider: 'github', redirectTo: 'https://shop.example/cart' },
    })
    frame.succeed(frame.last(), { uri: 'https://wallet.example/v1/auth/social/start?attempt=a2' })
    await redirecting
    const finishing = w.connectSocial?.({ uri: 'https://shop.example/cart?portico_social=m' })
    await flush()
    expect(frame.last()).toMatchObject({
      type: 'APP_CONNECT_SOCIAL',
      payload: { uri: 'https://shop.example/cart?portico_social=m' },
    })
    frame.succeed(frame.last(), { userName: 'ada_l' })
    await expect(finishing).resolves.toEqual({ userName: 'ada_l' })
    // A refusal (a denied consent, a replayed marker) reaches core in the frame's words.
    const refused = w.connectSocial?.({ uri: 'https://shop.example/cart?portico_social=m' })
    await flush()
    frame.fail(frame.last(), { message: 'The sign-in was denied at the provider (access_denied).' })
    await expect(refused).rejects.toThrow('access_denied')
  })

  const sign = (target: PorticoEmbeddedWallet) =>
    target.provider.request({
      method: 'personal_sign',
      params: ['0x68', '0x0000000000000000000000000000000000000001'],
    })

  it('tells the modal a request waits, shows the frame over the view it is given, and hides it once answered', async () => {
    const { wallet: w, frame, iframe, shown } = await start()
    const changes: boolean[] = []
    w.onApprovalChange?.((waiting) => changes.push(waiting))
    const signing = sign(w)
    await flush()
    expect(changes).toEqual([true])
    expect(shown()).toBe(false)
    const document = (page as Page).document
    const view = document.createElement('div')
    document.body.appendChild(view)
    w.showApproval?.(view)
    await flush()
    expect(shown()).toBe(true)
    expect(iframe.getAttribute('aria-hidden')).toBeNull()
    frame.succeed(frame.last(), `0x${'11'.repeat(64)}1b`)
    await expect(signing).resolves.toBe(`0x${'11'.repeat(64)}1b`)
    expect(changes).toEqual([true, false])
    expect(shown()).toBe(false)
  })

  it("an e-mail change shows the frame's code screen over the modal's view, without an approval view, until it ends", async () => {
    const { wallet: w, frame, shown } = await start()
    const changes: boolean[] = []
    w.onApprovalChange?.((waiting) => changes.push(waiting))
    const document = (page as Page).document
    const view = document.createElement('div')
    document.body.appendChild(view)
    w.showApproval?.(view)
    const changing = w.updateEmail({ email: 'ada@new.example' })
    await flush()
    expect(frame.last()).toMatchObject({ type: 'APP_UPDATE_EMAIL', payload: { email: 'ada@new.example' } })
    expect(shown()).toBe(true)
    // The modal already shows its own view for the change: no ApproveTransaction.
    expect(changes).toEqual([])
    frame.succeed(frame.last(), { newEmail: 'ada@new.example' })
    await expect(changing).resolves.toEqual({ newEmail: 'ada@new.example' })
    expect(shown()).toBe(false)
  })

  it('leaving the e-mail change aborts it and reloads the frame, so its code screen is gone', async () => {
    const { wallet: w, frame } = await start()
    const changing = w.updateEmail({ email: 'ada@new.example' })
    changing.catch(() => {})
    await flush()
    w.rejectApprovals?.()
    await expect(changing).rejects.toMatchObject({ name: 'FrameRequestAbortedError' })
    await flush()
    expect(frame.last()).toMatchObject({ type: 'APP_RELOAD' })
  })

  it('shows the frame by itself when no view takes the approval screen within a second', async () => {
    const { wallet: w, shown } = await start()
    w.onApprovalChange?.(() => {})
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const signing = sign(w)
    signing.catch(() => {})
    await flush()
    vi.advanceTimersByTime(APPROVAL_SHOW_FALLBACK_MS - 1)
    expect(shown()).toBe(false)
    vi.advanceTimersByTime(1)
    expect(shown()).toBe(true)
  })

  it('rejects the waiting request when the modal closes, and does nothing when none waits', async () => {
    const { wallet: w, frame } = await start()
    w.onApprovalChange?.(() => {})
    w.rejectApprovals?.()
    const sent = frame.received().length
    const signing = sign(w)
    await flush()
    expect(frame.received().length).toBe(sent + 1)
    w.rejectApprovals?.()
    // The visitor's refusal, in EIP-1193 terms.
    await expect(signing).rejects.toMatchObject({ shortMessage: 'Request was aborted', code: 4001 })
  })

  it("hands the site's metadata, given before the frame loads, to the frame ahead of its first request", async () => {
    const metadata = { name: 'My shop', url: 'https://shop.example' }
    const { wallet: w, frame } = await start((target) => target.syncMetadata?.(metadata))
    const signing = sign(w)
    signing.catch(() => {})
    await flush()
    // In this order: the frame describes the request with the site's name ('paid by My shop').
    expect(frame.received().map((message) => message.type)).toEqual(['APP_SYNC_DAPP_DATA', 'APP_RPC_REQUEST'])
    expect(frame.received()[0]).toMatchObject({
      payload: { metadata, sdkType: 'portico', projectId: 'p' },
    })
    // New metadata reaches the loaded frame too.
    w.syncMetadata?.({ name: 'My other shop' })
    await flush()
    expect(frame.last()).toMatchObject({
      type: 'APP_SYNC_DAPP_DATA',
      payload: { metadata: { name: 'My other shop' } },
    })
  })

  it('hands the frame only the theme values its screens take', async () => {
    const { wallet: w, frame } = await start()
    w.syncTheme?.({
      themeMode: 'light',
      themeVariables: { accent: '#ff5500', borderRadius: 8, colorMix: '#000' },
    })
    await flush()
    expect(frame.last()).toMatchObject({
      type: 'APP_SYNC_THEME',
      payload: {
        themeMode: 'light',
        themeVariables: { accent: '#ff5500', borderRadius: 8 },
      },
    })
  })

  it('without a modal listening, shows the frame over the page at once', async () => {
    const { wallet: w, frame, shown } = await start()
    const signing = sign(w)
    await flush()
    expect(shown()).toBe(true)
    frame.fail(frame.last(), { message: 'User rejected the request.', code: 4001 })
    await expect(signing).rejects.toThrow()
    expect(shown()).toBe(false)
  })
})
