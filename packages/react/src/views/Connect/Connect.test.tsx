import {
  connect,
  disconnect,
  EMBEDDED_WALLET_CONNECTOR_ID,
  type EmbeddedWallet,
  openModal,
} from '@portico/core'
import { cleanup, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { wallets } from '../../testkit/createTestPortico.testkit.js'
import { modal, open, renderPortico, run } from '../../testkit/render.testkit.js'

afterEach(cleanup)

describe('Connect', () => {
  test('tags installed wallets, and a wallet used before as Recent at the top', async () => {
    const { portico, approve } = await renderPortico()
    let view = await open(portico)
    expect(view.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'RRabbyInstalled',
      'MMetaMaskInstalled',
      'All Wallets',
    ])
    await run(async () => {
      const connecting = connect(portico, { connectorId: 'io.metamask' })
      approve()
      await connecting
    })
    await run(() => disconnect(portico))
    view = await open(portico)
    expect(view.getAllByRole('listitem')[0]?.textContent).toBe('MMetaMaskRecent')
  })

  test('explains what to do when no wallet is installed, without inventing any', async () => {
    const { portico } = await renderPortico({ connectors: [] })
    const view = await open(portico)
    expect(view.getByText('No wallet found in this browser')).toBeTruthy()
    expect(view.getByText(/Install a wallet browser extension/)).toBeTruthy()
    expect(view.queryAllByRole('button', { name: /All Wallets/ })).toHaveLength(0)
  })

  test('hides All Wallets when the feature is off', async () => {
    const { portico } = await renderPortico({ config: { features: { allWallets: false } } })
    const view = await open(portico)
    expect(view.queryByRole('button', { name: 'All Wallets' })).toBeNull()
  })

  test('with no adapter configured, says so plainly instead of showing a pairing code', async () => {
    const { portico } = await renderPortico({ adapters: false })
    const view = await open(portico)
    expect(view.getByText('No wallet adapters are configured for this site')).toBeTruthy()
    expect(view.queryByRole('img')).toBeNull()
  })

  // The first test of this file to show the social section: its chunk is not there yet when Connect
  // first renders, as on a page where the visitor opens the modal for the first time.
  test('a divider stands only between two sections that show something, also while the social section loads', async () => {
    const wallet: EmbeddedWallet = {
      connectEmail: async () => ({ action: 'VERIFY_OTP' }),
      connectDevice: async () => {},
      connectOtp: async () => ({ action: 'CONNECTED' }),
      getUser: async () => ({ userName: 'alice', chainId: 1, address: '0x1', accountType: 'eoa' }),
      isConnected: async () => false,
      signOut: async () => {},
      updateEmail: async () => ({ newEmail: 'x@example.com' }),
      getSocialRedirectUri: async () => ({ uri: 'https://accounts.google.test/authorize' }),
      connectSocial: async () => ({}),
      getFarcasterUri: async () => ({ url: 'https://farcaster.xyz/~/siwf?channelToken=abc' }),
      connectFarcaster: async () => ({ action: 'WAITING' }),
    }
    const { portico } = await renderPortico({
      connectors: [
        ...wallets,
        {
          id: EMBEDDED_WALLET_CONNECTOR_ID,
          name: 'E-mail',
          type: 'AUTH',
          namespace: 'eip155',
          installed: true,
        },
      ],
      config: { embeddedWallet: wallet, features: { socials: ['google', 'github'] } },
    })
    // Every state of the modal's view, as the visitor would see it: a divider with nothing after it
    // (or before it) is noted.
    const lonely: string[] = []
    const check = (root: ShadowRoot) => {
      for (const divider of root.querySelectorAll('.divider')) {
        const section = divider.parentElement
        if (!divider.nextElementSibling?.hasChildNodes()) lonely.push(`nothing after: ${section?.outerHTML}`)
        if (!section?.previousElementSibling?.hasChildNodes())
          lonely.push(`nothing before: ${section?.outerHTML}`)
      }
    }
    const watching: ShadowRoot[] = []
    const observer = new MutationObserver(() => {
      const root = document.querySelector('[data-portico-modal]')?.shadowRoot
      if (root && !watching.includes(root)) {
        watching.push(root)
        observer.observe(root, { childList: true, subtree: true })
      }
      if (root) check(root)
    })
    observer.observe(document.body, { childList: true, subtree: true })
    try {
      await run(() => openModal(portico))
      const view = modal()
      expect(await view.findByRole('region', { name: 'Social logins' })).toBeTruthy()
      await waitFor(() => expect(view.getAllByRole('button', { name: /^Continue with / })).toHaveLength(3))
    } finally {
      observer.disconnect()
    }
    expect(watching).toHaveLength(1)
    expect(lonely).toEqual([])
  })
})
