// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest'
import type { AdapterFactory, TypedAccount } from '../adapterKit/contract.js'
import { initialize } from '../initialize.js'
import { fakeAdapter, flush, setup, testConnector, testNetwork } from '../testing/fakeAdapter.testkit.js'
import { getAccount } from './account.js'
import {
  AccountTypeNotAvailableError,
  getAccountTypes,
  setAccountType,
  watchAccountTypes,
} from './accountTypes.js'
import { connect } from './connect.js'

const PAYMENT = 'bcrt1qpayment'
const ORDINALS = 'bcrt1pordinals'

/** A Bitcoin-like site: the wallet gives a payment and an ordinals address, payment first. */
async function bitcoinSite(typed = true) {
  const bip = fakeAdapter('bip122', [testConnector('btc.wallet', { namespace: 'bip122' })])
  bip.handle.nextConnect = { address: PAYMENT, accounts: [PAYMENT, ORDINALS], chainId: 'regtest' }
  let active: TypedAccount['type'] = 'payment'
  const factory: AdapterFactory = (context) => {
    const adapter = bip.factory(context)
    if (!typed) return adapter
    adapter.accountTypes = {
      get: () => [
        { type: 'payment', address: PAYMENT },
        { type: 'ordinal', address: ORDINALS },
      ],
      set: ({ connectorId, type }) => {
        active = type
        const accounts = type === 'ordinal' ? [ORDINALS, PAYMENT] : [PAYMENT, ORDINALS]
        context.emit({ type: 'accountsChanged', connectorId, accounts })
      },
    }
    return adapter
  }
  const { portico } = await setup({
    networks: [testNetwork('regtest', 'bip122', 'Regtest')],
    adapters: [factory],
  })
  await initialize(portico)
  await connect(portico, { connectorId: 'btc.wallet' })
  return { portico, active: () => active }
}

describe('typed accounts (SPEC §9 bip122 payment)', () => {
  test('lists the payment and ordinals addresses, the payment one active by default', async () => {
    const { portico } = await bitcoinSite()
    expect(getAccountTypes(portico)).toEqual({
      accounts: [
        { type: 'payment', address: PAYMENT },
        { type: 'ordinal', address: ORDINALS },
      ],
      active: 'payment',
    })
    expect(portico.state.chains.bip122?.accountState.preferredAccountType).toBe('payment')
  })

  test('setAccountType makes the ordinals address the account, and back; watchers hear it', async () => {
    const { portico, active } = await bitcoinSite()
    const seen: (string | undefined)[] = []
    const stop = watchAccountTypes(portico, { onChange: (types) => seen.push(types.active) })
    setAccountType(portico, 'ordinal')
    await flush()
    expect(active()).toBe('ordinal')
    expect(getAccount(portico).address).toBe(ORDINALS)
    expect(getAccountTypes(portico).active).toBe('ordinal')
    expect(portico.state.chains.bip122?.accountState.preferredAccountType).toBe('ordinal')
    setAccountType(portico, 'payment')
    await flush()
    expect(getAccount(portico).address).toBe(PAYMENT)
    expect(seen).toEqual(['ordinal', 'payment'])
    stop()
  })

  test('a wallet without typed accounts lists none, and asking for one is refused', async () => {
    const { portico } = await bitcoinSite(false)
    expect(getAccountTypes(portico)).toEqual({ accounts: [], active: undefined })
    expect(() => setAccountType(portico, 'ordinal')).toThrow(AccountTypeNotAvailableError)
  })
})
