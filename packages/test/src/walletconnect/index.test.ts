import { describe, expect, it } from 'vitest'

describe('@portico/test/walletconnect', () => {
  it('resolves through the package exports and offers these names', async () => {
    const entry = await import('@portico/test/walletconnect')
    expect(Object.keys(entry).sort()).toEqual([
      'RELAY_REFUSED_PROJECT_CODE',
      'RELAY_REFUSED_PROJECT_REASON',
      'RelayErrorCode',
      'RelayRequestError',
      'SessionUpdateTimeoutError',
      'TEST_WALLETCONNECT_BIP122_METHODS',
      'TEST_WALLETCONNECT_METHODS',
      'TEST_WALLETCONNECT_POLKADOT_METHODS',
      'TEST_WALLETCONNECT_SOLANA_METHODS',
      'closeSignClient',
      'createTestDappSignClient',
      'createTestWalletConnectWallet',
      'createWalletConnectMemoryStorage',
      'startWalletConnectRelay',
    ])
  })
})
