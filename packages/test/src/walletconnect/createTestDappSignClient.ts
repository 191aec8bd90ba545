import { SignClient } from '@walletconnect/sign-client'
import type { WalletConnectSignClient } from './createTestWalletConnectWallet.js'
import { createWalletConnectMemoryStorage } from './createWalletConnectMemoryStorage.js'

let dappCount = 0

/**
 * Starts a dapp-side sign-client 2.21.8 on the given relay, with in-memory storage, its own storage
 * prefix (so it never shares 2.21.8's global core with a wallet in the same process) and a silent
 * logger unless `DEBUG_WC` is set.
 * @example
 * const dapp = await createTestDappSignClient(relay.url)
 * afterEach(() => closeSignClient(dapp))
 */
export async function createTestDappSignClient(relayUrl: string): Promise<WalletConnectSignClient> {
  const prefix = `portico-test-dapp-${process.pid}-${++dappCount}-${Date.now()}`
  return SignClient.init({
    relayUrl,
    projectId: 'portico-test',
    name: prefix,
    customStoragePrefix: prefix,
    storage: createWalletConnectMemoryStorage(),
    logger: process.env.DEBUG_WC ? 'debug' : 'silent',
    telemetryEnabled: false,
    metadata: {
      name: 'Portico test dapp',
      description: 'A dapp in a test',
      url: 'http://localhost',
      icons: [],
    },
  })
}
