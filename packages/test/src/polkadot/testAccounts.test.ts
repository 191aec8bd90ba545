import { Keyring } from '@polkadot/keyring'
import { u8aToHex } from '@polkadot/util'
import { cryptoWaitReady } from '@polkadot/util-crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { POLKADOT_TEST_ACCOUNTS, POLKADOT_TEST_SS58_PREFIX } from './testAccounts.js'

beforeAll(() => cryptoWaitReady())

describe('POLKADOT_TEST_ACCOUNTS', () => {
  it('are the sr25519 keys their URIs derive, addressed with prefix 2', () => {
    const keyring = new Keyring({ type: 'sr25519', ss58Format: POLKADOT_TEST_SS58_PREFIX })
    for (const account of POLKADOT_TEST_ACCOUNTS) {
      const pair = keyring.addFromUri(account.uri)
      expect(pair.address).toBe(account.address)
      expect(u8aToHex(pair.publicKey)).toBe(account.publicKey)
    }
    expect(new Set(POLKADOT_TEST_ACCOUNTS.map((account) => account.address)).size).toBe(6)
  })
})
