import { type ConformanceWallet, runAdapterConformance } from '@portico/core/adapter-kit'
import { bip122Verifier } from '@portico/siwx/bip122'
import { createTestAdapterContext } from '@portico/test'
import {
  createTestBitcoinStandardWallet,
  createTestBitcoinWallet,
  createTestPhantomBitcoinWallet,
  createTestUnisatWallet,
} from '@portico/test/bitcoin/wallet'
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

/** One protocol's test wallet put on a page: how the suite drives it and where its money is. */
interface InstalledWallet {
  connectorId: string
  wallet: ConformanceWallet
  /** The address the wallet pays from (funded), and another of its addresses that receives. */
  payment: string
  receiver: string
  uninstall: () => void
}

// Every wallet protocol the adapter speaks, each with @portico/test's wallet of that protocol.
const protocols: Record<string, (page: EventTarget) => InstalledWallet> = {
  'sats-connect (btc_providers)': (page) => {
    const wallet = createTestBitcoinWallet({ chain: 'regtest' })
    return {
      connectorId: 'wbip004:PorticoDevWallet.BitcoinProvider',
      wallet,
      payment: wallet.accounts[0]!.payment,
      receiver: wallet.accounts[1]!.payment,
      uninstall: wallet.install(page),
    }
  },
  'the Bitcoin Wallet Standard': (page) => {
    const test = createTestBitcoinStandardWallet({ name: 'Standard Test Wallet' })
    return {
      connectorId: 'wallet-standard:Standard Test Wallet',
      wallet: test,
      payment: test.accounts[0]!.payment,
      receiver: test.accounts[1]!.payment,
      uninstall: test.register(page),
    }
  },
  'the Unisat-style API (window.unisat)': (page) => {
    const wallet = createTestUnisatWallet()
    return {
      connectorId: 'injected:unisat',
      wallet,
      payment: wallet.accounts[0]!,
      receiver: wallet.accounts[1]!,
      uninstall: wallet.install(page, 'unisat'),
    }
  },
  "Phantom's bitcoin provider (window.phantom.bitcoin)": (page) => {
    const wallet = createTestPhantomBitcoinWallet()
    return {
      connectorId: 'injected:phantom',
      wallet,
      payment: wallet.accounts[0]!.payment,
      receiver: wallet.accounts[1]!.payment,
      uninstall: wallet.install(page),
    }
  },
}

// The contract's own suite, once per protocol: bcoin regtest behind the Portico server's
// Esplora-compatible routes. One node means one network: the switch test only connects.
for (const [protocol, install] of Object.entries(protocols)) {
  runAdapterConformance(
    { describe, test, expect },
    {
      name: `adapter-bitcoin, ${protocol}, on bcoin regtest through the Portico server`,
      testTimeoutMs: 60_000,
      async setup({ promptTimeoutMs }) {
        const page = new EventTarget()
        const installed = install(page)
        await backend.node.fund(installed.payment, 100_000_000n)
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
          connectorId: installed.connectorId,
          network,
          receiver: installed.receiver,
          sendAmount: 10_000n,
          invalidAddresses: [
            '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
            `${installed.receiver.slice(0, -1)}q`,
            'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfm',
            '',
          ],
          wallet: installed.wallet,
          verifySignature: ({ address, message, signature }) =>
            verifier.verify({
              data: { accountAddress: address, chainId: network.caipNetworkId } as never,
              message,
              signature,
            }),
          cleanup: () => {
            clearInterval(miner)
            installed.uninstall()
          },
        }
      },
    },
  )
}
