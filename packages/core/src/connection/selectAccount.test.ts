// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest'
import { refreshBalance } from '../balances/refreshBalance.js'
import { initialize } from '../initialize.js'
import { setup } from '../testing/fakeAdapter.testkit.js'
import { getAccount } from './account.js'
import { connect } from './connect.js'
import { selectAccount } from './selectAccount.js'

const A = '0x1111111111111111111111111111111111111111'
const B = '0x2222222222222222222222222222222222222222'

async function connected(withSelection: boolean) {
  const { portico, handle } = await setup()
  handle.nextConnect = { address: A, accounts: [A, B], chainId: 1 }
  if (withSelection)
    handle.adapter!.selectAccount = async ({ connectorId, address }) => {
      handle.calls.push({ method: 'selectAccount', parameters: { connectorId, address } })
      handle.context!.emit({ type: 'accountsChanged', connectorId, accounts: [address, A] })
    }
  await initialize(portico)
  await connect(portico, { connectorId: 'io.metamask' })
  return { portico, handle }
}

describe('selectAccount', () => {
  test('makes another shared account the active one through the adapter, as a change in the wallet would', async () => {
    const { portico, handle } = await connected(true)
    expect(getAccount(portico).canSelectAccount).toBe(true)
    await selectAccount(portico, { address: B })
    expect(handle.calls.find((call) => call.method === 'selectAccount')?.parameters).toEqual({
      connectorId: 'io.metamask',
      address: B,
    })
    expect(getAccount(portico)).toMatchObject({ address: B, allAccounts: [B, A] })
  })

  test('refuses an account the wallet did not share, and a wallet that picks its account itself', async () => {
    const withSelection = await connected(true)
    await expect(
      selectAccount(withSelection.portico, { address: '0x3333333333333333333333333333333333333333' }),
    ).rejects.toMatchObject({
      name: 'AccountNotSharedError',
    })
    const without = await connected(false)
    expect(getAccount(without.portico).canSelectAccount).toBe(false)
    await expect(selectAccount(without.portico, { address: B })).rejects.toMatchObject({
      name: 'AccountSelectionUnavailableError',
    })
  })

  test('is not offered with one account, and refuses when nothing is connected', async () => {
    const { portico, handle } = await setup()
    handle.adapter!.selectAccount = async () => {}
    await initialize(portico)
    await expect(selectAccount(portico, { address: A })).rejects.toMatchObject({ name: 'NotConnectedError' })
    await connect(portico, { connectorId: 'io.metamask' })
    expect(getAccount(portico).canSelectAccount).toBe(false)
  })
})

describe('balance parts', () => {
  test('an adapter that splits the balance (free, reserved, transferable) has it shown formatted, and dropped when it stops', async () => {
    const { portico, handle } = await connected(false)
    const read = handle.adapter!.getBalance
    handle.adapter!.getBalance = async () => ({
      value: 7_000_000_000_000_000_000n,
      decimals: 18,
      symbol: 'ETH',
      parts: {
        free: 9_000_000_000_000_000_000n,
        reserved: 500_000_000_000_000_000n,
        transferable: 7_000_000_000_000_000_000n,
      },
    })
    await refreshBalance(portico)
    expect(getAccount(portico)).toMatchObject({
      balance: '7',
      balanceParts: { free: '9', reserved: '0.5', transferable: '7' },
    })
    handle.adapter!.getBalance = read
    await refreshBalance(portico)
    expect(getAccount(portico).balanceParts).toBeUndefined()
  })
})
