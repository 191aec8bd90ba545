// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest'
import { connect } from '../connection/connect.js'
import { initialize } from '../initialize.js'
import { flush, setup } from '../testing/fakeAdapter.testkit.js'
import { refreshBalance } from './refreshBalance.js'

const OTHER = '0x2222222222222222222222222222222222222222'

async function connected() {
  const test = await setup()
  await initialize(test.portico)
  await connect(test.portico, { connectorId: 'io.metamask' })
  await flush()
  return test
}

describe('refreshBalance: a failed read keeps the last known balance, marked stale', () => {
  test('the same account and network keep their balance, marked stale until a read succeeds', async () => {
    const { portico, handle } = await connected()
    const account = () => portico.state.chains.eip155!.accountState
    expect(account()).toMatchObject({ balance: '1.2345', balanceSymbol: 'ETH', balanceStale: false })
    handle.balanceError = new Error('HTTP request failed: 503')
    await refreshBalance(portico)
    expect(account()).toMatchObject({ balance: '1.2345', balanceSymbol: 'ETH', balanceStale: true })
    handle.balanceError = undefined
    handle.balance = 2_000_000_000_000_000_000n
    await refreshBalance(portico)
    expect(account()).toMatchObject({ balance: '2', balanceStale: false })
  })

  test("another account's balance is never shown as this one's: it is cleared, not kept", async () => {
    const { portico, handle } = await connected()
    handle.balanceError = new Error('HTTP request failed: 503')
    handle.context!.emit({ type: 'accountsChanged', connectorId: 'io.metamask', accounts: [OTHER] })
    await flush()
    await refreshBalance(portico)
    const account = portico.state.chains.eip155!.accountState
    expect(account.address).toBe(OTHER)
    expect(account).toMatchObject({ balance: undefined, balanceStale: false })
  })

  test('a first read that fails shows nothing rather than a stale mark on nothing', async () => {
    const test = await setup()
    test.handle.balanceError = new Error('HTTP request failed: 503')
    await initialize(test.portico)
    await connect(test.portico, { connectorId: 'io.metamask' })
    await flush()
    expect(test.portico.state.chains.eip155!.accountState).toMatchObject({
      balance: undefined,
      balanceStale: false,
    })
  })
})
