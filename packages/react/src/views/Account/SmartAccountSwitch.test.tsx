import { connect, type EmbeddedWallet } from '@portico/core'
import { cleanup, fireEvent, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { ADDRESS } from '../../testkit/createTestPortico.testkit.js'
import { open, renderPortico, run } from '../../testkit/render.testkit.js'

afterEach(cleanup)

/**
 * The e-mail wallet as core calls it, keeping the account type like its frame does: the smart
 * account on Ethereum (1), never on other chains, the user's last choice once made.
 */
function embeddedWallet(options: { refuse?: string } = {}) {
  let chosen: 'eoa' | 'smartAccount' | undefined
  const wallet: EmbeddedWallet = {
    connectEmail: async () => ({ action: 'VERIFY_OTP' }),
    connectDevice: async () => {},
    connectOtp: async () => ({ action: 'CONNECTED' }),
    getUser: async ({ chainId, preferredAccountType }) => {
      const smart = Number(chainId) === 1 && (chosen ?? preferredAccountType) === 'smartAccount'
      return {
        email: 'ada@example.com',
        chainId: chainId ?? 1,
        address: ADDRESS,
        accountType: smart ? 'smartAccount' : 'eoa',
        ...(smart ? { smartAccountDeployed: false, smartAccountSponsored: true } : {}),
      }
    },
    getSmartAccountEnabledNetworks: async () => [1],
    setPreferredAccount: async ({ type }) => {
      if (options.refuse) throw new Error(options.refuse)
      chosen = type
      return { type, address: ADDRESS }
    },
    isConnected: async () => true,
    signOut: async () => {},
    updateEmail: async () => ({ newEmail: 'new@example.com' }),
  }
  return wallet
}

async function emailWallet(options: { refuse?: string; locale?: 'de' } = {}) {
  const test = await renderPortico({
    connectors: [{ id: 'embedded', name: 'E-mail', type: 'AUTH', namespace: 'eip155', installed: true }],
    config: {
      embeddedWallet: embeddedWallet(options),
      metadata: { name: 'Shop', description: '', url: 'https://shop.example', icons: [] },
    },
    ...(options.locale ? { locale: options.locale } : {}),
  })
  await run(async () => {
    const connecting = connect(test.portico, { connectorId: 'embedded' })
    test.approve()
    await connecting
  })
  const view = await open(test.portico)
  return { ...test, view }
}

describe('Account: the e-mail wallet EOA / smart account switch (SPEC §6, §8)', () => {
  test('shows the smart account as active, with the §8 warning, and switches to the EOA and back', async () => {
    const { view } = await emailWallet()
    const smart = await waitFor(() => view.getByRole('button', { name: 'Smart account' }))
    const group = view.getByRole('group', { name: 'Account type' })
    expect(group.contains(smart)).toBe(true)
    await waitFor(() => expect(smart.getAttribute('aria-pressed')).toBe('true'))
    expect(view.getByText('This application might not support Smart Accounts')).toBeTruthy()

    await run(() => fireEvent.click(view.getByRole('button', { name: 'EOA' })))
    await waitFor(() =>
      expect(view.getByRole('button', { name: 'EOA' }).getAttribute('aria-pressed')).toBe('true'),
    )
    expect(view.queryByText('This application might not support Smart Accounts')).toBeNull()

    await run(() => fireEvent.click(view.getByRole('button', { name: 'Smart account' })))
    await waitFor(() =>
      expect(view.getByRole('button', { name: 'Smart account' }).getAttribute('aria-pressed')).toBe('true'),
    )
  })

  test('a refused switch says why and keeps the account', async () => {
    const { view } = await emailWallet({ refuse: 'the server is unreachable' })
    await waitFor(() =>
      expect(view.getByRole('button', { name: 'Smart account' }).getAttribute('aria-pressed')).toBe('true'),
    )
    await run(() => fireEvent.click(view.getByRole('button', { name: 'EOA' })))
    await waitFor(() =>
      expect(view.getByRole('alert').textContent).toBe(
        'Could not switch the account: the server is unreachable',
      ),
    )
    expect(view.getByRole('button', { name: 'Smart account' }).getAttribute('aria-pressed')).toBe('true')
  })

  test('says it in German', async () => {
    const { view } = await emailWallet({ locale: 'de' })
    await waitFor(() => expect(view.getByRole('group', { name: 'Kontotyp' })).toBeTruthy())
    expect(view.getByRole('button', { name: 'Smart Account' })).toBeTruthy()
  })
})
