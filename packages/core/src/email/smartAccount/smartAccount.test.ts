// @vitest-environment happy-dom
import { describe, expect, test, vi } from 'vitest'
import { getAccount } from '../../connection/account.js'
import { connect } from '../../connection/connect.js'
import { getIsSmartAccount, getSmartAccountOffered } from '../../connection/smartAccount.js'
import { initialize } from '../../initialize.js'
import { getSend } from '../../send/send.js'
import { setup, testConnector } from '../../testing/fakeAdapter.testkit.js'
import { EMBEDDED_WALLET_CONNECTOR_ID } from '../connectEmail.js'
import type { EmbeddedWallet, EmbeddedWalletUser } from '../types.js'
import { EmbeddedAccountTypeNotAvailableError, setEmbeddedAccountType } from './setEmbeddedAccountType.js'

/**
 * The embedded wallet as core calls it, with its account type kept like the frame keeps it: the
 * smart account on the chains it offers one (1 here, not 10), the user's choice once made.
 * `@portico/embedded-wallet` tests the real frame against anvil and alto.
 */
function embedded(options: { enabled?: number[]; refuse?: string; sponsored?: boolean } = {}) {
  const enabled = options.enabled ?? [1]
  const asked: string[] = []
  let chosen: 'eoa' | 'smartAccount' | undefined
  let deployed = false
  const wallet: EmbeddedWallet = {
    connectEmail: async () => ({ action: 'VERIFY_OTP' }),
    connectDevice: async () => {},
    connectOtp: async () => ({ action: 'CONNECTED' }),
    getUser: async ({ chainId, preferredAccountType }): Promise<EmbeddedWalletUser> => {
      asked.push(`getUser ${chainId} ${preferredAccountType}`)
      const smart = enabled.includes(Number(chainId)) && (chosen ?? preferredAccountType) === 'smartAccount'
      return {
        email: 'ada@example.com',
        chainId: chainId ?? 1,
        address: '0x1',
        accountType: smart ? 'smartAccount' : 'eoa',
        ...(smart
          ? { smartAccountDeployed: deployed, smartAccountSponsored: options.sponsored === true }
          : {}),
      }
    },
    getSmartAccountEnabledNetworks: async () => enabled,
    setPreferredAccount: async ({ type }) => {
      asked.push(`setPreferredAccount ${type}`)
      if (options.refuse) throw new Error(options.refuse)
      chosen = type
      return { type, address: '0x1' }
    },
    isConnected: async () => true,
    signOut: async () => {},
    updateEmail: async () => ({ newEmail: 'new@example.com' }),
  }
  return { wallet, asked, deploy: () => (deployed = true) }
}

async function connected(wallet: EmbeddedWallet, type: 'AUTH' | 'INJECTED' = 'AUTH') {
  const connectors = [testConnector(EMBEDDED_WALLET_CONNECTOR_ID, { type, name: 'E-mail' })]
  const metadata = { name: 'Shop', description: '', url: 'https://shop.example', icons: [] }
  const { portico, handle } = await setup({ embeddedWallet: wallet, metadata }, connectors)
  await initialize(portico)
  await connect(portico, { connectorId: EMBEDDED_WALLET_CONNECTOR_ID })
  return { portico, handle }
}

describe('the embedded wallet smart account in core (SPEC §3, §6)', () => {
  test("hands the wallet the site's metadata once it connects, for its frame's approval screen", async () => {
    const given: unknown[] = []
    const { wallet } = embedded()
    await connected({ ...wallet, syncMetadata: (metadata) => given.push(metadata) })
    await vi.waitFor(() =>
      expect(given).toContainEqual({ name: 'Shop', description: '', url: 'https://shop.example', icons: [] }),
    )
  })

  test('after connecting, the smart account is the default where the wallet offers one, not yet deployed', async () => {
    const { wallet, asked } = embedded()
    const { portico } = await connected(wallet)
    await vi.waitFor(() => expect(getAccount(portico).accountType).toBe('smartAccount'))
    expect(getAccount(portico).smartAccountDeployed).toBe(false)
    expect(getIsSmartAccount(portico)).toBe(true)
    expect(getSmartAccountOffered(portico)).toBe(true)
    expect(portico.state.chains.eip155?.networkState.smartAccountEnabledNetworks).toEqual([1])
    // SPEC §9: the site's default account type for eip155 is the smart account.
    expect(asked).toContain('getUser 1 smartAccount')
  })

  test('switching to the EOA and back is stored by the wallet and followed by state; the §5 rules read the real type', async () => {
    const { wallet, asked, deploy } = embedded()
    const { portico } = await connected(wallet)
    await vi.waitFor(() => expect(getAccount(portico).accountType).toBe('smartAccount'))

    await setEmbeddedAccountType(portico, 'eoa')
    expect(asked).toContain('setPreferredAccount eoa')
    expect(getAccount(portico).accountType).toBe('eoa')
    expect(getIsSmartAccount(portico)).toBe(false)
    // SPEC §5: the send form's gas rule reads the real type.
    expect(getSend(portico).isSmartAccount).toBe(false)
    // The switch stays offered: the smart account is one click away.
    expect(getSmartAccountOffered(portico)).toBe(true)

    deploy()
    await setEmbeddedAccountType(portico, 'smartAccount')
    expect(getIsSmartAccount(portico)).toBe(true)
    await vi.waitFor(() => expect(getAccount(portico).smartAccountDeployed).toBe(true))
  })

  test("Send says 'Network fee: paid by <site>' only for a smart account the site sponsors", async () => {
    const { wallet } = embedded({ sponsored: true })
    const { portico } = await connected(wallet)
    await vi.waitFor(() => expect(getSend(portico).feePaidBy).toBe('Shop'))
    expect(getSend(portico).isSmartAccount).toBe(true)
    await setEmbeddedAccountType(portico, 'eoa')
    expect(getSend(portico).feePaidBy).toBeUndefined()

    const unsponsored = await connected(embedded().wallet)
    await vi.waitFor(() => expect(getAccount(unsponsored.portico).accountType).toBe('smartAccount'))
    expect(getSend(unsponsored.portico).feePaidBy).toBeUndefined()
  })

  test('a refused switch rejects and changes nothing', async () => {
    const { wallet } = embedded({ refuse: 'Smart accounts are not available on eip155:1.' })
    const { portico } = await connected(wallet)
    await vi.waitFor(() => expect(getAccount(portico).accountType).toBe('smartAccount'))
    await expect(setEmbeddedAccountType(portico, 'eoa')).rejects.toThrow('not available on eip155:1')
    expect(getAccount(portico).accountType).toBe('smartAccount')
  })

  test('on a network without a smart account the wallet is an EOA and no switch is offered', async () => {
    const { wallet } = embedded({ enabled: [10] })
    const { portico } = await connected(wallet)
    await vi.waitFor(() =>
      expect(portico.state.chains.eip155?.networkState.smartAccountEnabledNetworks).toEqual([10]),
    )
    expect(getAccount(portico).accountType).toBe('eoa')
    expect(getSmartAccountOffered(portico)).toBe(false)
    expect(getIsSmartAccount(portico)).toBe(false)
  })

  test('another wallet has no account type, and the embedded wallet is never asked', async () => {
    const { wallet, asked } = embedded()
    const { portico } = await connected(wallet, 'INJECTED')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(getAccount(portico).accountType).toBeUndefined()
    expect(asked).toEqual([])
    await expect(setEmbeddedAccountType(portico, 'eoa')).rejects.toBeInstanceOf(
      EmbeddedAccountTypeNotAvailableError,
    )
  })
})
