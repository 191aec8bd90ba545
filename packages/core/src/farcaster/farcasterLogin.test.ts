// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest'
import { disconnect } from '../connection/disconnect.js'
import { EMBEDDED_WALLET_CONNECTOR_ID } from '../email/connectEmail.js'
import type { EmbeddedWallet } from '../email/types.js'
import { RequestCancelledError } from '../errors/base.js'
import { initialize } from '../initialize.js'
import { goBack } from '../modal/goBack.js'
import { openModal } from '../modal/openModal.js'
import { restoreSocialLogin } from '../social/modal/restoreSocialLogin.js'
import { showSocialImage } from '../social/socialImage.js'
import { getSocialLogin } from '../social/socialLogin.js'
import { flush, setup, testConnector } from '../testing/fakeAdapter.testkit.js'
import { connectFarcaster, FarcasterLinkExpiredError } from './connectFarcaster.js'
import { getFarcasterLogin } from './farcasterLogin.js'
import { startFarcasterLogin } from './modal/startFarcasterLogin.js'
import { FARCASTER_RESYNC_DELAY_MS } from './reloadFrameAfterFarcaster.js'

const LINK = 'https://farcaster.xyz/~/siwf?channelToken=abc'
/** A picture the avatar checks accept without the network: a PNG's bytes in a data: URL. */
const PICTURE = `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]).toString('base64')}`

/**
 * The embedded wallet as core calls it (the `EmbeddedWallet` contract), scripted per test: the
 * Farcaster app's answers are released by the test. `@portico/embedded-wallet` tests the real frame.
 */
function embedded(overrides: Partial<EmbeddedWallet> = {}) {
  const calls: string[] = []
  const answers: ((action: 'CONNECTED' | 'WAITING' | Error) => void)[] = []
  const wallet: EmbeddedWallet = {
    connectEmail: async () => ({ action: 'VERIFY_OTP' }),
    connectDevice: async () => {},
    connectOtp: async () => ({ action: 'CONNECTED' }),
    getUser: async () => ({
      userName: 'alice',
      profileImage: PICTURE,
      chainId: 1,
      address: '0x1',
      accountType: 'eoa',
    }),
    isConnected: async () => true,
    signOut: async () => {},
    updateEmail: async () => ({ newEmail: 'new@example.com' }),
    getFarcasterUri: async () => {
      calls.push('getFarcasterUri')
      return { url: LINK, expiresAt: Date.now() + 300_000 }
    },
    connectFarcaster: () => {
      calls.push('connectFarcaster')
      return new Promise((resolve, reject) =>
        answers.push((action) => (action instanceof Error ? reject(action) : resolve({ action }))),
      )
    },
    reload: async () => {
      calls.push('reload')
    },
    syncDappData: async (data) => {
      calls.push(`syncDappData ${data.projectId} ${data.sdkType} ${data.sdkVersion} ${data.metadata?.name}`)
    },
    ...overrides,
  }
  const answer = async (action: 'CONNECTED' | 'WAITING' | Error) => {
    await vi.waitFor(() => expect(answers.length).toBeGreaterThan(0))
    answers.shift()?.(action)
    await flush()
  }
  return { wallet, calls, answer }
}

