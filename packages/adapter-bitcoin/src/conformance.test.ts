import { runAdapterConformance } from '@portico/core/adapter-kit'
import { bip122Verifier } from '@portico/siwx/bip122'
import { createTestAdapterContext } from '@portico/test'
import { createTestBitcoinWallet } from '@portico/test/bitcoin/wallet'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bitcoin } from './bitcoin.js'
import {
  type PorticoBitcoinServer,
  startPorticoBitcoinServer,
} from './testing/porticoBitcoinServer.testkit.js'

let backend: PorticoBitcoinServer
beforeAll(async () => {
  backend = await startPorticoBitcoinServer()
}, 120_000)
afterAll(() => backend?.stop())

const verifier = bip122Verifier()

// The contract's own suite: bcoin regtest behind the Portico server's Esplora-compatible routes,
// with @portico/test's sats-connect wallet. One node means one network: the switch test only connects.
runAdapterConformance(
  { describe, test, expect },
  {
    name: 'adapter-bitcoin on bcoin regtest through the Portico server',
    testTimeoutMs: 60_000,
    async setup({ promptTimeoutMs }) {
      const page = {}
      const wallet = createTestBitcoinWallet({ chain: 'regtest' })
      const uninstall = wallet.install(page)
      await backend.node.fund(wallet.accounts[0]!.payment, 100_000_000n)
      // Blocks keep coming, as on a live chain, so a send gets confirmed.
      const miner = setInterval(() => void backend.node.mine(1).catch(() => {}), 500)
      const { network } = backend
      const { context, events } = createTestAdapterContext([network])
      const adapter = bitcoin({
        window: page,
        promptTimeoutMs,
        confirmationPollingIntervalMs: 100,
        fetch: backend.fetch,
      })(context)
      adapter.start()
      return {
        adapter,
        events,
        connectorId: 'wbip004:PorticoDevWallet.BitcoinProvider',
        network,
        receiver: wallet.accounts[1]!.payment,
        sendAmount: 10_000n,
        invalidAddresses: [
          '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
          `${wallet.accounts[1]!.payment.slice(0, -1)}q`,
          'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfm',
          '',
        ],
        wallet: {
          setMode: (mode) => wallet.setMode(mode),
          setAccount: (index) => wallet.setAccount(index),
          revoke: () => wallet.revoke(),
          hangSilently: () => wallet.hangSilently(),
        },
        verifySignature: ({ address, message, signature }) =>
          verifier.verify({
            data: { accountAddress: address, chainId: network.caipNetworkId } as never,
            message,
            signature,
          }),
        cleanup: () => {
          clearInterval(miner)
          uninstall()
        },
      }
    },
  },
)
