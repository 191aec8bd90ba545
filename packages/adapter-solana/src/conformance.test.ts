import type { Network } from '@portico/core'
import { runAdapterConformance } from '@portico/core/adapter-kit'
import { createTestAdapterContext } from '@portico/test'
import { type SolanaTestValidator, startSolanaTestValidator } from '@portico/test/solana'
import { createTestSolanaWallet, registerTestSolanaWallet } from '@portico/test/solana/wallet'
import {
  createSolanaRpc,
  generateKeyPairSigner,
  getBase58Encoder,
  getPublicKeyFromAddress,
  getUtf8Encoder,
  type SignatureBytes,
  address as toAddress,
  verifySignature,
} from '@solana/kit'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getWalletConnectorId } from './createDiscovery.js'
import { defineSolanaNetwork } from './networks.js'
import { solana } from './solana.js'

const SOL = 1_000_000_000n

let validator: SolanaTestValidator
let network: Network

beforeAll(async () => {
  validator = await startSolanaTestValidator()
  const genesisHash = await createSolanaRpc(validator.url).getGenesisHash().send()
  network = defineSolanaNetwork({ id: genesisHash, name: 'Test validator', rpcUrl: validator.url })
})
afterAll(() => validator?.close())

// The contract's own suite, on the LiteSVM validator with @portico/test's Wallet Standard wallet.
// One validator means one network: the switch test only connects.
runAdapterConformance(
  { describe, test, expect },
  {
    name: 'adapter-solana on the LiteSVM validator',
    async setup({ promptTimeoutMs }) {
      const page = new EventTarget()
      const testWallet = await createTestSolanaWallet({
        rpcUrl: validator.url,
        seeds: [crypto.getRandomValues(new Uint8Array(32)), crypto.getRandomValues(new Uint8Array(32))],
      })
      const unregister = registerTestSolanaWallet(testWallet.wallet, page)
      await validator.airdrop(testWallet.addresses[0]!, 2n * SOL)
      const { context, events } = createTestAdapterContext([network], true)
      const adapter = solana({ window: page, promptTimeoutMs, confirmationPollingIntervalMs: 50 })(context)
      adapter.start()
      return {
        adapter,
        events,
        connectorId: getWalletConnectorId(testWallet.wallet.name),
        network,
        receiver: (await generateKeyPairSigner()).address,
        sendAmount: SOL / 100n,
        invalidAddresses: [
          '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
          // Too long to be 32 bytes for any key (one digit more may still be 32 bytes: a valid key).
          `${testWallet.addresses[0]}${testWallet.addresses[0]}`,
          'HN7cABqLq46Es1jh92dQQisAq662SmxELLLsHHe4YWr0',
          '',
        ],
        wallet: {
          setMode: (mode) => testWallet.setMode(mode),
          setAccount: (index) => testWallet.setAccount(index),
          revoke: () => testWallet.disconnectFromWallet(),
        },
        async verifySignature({ address, message, signature }) {
          const publicKey = await getPublicKeyFromAddress(toAddress(address))
          const bytes = getBase58Encoder().encode(signature)
          if (bytes.length !== 64) return false
          return verifySignature(publicKey, bytes as SignatureBytes, getUtf8Encoder().encode(message))
        },
        cleanup: unregister,
      }
    },
  },
)
