import { bitcoinTestKey } from '@portico/test/bitcoin'
import { expect, it } from 'vitest'
import { createTestBitcoinWallet } from './createTestBitcoinWallet.js'

it("gives test key <index>'s P2WPKH and P2TR addresses, the ones the demo's node funds", () => {
  const wallet = createTestBitcoinWallet({ accounts: 2 })
  for (const index of [0, 1]) {
    expect(wallet.accounts[index]).toEqual({
      payment: bitcoinTestKey(index).p2wpkh,
      ordinals: bitcoinTestKey(index).p2tr,
    })
  }
})

it("answers a decline with sats-connect's USER_REJECTION and keeps silent requests quiet when told", async () => {
  const wallet = createTestBitcoinWallet({ mode: 'reject' })
  expect(await wallet.provider.request('getAccounts', {})).toMatchObject({ error: { code: -32000 } })
  expect(await wallet.provider.request('getAddresses', {})).toMatchObject({ error: { code: -32002 } })
  expect(await wallet.provider.request('nope', {})).toMatchObject({ error: { code: -32601 } })
})
