import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANVIL_PRIVATE_KEYS } from '../accounts.js'
import { createTestDappSignClient } from './createTestDappSignClient.js'
import { closeSignClient, createTestWalletConnectWallet } from './createTestWalletConnectWallet.js'
import { startWalletConnectRelay, type WalletConnectRelay } from './startWalletConnectRelay.js'

describe('pairing over the local relay', () => {
  let relay: WalletConnectRelay
  beforeAll(async () => {
    relay = await startWalletConnectRelay()
  })
  afterAll(() => relay.close())

  it('settles a session with the wallet account on the requested chain', async () => {
    const account = privateKeyToAccount(ANVIL_PRIVATE_KEYS[0]!)
    const wallet = await createTestWalletConnectWallet({
      relayUrl: relay.url,
      account,
      rpcUrls: { 31337: 'http://127.0.0.1:1' },
    })
    const dapp = await createTestDappSignClient(relay.url)
    try {
      const { uri, approval } = await dapp.connect({
        optionalNamespaces: {
          eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: ['chainChanged'] },
        },
      })
      await wallet.pair(uri!)
      const session = await approval()
      expect(session.namespaces.eip155?.accounts).toEqual([`eip155:31337:${account.address}`])
    } finally {
      await closeSignClient(dapp)
      await wallet.close()
    }
  }, 30_000)
})
