import type { ApiPromise } from '@polkadot/api'
import { signatureVerify } from '@polkadot/util-crypto'
import { runAdapterConformance } from '@portico/core/adapter-kit'
import { createTestAdapterContext } from '@portico/test'
import { POLKADOT_TEST_ACCOUNTS, type PolkadotTestChain } from '@portico/test/polkadot'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { kusama, type PolkadotNetwork } from './networks.js'
import { polkadot } from './polkadot.js'
import { startTestNetwork, type TestNetwork } from './testChain.testkit.js'
import { createTestExtension } from './testExtension.testkit.js'

// One chain for the file: loading the runtime takes 10–16 s.
let testNetwork: TestNetwork
let chain: PolkadotTestChain
let api: ApiPromise
let network: PolkadotNetwork

beforeAll(async () => {
  testNetwork = await startTestNetwork()
  ;({ chain, api, network } = testNetwork)
}, 120_000)

afterAll(async () => {
  await testNetwork?.stop()
})

describe('polkadot', () => {
  test('the chain is up', () => expect(network.caipNetworkId).toBe(chain.caip2))
})

runAdapterConformance(
  { describe, test, expect },
  {
    name: 'polkadot on chopsticks with a keyring-backed extension',
    testTimeoutMs: 60_000,
    async setup({ promptTimeoutMs }) {
      // Alice and Bob are funded; the test send goes to Charlie, who is too (a new account would
      // need at least the existential deposit).
      const wallet = await createTestExtension(['//Alice', '//Bob'], {
        ss58Format: chain.ss58Prefix,
        registry: api.registry,
      })
      const { context, events } = createTestAdapterContext([network, kusama])
      const adapter = polkadot({
        promptTimeoutMs,
        window: { injectedWeb3: { 'polkadot-js': wallet.extension } },
      })(context)
      adapter.start()
      const charlie = POLKADOT_TEST_ACCOUNTS[2]!.address
      return {
        adapter,
        events,
        connectorId: 'polkadot-js',
        network,
        otherNetwork: kusama,
        receiver: charlie,
        sendAmount: 10n ** 10n,
        invalidAddresses: [
          '',
          '0x1234',
          `${charlie.slice(0, -1)}${charlie.endsWith('P') ? 'Q' : 'P'}`,
          `0x${'11'.repeat(20)}`,
        ],
        wallet,
        verifySignature: async ({ address, message, signature }) =>
          signatureVerify(message, signature, address).isValid,
      }
    },
  },
)
