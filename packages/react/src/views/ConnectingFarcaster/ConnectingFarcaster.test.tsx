import { EMBEDDED_WALLET_CONNECTOR_ID, type EmbeddedWallet, openModal } from '@portico/core'
import { cleanup, fireEvent, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { wallets } from '../../testkit/createTestPortico.testkit.js'
import { AVATAR_PNG } from '../../testkit/namesAdapter.testkit.js'
import { modal, modalRoot, open, renderPortico, run } from '../../testkit/render.testkit.js'

afterEach(cleanup)

const LINK = 'https://farcaster.xyz/~/siwf?channelToken=abc'

/** The embedded wallet as core calls it; the Farcaster app's answers are released by the test. */
function embedded() {
  const calls: string[] = []
  const answers: ((answer: 'CONNECTED' | 'WAITING' | Error) => void)[] = []
  const wallet: EmbeddedWallet = {
    connectEmail: async () => ({ action: 'VERIFY_OTP' }),
    connectDevice: async () => {},
    connectOtp: async () => ({ action: 'CONNECTED' }),
    getUser: async () => ({
      userName: 'alice',
      chainId: 1,
      address: '0x1',
      accountType: 'eoa',
      profileImage: AVATAR_PNG,
    }),
    isConnected: async () => true,
    signOut: async () => {},
    updateEmail: async () => ({ newEmail: 'x@example.com' }),
    getFarcasterUri: async () => {
      calls.push('link')
      return { url: LINK, expiresAt: Date.now() + 300_000 }
    },
    connectFarcaster: () =>
      new Promise((resolve, reject) =>
        answers.push((answer) => (answer instanceof Error ? reject(answer) : resolve({ action: answer }))),
      ),
    reload: async () => {
      calls.push('reload')
    },
    syncDappData: async () => {
      calls.push('sync')
    },
  }
  const answer = async (value: 'CONNECTED' | 'WAITING' | Error) => {
    await waitFor(() => expect(answers.length).toBeGreaterThan(0))
    await run(() => answers.shift()?.(value))
  }
  return { wallet, calls, answer }
}

const connectors = [
  ...wallets,
  {
    id: EMBEDDED_WALLET_CONNECTOR_ID,
    name: 'E-mail',
    type: 'AUTH' as const,
    namespace: 'eip155' as const,
    installed: true,
  },
]

describe('ConnectingFarcaster', () => {
  test('Connect offers Farcaster; its view shows the link as a QR code to open or copy, and connects once approved', async () => {
    const { wallet, answer } = embedded()
    const { portico, approve } = await renderPortico({ connectors, config: { embeddedWallet: wallet } })
    await run(() => openModal(portico))
    const view = modal()
    const entry = await view.findByRole('button', { name: 'Continue with Farcaster' })
    await run(() => fireEvent.click(entry))
    expect(await view.findByRole('dialog', { name: 'Sign in with Farcaster' })).toBeTruthy()
    expect(await view.findByRole('img', { name: 'QR code of the Farcaster sign-in link' })).toBeTruthy()
    expect(view.getByRole('link', { name: 'Open in Farcaster' }).getAttribute('href')).toBe(LINK)
    expect(await view.findByText('Waiting for approval in Farcaster…')).toBeTruthy()
    await answer('WAITING')
    await answer('CONNECTED')
    // The embedded wallet's connector (a test connector here) connects like any other.
    await waitFor(() => expect(portico.state.connection.status).toBe('connecting'))
    await run(() => approve())
    await waitFor(() => expect(portico.state.connection.status).toBe('connected'))
    // Account names the fid's username and shows its picture, once core checked it.
    const account = await open(portico, { route: { view: 'Account' } })
    expect(await account.findByText('@alice')).toBeTruthy()
    expect(account.getByText('Logged in with Farcaster')).toBeTruthy()
    await waitFor(() =>
      expect(modalRoot()?.querySelector('img.social-picture')?.getAttribute('src')).toBe(AVATAR_PNG),
    )
  }, 20_000)

  // A login that ended shows no code to scan and no 'Scan with the Farcaster app': the mark, what
  // happened once, a new link and a way back (which follows SPEC §2's leave rule).
  test.each([
    {
      ending: 'an expired link',
      answer: new Error('The Farcaster sign-in expired before it was approved: start a new one.'),
      title: 'The link expired',
      reason: 'The sign-in link was not approved in the Farcaster app in time.',
    },
    {
      ending: 'a refusal, in the server’s words',
      answer: new Error(
        'The Farcaster sign-in was refused: Invalid resource: signer 0xabc is not an auth address or owner of fid 9.',
      ),
      title: 'Not signed in with Farcaster',
      reason:
        'The Farcaster sign-in was refused: Invalid resource: signer 0xabc is not an auth address or owner of fid 9.',
    },
  ])(
    '$ending says so once and offers a new link, or the way back',
    async ({ answer: ending, title, reason }) => {
      const { wallet, calls, answer } = embedded()
      const { portico } = await renderPortico({ connectors, config: { embeddedWallet: wallet } })
      await run(() => openModal(portico))
      const view = modal()
      const entry = await view.findByRole('button', { name: 'Continue with Farcaster' })
      await run(() => fireEvent.click(entry))
      await answer(ending)
      expect(await view.findByRole('heading', { name: title })).toBeTruthy()
      // The reason, whole and alone: no wrapper around the server's sentence.
      expect(view.getByRole('alert').textContent).toBe(reason)
      expect(view.queryByRole('img', { name: /QR code|Preparing/ })).toBeNull()
      expect(view.queryByText('Scan with the Farcaster app')).toBeNull()
      expect(view.queryByRole('link', { name: 'Open in Farcaster' })).toBeNull()

      await run(() => fireEvent.click(view.getByRole('button', { name: 'Get a new link' })))
      await waitFor(() => expect(calls.filter((call) => call === 'link')).toHaveLength(2))
      expect(await view.findByRole('img', { name: 'QR code of the Farcaster sign-in link' })).toBeTruthy()
      expect(view.getByRole('link', { name: 'Open in Farcaster' }).getAttribute('href')).toBe(LINK)

      await answer(ending)
      const back = await view.findByRole('button', { name: 'Choose another way' })
      await run(() => fireEvent.click(back))
      expect(portico.state.router.route.view).toBe('Connect')
      expect(calls).toContain('reload')
    },
  )

  test('while the link is prepared, its place is a placeholder in the theme’s colours, labelled as such', async () => {
    const { wallet } = embedded()
    let release = () => {}
    const link = wallet.getFarcasterUri
    wallet.getFarcasterUri = () =>
      new Promise((resolve) => {
        release = () => void link?.().then(resolve)
      })
    const { portico } = await renderPortico({ connectors, config: { embeddedWallet: wallet } })
    await run(() => openModal(portico))
    const view = modal()
    const entry = await view.findByRole('button', { name: 'Continue with Farcaster' })
    await run(() => fireEvent.click(entry))
    const placeholder = await view.findByRole('img', { name: 'Preparing the sign-in link…' })
    expect(placeholder.getAttribute('aria-busy')).toBe('true')
    expect(placeholder.className).toBe('qr-placeholder')
    await run(() => release())
    expect(await view.findByRole('img', { name: 'QR code of the Farcaster sign-in link' })).toBeTruthy()
    expect(view.queryByRole('img', { name: 'Preparing the sign-in link…' })).toBeNull()
  })

  test('Farcaster is the last entry of the social section, after the site’s providers, and opens its view', async () => {
    const { wallet } = embedded()
    wallet.getSocialRedirectUri = async () => ({ uri: 'https://accounts.google.test/authorize' })
    wallet.connectSocial = async () => ({})
    const { portico } = await renderPortico({
      connectors,
      config: { embeddedWallet: wallet, features: { socials: ['google', 'github'] } },
    })
    await run(() => openModal(portico))
    const view = modal()
    const section = await view.findByRole('region', { name: 'Social logins' })
    const names = [...section.querySelectorAll('button')].map(
      (button) => button.getAttribute('aria-label') ?? button.textContent,
    )
    expect(names).toEqual(['Continue with Google', 'Continue with GitHub', 'Continue with Farcaster'])
    // No separate Farcaster button elsewhere in Connect: the section hosts it.
    expect(view.getAllByRole('button', { name: 'Continue with Farcaster' })).toHaveLength(1)
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Continue with Farcaster' })))
    expect(await view.findByRole('dialog', { name: 'Sign in with Farcaster' })).toBeTruthy()
  })
})
