import {
  EMBEDDED_WALLET_CONNECTOR_ID,
  type EmbeddedWallet,
  type RegistryWallet,
  type WalletConnect,
  type WalletConnectSession,
} from '@portico/core'
import { cleanup, fireEvent, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { wallets } from '../../testkit/createTestPortico.testkit.js'
import { modalRoot, open, renderPortico, run } from '../../testkit/render.testkit.js'

afterEach(cleanup)

function pendingWalletConnect() {
  const started: AbortSignal[] = []
  const service: WalletConnect = {
    registerNamespace: () => {},
    connect: ({ signal }) => {
      if (signal) started.push(signal)
      return new Promise<WalletConnectSession>(() => {})
    },
    reconnect: async () => undefined,
    getSession: () => undefined,
    request: async () => null,
    disconnect: async () => {},
    subscribe: () => () => {},
  }
  return { service, started }
}

function embedded() {
  const emails: string[] = []
  const wallet: EmbeddedWallet = {
    connectEmail: async ({ email }) => {
      emails.push(email)
      return { action: 'VERIFY_OTP' }
    },
    connectDevice: async () => {},
    connectOtp: async () => ({ action: 'CONNECTED' }),
    getUser: async () => ({ email: 'ada@example.com', chainId: 1, address: '0x1', accountType: 'eoa' }),
    isConnected: async () => false,
    signOut: async () => {},
    updateEmail: async () => ({ newEmail: 'x@example.com' }),
  }
  return { wallet, emails }
}

const withEmail = [
  ...wallets,
  {
    id: EMBEDDED_WALLET_CONNECTOR_ID,
    name: 'E-mail',
    type: 'AUTH' as const,
    namespace: 'eip155' as const,
    installed: true,
  },
]

const rowNames = () =>
  [...(modalRoot()?.querySelectorAll('li .row-name') ?? [])].map((element) => element.textContent)

const customWallet: RegistryWallet = {
  id: 'com.example.wallet',
  name: 'Example Wallet',
  namespaces: ['eip155'],
  mobile: { universal: 'https://wallet.example.com' },
}

describe('Connect layouts (emailShowWallets, collapseWallets)', () => {
  test("collapseWallets shows one 'Continue with a wallet' row that opens the wallets in place", async () => {
    const { portico } = await renderPortico({ config: { features: { collapseWallets: true } } })
    const view = await open(portico)
    expect(await view.findByRole('button', { name: 'Continue with a wallet' })).toBeTruthy()
    expect(view.queryByRole('button', { name: /Rabby/ })).toBeNull()
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Continue with a wallet' })))
    expect(rowNames()).toEqual(['Rabby', 'MetaMask', 'All Wallets'])
  })

  test('emailShowWallets off puts the wallets behind the button next to the e-mail field', async () => {
    const { wallet } = embedded()
    const { portico } = await renderPortico({
      connectors: withEmail,
      config: { embeddedWallet: wallet, features: { emailShowWallets: false } },
    })
    const view = await open(portico)
    expect(await view.findByRole('textbox', { name: 'E-mail address' })).toBeTruthy()
    expect(view.getByRole('button', { name: 'Continue with a wallet' })).toBeTruthy()
    expect(view.queryByRole('button', { name: /MetaMask/ })).toBeNull()
  })

  test('by default (emailShowWallets on) the wallets are listed below the e-mail field', async () => {
    const { wallet } = embedded()
    const { portico } = await renderPortico({ connectors: withEmail, config: { embeddedWallet: wallet } })
    const view = await open(portico)
    await view.findByRole('textbox', { name: 'E-mail address' })
    expect(view.queryByRole('button', { name: 'Continue with a wallet' })).toBeNull()
    expect(rowNames()).toEqual(['Rabby', 'MetaMask', 'All Wallets'])
  })
})

describe('the legal checkbox (legalCheckbox, termsConditionsUrl, privacyPolicyUrl)', () => {
  const legal = {
    features: { legalCheckbox: true },
    termsConditionsUrl: 'https://shop.example/terms',
    privacyPolicyUrl: 'https://shop.example/privacy',
  }

  test('links open in a new tab without access to the page; rows and e-mail stay disabled until ticked', async () => {
    const { wallet, emails } = embedded()
    const { portico, calls } = await renderPortico({
      connectors: withEmail,
      config: { ...legal, embeddedWallet: wallet },
    })
    const view = await open(portico)
    const box = await view.findByRole('checkbox', {
      name: /I agree to the Terms of Service and the Privacy Policy/,
    })
    for (const [name, href] of [
      ['Terms of Service', 'https://shop.example/terms'],
      ['Privacy Policy', 'https://shop.example/privacy'],
    ] as const) {
      const link = view.getByRole('link', { name })
      expect(link.getAttribute('href')).toBe(href)
      expect(link.getAttribute('target')).toBe('_blank')
      expect(link.getAttribute('rel')).toContain('noopener')
    }
    // A disabled fieldset disables what it holds (checked in Chromium by the end-to-end test).
    const disabledSet = () => rabby.closest('fieldset')?.disabled
    const rabby = view.getByRole('button', { name: /Rabby/ }) as HTMLButtonElement
    const field = view.getByRole('textbox', { name: 'E-mail address' }) as HTMLInputElement
    expect(disabledSet()).toBe(true)
    expect(field.closest('fieldset')?.disabled).toBe(true)
    await run(() => fireEvent.click(rabby))
    expect(calls.connect).toEqual([])
    expect(emails).toEqual([])

    await run(() => fireEvent.click(box))
    expect(disabledSet()).toBe(false)
    await run(() => fireEvent.click(rabby))
    expect(calls.connect).toEqual(['io.rabby'])
  })

  test('AllWallets and the QR code wait for it too; the pairing starts once it is ticked', async () => {
    const walletConnect = pendingWalletConnect()
    const { portico } = await renderPortico({
      adapters: false,
      config: { ...legal, walletConnect: walletConnect.service },
    })
    const view = await open(portico, { route: { view: 'ConnectingWalletConnectBasic' } })
    const box = await view.findByRole('checkbox')
    expect(view.queryByRole('img', { name: 'WalletConnect pairing code' })).toBeNull()
    expect(walletConnect.started).toHaveLength(0)
    await run(() => fireEvent.click(box))
    await waitFor(() => expect(walletConnect.started).toHaveLength(1))
  })
})

describe('custom wallets in Connect', () => {
  test("a site's own wallet is listed in the custom section and pairs over WalletConnect with its link", async () => {
    const walletConnect = pendingWalletConnect()
    const { portico } = await renderPortico({
      config: {
        customWallets: [customWallet],
        walletConnect: walletConnect.service,
        features: { connectorTypeOrder: ['custom'] },
      },
    })
    const view = await open(portico)
    await view.findByRole('button', { name: 'Example Wallet' })
    expect(rowNames().slice(0, 3)).toEqual(['Example Wallet', 'Rabby', 'MetaMask'])
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Example Wallet' })))
    expect(portico.state.router.route).toEqual({
      view: 'ConnectingWalletConnectBasic',
      params: { walletId: 'com.example.wallet' },
    })
    expect(walletConnect.started).toHaveLength(1)
  })
})

describe('a visitor with no wallet', () => {
  test('Get a wallet explains what a wallet is and lists install pages per platform', async () => {
    const { portico } = await renderPortico({ connectors: [] })
    const view = await open(portico)
    expect(view.getByText('No wallet found in this browser')).toBeTruthy()
    expect(view.queryByRole('button', { name: 'Use a wallet on your phone' })).toBeNull()
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Get a wallet' })))
    expect(await view.findByRole('heading', { name: 'What is a wallet?' })).toBeTruthy()
    const metamask = view.getByRole('link', { name: 'Get MetaMask for Chrome' })
    expect(metamask.getAttribute('href')).toBe(
      'https://chromewebstore.google.com/detail/nkbihfbeogaeaoehlefnkodbefgpgknn',
    )
    expect(metamask.getAttribute('rel')).toContain('noopener')
    expect(view.getByRole('link', { name: 'Get MetaMask for iPhone' }).getAttribute('href')).toBe(
      'https://apps.apple.com/app/id1438144202',
    )
    expect(view.getByRole('link', { name: 'Get Trust Wallet for Android' })).toBeTruthy()
  })

  test('with WalletConnect configured, the phone path is offered', async () => {
    const walletConnect = pendingWalletConnect()
    const { portico } = await renderPortico({
      connectors: [],
      config: { walletConnect: walletConnect.service },
    })
    const view = await open(portico)
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Use a wallet on your phone' })))
    expect(portico.state.router.route.view).toBe('ConnectingWalletConnectBasic')
    expect(walletConnect.started).toHaveLength(1)
  })
})
