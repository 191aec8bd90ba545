import '@polkadot/api-augment'
import type { ApiPromise } from '@polkadot/api'
import { stringToHex, stringToU8a, u8aWrapBytes } from '@polkadot/util'
import { signatureVerify } from '@polkadot/util-crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { connectPolkadotApi } from '../polkadot/connectPolkadotApi.js'
import { type PolkadotTestChain, startPolkadotTestChain } from '../polkadot/startPolkadotTestChain.js'
import { POLKADOT_TEST_ACCOUNTS } from '../polkadot/testAccounts.js'
import { createTestDappSignClient } from './createTestDappSignClient.js'
import {
  closeSignClient,
  createTestWalletConnectWallet,
  type TestWalletConnectWallet,
  type WalletConnectSignClient,
} from './createTestWalletConnectWallet.js'
import { TEST_WALLETCONNECT_POLKADOT_METHODS } from './polkadotMethods.js'
import { startWalletConnectRelay, type WalletConnectRelay } from './startWalletConnectRelay.js'

// One chain for the file: starting one loads a runtime (10–16 s).
let relay: WalletConnectRelay
let chain: PolkadotTestChain
let api: ApiPromise
let wallet: TestWalletConnectWallet | undefined
let dapp: WalletConnectSignClient | undefined

beforeAll(async () => {
  ;[relay, chain] = await Promise.all([startWalletConnectRelay(), startPolkadotTestChain()])
  api = await connectPolkadotApi(chain.wsUrl)
}, 120_000)
afterAll(async () => {
  await api?.disconnect()
  await Promise.all([relay?.close(), chain?.stop()])
})
afterEach(async () => {
  if (dapp) await closeSignClient(dapp)
  await wallet?.close()
  dapp = wallet = undefined
})

const [alice, bob] = POLKADOT_TEST_ACCOUNTS as [
  (typeof POLKADOT_TEST_ACCOUNTS)[0],
  (typeof POLKADOT_TEST_ACCOUNTS)[0],
]

/** Pairs a dapp with a wallet holding //Alice on the test chain; answers the session's topic. */
async function connect(ss58Prefix?: number): Promise<string> {
  wallet = await createTestWalletConnectWallet({
    relayUrl: relay.url,
    rpcUrls: {},
    polkadot: { chains: [chain.caip2], ...(ss58Prefix === undefined ? {} : { ss58Prefix }) },
  })
  dapp = await createTestDappSignClient(relay.url)
  const { uri, approval } = await dapp.connect({
    optionalNamespaces: {
      polkadot: {
        chains: [chain.caip2, 'polkadot:91b171bb158e2d3848fa23a9f1c25182'],
        methods: [...TEST_WALLETCONNECT_POLKADOT_METHODS],
        events: [],
      },
    },
  })
  await wallet.pair(uri as string)
  const session = await approval()
  expect(session.namespaces.polkadot).toMatchObject({
    chains: [chain.caip2],
    accounts: [`${chain.caip2}:${wallet.polkadotAddress}`],
    methods: [...TEST_WALLETCONNECT_POLKADOT_METHODS],
  })
  return session.topic
}

const request = (topic: string, method: string, params: unknown) =>
  (dapp as WalletConnectSignClient).request<{ signature: `0x${string}` }>({
    topic,
    chainId: chain.caip2,
    request: { method, params },
  })

describe('createTestWalletConnectWallet with polkadot', () => {
  it('approves a polkadot namespace for the chains it offers, with its account in the prefix asked for', async () => {
    await connect(2)
    expect(wallet?.polkadotAddress).toBe(alice.address)
  })

  it('signs a message wrapped in <Bytes>, verifiable with signatureVerify', async () => {
    const topic = await connect()
    const { signature } = await request(topic, 'polkadot_signMessage', {
      address: wallet?.polkadotAddress,
      message: stringToHex('Sign in to the shop'),
    })
    expect(
      signatureVerify(u8aWrapBytes(stringToU8a('Sign in to the shop')), signature, alice.address),
    ).toMatchObject({
      isValid: true,
      crypto: 'sr25519',
    })
  })

  it('signs a transaction payload into an extrinsic the chain accepts', async () => {
    const topic = await connect(2)
    const amount = 3_000_000_000_000n
    const bobBefore = (await api.query.system.account(bob.address)).data.free.toBigInt()
    const transfer = api.tx.balances.transferKeepAlive(bob.address, amount)
    const { nonce } = await api.query.system.account(alice.address)
    // As a site does over WalletConnect: @polkadot/api builds the payload, the wallet signs it.
    await transfer.signAsync(alice.address, {
      nonce,
      signer: {
        signPayload: async (payload) => {
          const { signature } = await request(topic, 'polkadot_signTransaction', {
            address: alice.address,
            transactionPayload: payload,
          })
          return { id: 1, signature }
        },
      },
    })
    const failure = await new Promise<string | undefined>((resolve, reject) => {
      transfer
        .send(({ status, dispatchError }) => {
          if (status.isInBlock || status.isFinalized) resolve(dispatchError?.toString())
        })
        .catch(reject)
    })
    expect(failure).toBeUndefined()
    expect((await api.query.system.account(bob.address)).data.free.toBigInt()).toBe(bobBefore + amount)
  })

  it('refuses to sign for an address it does not hold, and methods it does not know', async () => {
    const topic = await connect()
    await expect(
      request(topic, 'polkadot_signMessage', { address: bob.address, message: stringToHex('x') }),
    ).rejects.toMatchObject({ code: 4100 })
    await expect(
      request(topic, 'polkadot_signTransaction', {
        address: wallet?.polkadotAddress,
        transactionPayload: 'nope',
      }),
    ).rejects.toMatchObject({ code: -32602 })
  })
})
