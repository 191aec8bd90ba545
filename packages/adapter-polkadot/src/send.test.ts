import type { ApiPromise } from '@polkadot/api'
import { createTestAdapterContext } from '@portico/test'
import { POLKADOT_TEST_ACCOUNTS, type PolkadotTestChain } from '@portico/test/polkadot'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { definePolkadotNetwork, type PolkadotNetwork } from './networks.js'
import { polkadot } from './polkadot.js'
import { decodeSs58, encodeSs58 } from './ss58.js'
import { startTestNetwork, type TestNetwork } from './testChain.testkit.js'
import { createTestExtension } from './testExtension.testkit.js'

// One chain for the file (10–16 s to load the runtime); each test sends from its own account.
let testNetwork: TestNetwork
let chain: PolkadotTestChain
let api: ApiPromise
let network: PolkadotNetwork
const ROC = 10n ** 12n
const destroyers: Array<() => void> = []
// A block on chopsticks takes seconds when the machine is busy (5 s timed out at a load of 20).
vi.setConfig({ testTimeout: 30_000 })

beforeAll(async () => {
  testNetwork = await startTestNetwork()
  ;({ chain, api, network } = testNetwork)
}, 120_000)

afterEach(() => {
  for (const destroy of destroyers.splice(0)) destroy()
})

afterAll(async () => {
  await testNetwork?.stop()
})

const account = (name: string) => POLKADOT_TEST_ACCOUNTS.find((candidate) => candidate.name === name)!
const free = (address: string) => testNetwork.free(address)

async function connected(name: string, options: Parameters<typeof createTestExtension>[1] = {}) {
  const wallet = await createTestExtension([account(name).uri], {
    ss58Format: chain.ss58Prefix,
    registry: api.registry,
    ...options,
  })
  const { context } = createTestAdapterContext([network])
  const adapter = polkadot({
    window: { injectedWeb3: { talisman: wallet.extension } },
    promptTimeoutMs: 5_000,
  })(context)
  adapter.start()
  destroyers.push(() => adapter.destroy())
  const { address } = await adapter.connect({ connectorId: 'talisman', network })
  return { adapter, wallet, address }
}

describe('balances', () => {
  it('reads free, reserved and transferable (free less the existential deposit) from the chain', async () => {
    const { adapter, address } = await connected('Dave')
    const balance = await adapter.getBalance({ address, network })
    expect(balance).toMatchObject({
      free: await free(address),
      reserved: 0n,
      transferable: (await free(address)) - chain.existentialDeposit,
      existentialDeposit: chain.existentialDeposit,
      value: (await free(address)) - chain.existentialDeposit,
      decimals: 12,
      symbol: 'ROC',
    })
    await chain.setBalance(address, 123n * ROC)
    expect((await adapter.getBalance({ address, network })).free).toBe(123n * ROC)
  })

  it('refuses a node that is another chain than the network says', async () => {
    const { adapter, address } = await connected('Dave')
    const wrong = definePolkadotNetwork({
      id: `0x${'46'.repeat(32)}`,
      name: 'Not this chain',
      rpcUrl: chain.wsUrl,
      ss58Prefix: 2,
      token: { symbol: 'ROC', decimals: 12 },
    })
    await expect(adapter.getBalance({ address, network: wrong })).rejects.toMatchObject({
      name: 'PolkadotChainMismatchError',
    })
  })
})