async function start(wallet: EmbeddedWallet) {
  const connectors = [testConnector(EMBEDDED_WALLET_CONNECTOR_ID, { type: 'AUTH', name: 'E-mail' })]
  const { portico, handle, storage } = await setup(
    {
      embeddedWallet: wallet,
      projectId: 'shop',
      metadata: { name: 'Shop', description: '', url: '', icons: [] },
    },
    connectors,
  )
  await initialize(portico)
  openModal(portico)
  return { portico, handle, storage }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('Farcaster login (SPEC §2 ConnectingFarcaster)', () => {
  test('shows the link, asks again while the app has not answered, then connects the fid’s wallet with its username and picture', async () => {
    const { wallet, calls, answer } = embedded()
    const { portico } = await start(wallet)
    expect(getFarcasterLogin(portico).enabled).toBe(true)
    const done = startFarcasterLogin(portico)
    expect(portico.state.router.route.view).toBe('ConnectingFarcaster')
    await answer('WAITING')
    expect(getFarcasterLogin(portico)).toMatchObject({ status: 'waiting', url: LINK })
    await answer('CONNECTED')
    await done
    expect(calls).toEqual(['getFarcasterUri', 'connectFarcaster', 'connectFarcaster'])
    expect(portico.state.connection.status).toBe('connected')
    expect(getFarcasterLogin(portico)).toMatchObject({ status: 'idle', url: undefined })
    // Farcaster is one of the social logins (SPEC §1): its account shows as theirs do.
    expect(getSocialLogin(portico)).toMatchObject({ accountUsername: 'alice', accountProvider: 'farcaster' })
    // The picture shows once it passed the avatar checks.
    await vi.waitFor(() => expect(getSocialLogin(portico).accountImage).toBe(PICTURE))
    // SPEC §3: the social username is kept in storage, so a reload shows it again.
    expect(portico.internal.storage.get('socialUsername')).toBe('alice')
    expect(portico.internal.storage.get('socialProvider')).toBe('farcaster')
    await disconnect(portico)
    expect(portico.internal.storage.get('socialUsername')).toBeUndefined()
    expect(portico.internal.storage.get('socialImage')).toBeUndefined()
    expect(getSocialLogin(portico)).toMatchObject({
      accountUsername: undefined,
      accountProvider: undefined,
      accountImage: undefined,
    })
  })

  test('the picture is kept with the username, so a reload shows it again; one the avatar checks refuse is never shown', async () => {
    const { wallet, answer } = embedded()
    const first = await start(wallet)
    const done = startFarcasterLogin(first.portico)
    await answer('CONNECTED')
    await done
    expect(first.portico.internal.storage.get('socialImage')).toBe(PICTURE)
    // The page loads again over the same storage: its start (startInstance) brings the kept login back.
    const reloaded = await setup({ storage: first.storage })
    await restoreSocialLogin(reloaded.portico)
    expect(getSocialLogin(reloaded.portico).accountUsername).toBe('alice')
    await vi.waitFor(() => expect(getSocialLogin(reloaded.portico).accountImage).toBe(PICTURE))
    // Storage is the page's: a picture written there (a private host, a script's URL, a page) is
    // checked like any avatar, as the page load does, and not shown.
    for (const record of [
      'http://192.168.1.1/a.png',
      'javascript:alert(1)',
      'data:text/html;base64,PGh0bWw+',
    ]) {
      reloaded.portico.internal.storage.set('socialImage', record)
      await showSocialImage(reloaded.portico, record)
      expect(getSocialLogin(reloaded.portico).accountImage).toBeUndefined()
    }
  })

  test('leaving the view while not connected clears the URL, reloads the frame and re-syncs the site after 100 ms', async () => {
    const { wallet, calls } = embedded()
    let release: (() => void) | undefined
    wallet.connectFarcaster = () =>
      new Promise((resolve) => {
        release = () => resolve({ action: 'CONNECTED' })
      })
    const { portico } = await start(wallet)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const login = connectFarcaster(portico).catch((error: unknown) => error)
    portico.state.router.history.push(portico.state.router.route)
    portico.state.router.route = { view: 'ConnectingFarcaster' }
    await vi.advanceTimersByTimeAsync(0)
    expect(getFarcasterLogin(portico).url).toBe(LINK)
    goBack(portico)
    expect(getFarcasterLogin(portico)).toMatchObject({ status: 'idle', url: undefined })
    await vi.dynamicImportSettled()
    expect(calls.filter((call) => call === 'reload')).toEqual(['reload'])
    await vi.advanceTimersByTimeAsync(FARCASTER_RESYNC_DELAY_MS - 1)
    expect(calls.some((call) => call.startsWith('syncDappData'))).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(calls.filter((call) => call.startsWith('syncDappData'))).toEqual([
      'syncDappData shop portico react-0.1.0 Shop',
    ])
    // The attempt's late answer is ignored.
    release?.()
    expect(await login).toBeInstanceOf(RequestCancelledError)
    expect(portico.state.connection.status).not.toBe('connected')
  })

  test('an expired link says so and can be tried again', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-23T10:00:00Z'), toFake: ['Date'] })
    const { wallet, answer } = embedded()
    const { portico } = await start(wallet)
    const login = connectFarcaster(portico).catch((error: unknown) => error)
    await vi.waitFor(() => expect(getFarcasterLogin(portico).status).toBe('waiting'))
    vi.setSystemTime(Date.now() + 300_000)
    await answer('WAITING')
    expect(await login).toBeInstanceOf(FarcasterLinkExpiredError)
    expect(getFarcasterLogin(portico)).toMatchObject({ status: 'expired', url: undefined })
  })

  test('a refusal is shown in the server’s words', async () => {
    const { wallet, answer } = embedded()
    const { portico } = await start(wallet)
    const login = connectFarcaster(portico).catch((error: unknown) => error)
    await answer(new Error('Invalid resource: signer 0xabc is not an auth address or owner of fid 9.'))
    await login
    expect(getFarcasterLogin(portico)).toMatchObject({
      status: 'error',
      error: {
        key: 'walletError',
        params: { message: 'Invalid resource: signer 0xabc is not an auth address or owner of fid 9.' },
      },
    })
  })
})
