import { describe, expect, it } from 'vitest'
import { POLKADOT_TEST_ACCOUNTS } from '../testAccounts.js'
import { POLKADOT_DEV_WALLET } from './createTestPolkadotExtension.js'
import {
  installTestPolkadotExtension,
  type PolkadotDevWalletsWindow,
} from './installTestPolkadotExtension.js'

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> & { entries: Map<string, string> } {
  const entries = new Map<string, string>()
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
  }
}

describe('installTestPolkadotExtension', () => {
  it('injects under window.injectedWeb3 at once, beside other extensions, and exposes its switches once ready', async () => {
    const other = { version: '1.0.0', enable: async () => ({}) as never }
    const fakeWindow: PolkadotDevWalletsWindow = { injectedWeb3: { talisman: other } }
    const installed = installTestPolkadotExtension({}, fakeWindow)
    expect(Object.keys(fakeWindow.injectedWeb3 ?? {})).toEqual(['talisman', POLKADOT_DEV_WALLET.key])
    // enable works before the keys are derived: it waits for them.
    const injected = await fakeWindow.injectedWeb3?.[POLKADOT_DEV_WALLET.key]?.enable('Shop')
    expect(await injected?.accounts.get()).toHaveLength(POLKADOT_TEST_ACCOUNTS.length)
    const extension = await installed.extension
    expect(fakeWindow.__porticoDevPolkadotWallets?.[POLKADOT_DEV_WALLET.key]).toBe(extension)
    installed.uninstall()
    await Promise.resolve()
    expect(fakeWindow.injectedWeb3).toEqual({ talisman: other })
    expect(fakeWindow.__porticoDevPolkadotWallets).toEqual({})
  })

  it('keeps the authorisation and the exposed accounts across loads in the storage it is given', async () => {
    const storage = memoryStorage()
    const firstLoad: PolkadotDevWalletsWindow = {}
    const first = installTestPolkadotExtension({ persist: storage, ss58Prefix: 2 }, firstLoad)
    await firstLoad.injectedWeb3?.[POLKADOT_DEV_WALLET.key]?.enable('Shop')
    ;(await first.extension).setAccounts([3])

    const secondLoad: PolkadotDevWalletsWindow = {}
    const second = await installTestPolkadotExtension({ persist: storage, ss58Prefix: 2 }, secondLoad)
      .extension
    expect(second.getState()).toMatchObject({ authorized: true, exposed: [3] })
    const injected = await secondLoad.injectedWeb3?.[POLKADOT_DEV_WALLET.key]?.enable('Shop')
    expect((await injected?.accounts.get())?.map((account) => account.address)).toEqual([
      POLKADOT_TEST_ACCOUNTS[3]?.address,
    ])
    // A revocation is remembered too.
    second.revoke()
    const third = await installTestPolkadotExtension({ persist: storage }, {}).extension
    expect(third.getState().authorized).toBe(false)
  })

  it('starts fresh from a corrupt or outdated saved state', async () => {
    const storage = memoryStorage()
    storage.setItem(`portico-dev-polkadot-wallet:${POLKADOT_DEV_WALLET.key}`, '{not json')
    expect(
      (await installTestPolkadotExtension({ persist: storage }, {}).extension).getState().authorized,
    ).toBe(false)
    storage.setItem(
      `portico-dev-polkadot-wallet:${POLKADOT_DEV_WALLET.key}`,
      JSON.stringify({ authorized: true, exposed: [9] }),
    )
    const extension = await installTestPolkadotExtension({ persist: storage }, {}).extension
    expect(extension.getState().exposed).toHaveLength(POLKADOT_TEST_ACCOUNTS.length)
  })
})