describe('send', () => {
  it('estimates the fee paymentInfo gives, sends with keep-alive, and the sender pays exactly amount and fee', async () => {
    const { adapter, wallet, address } = await connected('Alice')
    const to = account('Bob').address
    const amount = 25n * ROC
    const [senderBefore, receiverBefore] = [await free(address), await free(to)]
    const { fee, breakdown } = await adapter.send.estimateFee({ address, network, to, amount })
    expect(fee).toBeGreaterThan(0n)
    expect(breakdown).toEqual({ partialFee: fee, existentialDeposit: chain.existentialDeposit })
    const hash = await adapter.send.send({ connectorId: 'talisman', address, network, to, amount })
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(wallet.signedPayloads.at(-1)?.method).toMatch(/^0x/)
    await expect(adapter.send.waitForTransaction({ hash, network, timeoutMs: 10_000 })).resolves.toEqual({
      status: 'success',
    })
    expect(await free(to)).toBe(receiverBefore + amount)
    expect(await free(address)).toBe(senderBefore - amount - fee)
    expect(adapter.getTransactionExplorerUrl?.({ hash, network })).toBeUndefined()
  })

  it('finds a transaction it did not send (after a reload) in the latest blocks', async () => {
    const { adapter, address } = await connected('Charlie')
    const hash = await adapter.send.send({
      connectorId: 'talisman',
      address,
      network,
      to: account('Bob').address,
      amount: ROC,
    })
    const { context } = createTestAdapterContext([network])
    const reloaded = polkadot()(context)
    destroyers.push(() => reloaded.destroy())
    await expect(reloaded.send.waitForTransaction({ hash, network, timeoutMs: 10_000 })).resolves.toEqual({
      status: 'success',
    })
    await expect(
      reloaded.send.waitForTransaction({ hash: `0x${'ab'.repeat(32)}`, network, timeoutMs: 300 }),
    ).rejects.toMatchObject({ name: 'ProviderTimeoutError' })
  })

  it('refuses a send that would take the sender below the existential deposit, before the wallet is asked', async () => {
    const { adapter, wallet, address } = await connected('Eve')
    const to = account('Bob').address
    const { fee } = await adapter.send.estimateFee({ address, network, to, amount: ROC })
    const amount = (await free(address)) - fee - chain.existentialDeposit / 2n
    const refusal = {
      name: 'PolkadotSendValidationError',
      problem: 'wouldReapSender',
      notice: { key: 'polkadotWouldReapSender' },
    }
    await expect(adapter.send.estimateFee({ address, network, to, amount })).rejects.toMatchObject(refusal)
    await expect(
      adapter.send.send({ connectorId: 'talisman', address, network, to, amount }),
    ).rejects.toMatchObject(refusal)
    await expect(
      adapter.send.send({
        connectorId: 'talisman',
        address,
        network,
        to,
        amount: (await free(address)) + 1n,
      }),
    ).rejects.toMatchObject({ problem: 'insufficientBalance' })
    expect(wallet.signedPayloads).toEqual([])
  })

  it('refuses a receiver that would hold less than the existential deposit, and an address of another network', async () => {
    const { adapter, address } = await connected('Eve')
    const fresh = encodeSs58(new Uint8Array(32).fill(42), chain.ss58Prefix)
    await expect(
      adapter.send.estimateFee({ address, network, to: fresh, amount: chain.existentialDeposit - 1n }),
    ).rejects.toMatchObject({
      problem: 'receiverBelowExistentialDeposit',
      notice: { key: 'polkadotReceiverBelowDeposit' },
    })
    const bobOnPolkadot = encodeSs58(decodeSs58(account('Bob').address)!.accountId, 0)
    await expect(
      adapter.send.estimateFee({ address, network, to: bobOnPolkadot, amount: ROC }),
    ).rejects.toMatchObject({
      problem: 'receiverOtherNetwork',
      notice: { key: 'polkadotReceiverOtherNetwork' },
    })
    await expect(
      adapter.send.estimateFee({ address, network, to: 'nope', amount: ROC }),
    ).rejects.toMatchObject({
      problem: 'invalidReceiver',
    })
    await expect(
      adapter.send.estimateFee({ address, network, to: account('Bob').address, amount: ROC, token: '1984' }),
    ).rejects.toMatchObject({ problem: 'tokenNotSupported' })
    // Exactly the deposit is enough.
    await expect(
      adapter.send.estimateFee({ address, network, to: fresh, amount: chain.existentialDeposit }),
    ).resolves.toMatchObject({ fee: expect.any(BigInt) })
  })

  it('shows a transfer the chain refused with its module error name', async () => {
    let sender = ''
    const { adapter, address } = await connected('Ferdie', {
      // The balance drops after the checks and the visitor's approval: the fee is still paid, the transfer fails.
      beforeSign: () => chain.setBalance(sender, 2n * ROC),
    })
    sender = address
    const sent = adapter.send.send({
      connectorId: 'talisman',
      address,
      network,
      to: account('Bob').address,
      amount: 100n * ROC,
    })
    await expect(sent).rejects.toMatchObject({
      name: 'PolkadotDispatchError',
      error: expect.stringMatching(/^balances\.\w+/),
      notice: { key: 'polkadotDispatchFailed', params: { error: expect.stringMatching(/^balances\./) } },
    })
    expect(await free(address)).toBeLessThan(2n * ROC)
  })
})
