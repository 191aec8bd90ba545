import { createTestAdapterContext } from '@portico/test'
import { createTestBitcoinWallet, type TestBitcoinWallet } from '@portico/test/bitcoin/wallet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BitcoinAdapter, bitcoin } from './bitcoin.js'
import { decodeBitcoinAddress } from './bitcoinAddress.js'
import { BitcoinBroadcastError, BitcoinSendValidationError } from './errors.js'
import { createEsploraClient, joinUrl } from './esplora.js'
import { buildPsbt, extractSignedTransaction, RBF_SEQUENCE } from './networkCapabilities.js'
import { planSend } from './planSend.js'
import {
  type PorticoBitcoinServer,
  startPorticoBitcoinServer,
} from './testing/porticoBitcoinServer.testkit.js'

// The adapter against bcoin regtest behind the Portico server's Esplora-compatible routes: what a
// site gets when its Portico server is its Bitcoin backend.
let backend: PorticoBitcoinServer
beforeAll(async () => {
  backend = await startPorticoBitcoinServer()
}, 120_000)
afterAll(() => backend?.stop())

const CONNECTOR = 'wbip004:PorticoDevWallet.BitcoinProvider'

/** A connected adapter over a wallet whose account `index` is active (a fresh address per test). */
async function connected(
  index: number,
): Promise<{ adapter: BitcoinAdapter; wallet: TestBitcoinWallet; payment: string }> {
  const page = {}
  const wallet = createTestBitcoinWallet({ accounts: 12, accountIndex: index })
  wallet.install(page)
  const adapter = bitcoin({ window: page, confirmationPollingIntervalMs: 100, fetch: backend.fetch })(
    createTestAdapterContext([backend.network]).context,
  )
  adapter.start()
  const { address } = await adapter.connect({ connectorId: CONNECTOR })
  return { adapter, wallet, payment: address }
}

describe('balances and history', () => {
  it('tells the confirmed balance from the unconfirmed one, and lists a pending transaction', async () => {
    const { adapter, payment } = await connected(2)
    const network = backend.network
    await backend.node.fund(payment, 50_000n)
    const pending = await backend.node.fund(payment, 20_000n, { mine: false })
    expect(await adapter.getAddressBalance({ address: payment, network })).toEqual({
      confirmed: 50_000n,
      unconfirmed: 20_000n,
    })
    expect(await adapter.getBalance({ address: payment, network })).toEqual({
      value: 70_000n,
      decimals: 8,
      symbol: 'tBTC',
    })
    const history = await adapter.getTransactions({ address: payment, network })
    expect(history.map(({ txid, confirmed, delta }) => ({ txid, confirmed, delta }))).toContainEqual({
      txid: pending,
      confirmed: false,
      delta: 20_000n,
    })
    expect(history.filter((tx) => tx.confirmed).map((tx) => tx.delta)).toEqual([50_000n])
    await backend.node.mine(1)
    // The server caches reads for 2 s; a block mined behind its back shows once that has passed.
    await expect
      .poll(() => adapter.getAddressBalance({ address: payment, network }), { timeout: 5_000, interval: 250 })
      .toEqual({ confirmed: 70_000n, unconfirmed: 0n })
  }, 60_000)
})

describe('fees', () => {
  it('pays the 1 sat/vB floor for every speed when regtest has no estimates', async () => {
    const { adapter } = await connected(3)
    expect(await adapter.getFeeRates(backend.network)).toEqual({ slow: 1, normal: 1, fast: 1 })
  })
})

describe('sends', () => {
  it('sends with RBF on and change back to the payment address, and follows it until confirmed', async () => {
    const { adapter, wallet, payment } = await connected(4)
    const network = backend.network
    await backend.node.fund(payment, 100_000n)
    const to = wallet.accounts[5]!.payment
    const estimate = await adapter.send.estimateFee({ address: payment, to, amount: 30_000n, network })
    expect(estimate.breakdown).toMatchObject({ feeRate: 1n, inputs: 1n })
    const hash = await adapter.send.send({
      connectorId: CONNECTOR,
      address: payment,
      to,
      amount: 30_000n,
      network,
    })
    const tx = (await (
      await backend.fetch(joinUrl(network.rpcUrls.default.http[0]!, `/tx/${hash}`))
    ).json()) as {
      vin: { sequence: number }[]
      vout: { value: number; scriptpubkey_address?: string }[]
    }
    expect(tx.vin.every((input) => input.sequence === RBF_SEQUENCE)).toBe(true)
    expect(tx.vout.map((output) => [output.scriptpubkey_address, BigInt(output.value)])).toEqual([
      [to, 30_000n],
      [payment, 100_000n - 30_000n - estimate.fee],
    ])
    await backend.node.mine(1)
    await expect(adapter.send.waitForTransaction({ hash, network, timeoutMs: 10_000 })).resolves.toEqual({
      status: 'success',
    })
    expect(await adapter.getAddressBalance({ address: to, network })).toEqual({
      confirmed: 30_000n,
      unconfirmed: 0n,
    })
  }, 60_000)

  it('refuses an amount the coins cannot pay with the fee, before the wallet is asked', async () => {
    const { adapter, wallet, payment } = await connected(6)
    await backend.node.fund(payment, 10_000n)
    const requests = wallet.requests.length
    await expect(
      adapter.send.send({
        connectorId: CONNECTOR,
        address: payment,
        to: wallet.accounts[7]!.payment,
        amount: 10_000n,
        network: backend.network,
      }),
    ).rejects.toMatchObject({ name: 'BitcoinSendValidationError', problem: 'insufficientFunds' })
    expect(wallet.requests.length).toBe(requests)
  }, 60_000)

  it('refuses a double spend at broadcast with a clear error', async () => {
    const { wallet, payment } = await connected(8)
    const network = backend.network
    await backend.node.fund(payment, 40_000n)
    const api = createEsploraClient({ network, requestTimeoutMs: 5_000, fetch: backend.fetch })
    const utxos = await api.getUtxos(payment)
    const from = decodeBitcoinAddress(payment)!
    const spend = async (receiver: string) => {
      const plan = planSend({ utxos, from, to: decodeBitcoinAddress(receiver)!, amount: 20_000n, feeRate: 2 })
      const psbt = buildPsbt({ plan, from, publicKey: wallet.keys().payment.publicKey, network })
      const answer = (await wallet.provider.request('signPsbt', {
        psbt: psbt.toBase64(),
        signInputs: { [payment]: [0] },
      })) as { result: { psbt: string } }
      return extractSignedTransaction(psbt, answer.result.psbt, network)
    }
    await api.broadcast(await spend(wallet.accounts[9]!.payment))
    const second = await spend(wallet.accounts[10]!.payment)
    const error = await api.broadcast(second).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ name: 'BitcoinApiError', status: 400 })
    expect((error as Error & { shortMessage: string }).shortMessage).toMatch(/conflict|spent/)
    // Through the adapter's send path the same refusal reads as a send failure the visitor understands.
    expect(
      new BitcoinBroadcastError((error as Error & { shortMessage: string }).shortMessage).shortMessage,
    ).toBe('The network refused the transaction: its coins were already spent.')
  }, 60_000)

  it('refuses to send below the dust limit', async () => {
    const { adapter, wallet, payment } = await connected(11)
    await backend.node.fund(payment, 10_000n)
    await expect(
      adapter.send.estimateFee({
        address: payment,
        to: wallet.accounts[1]!.payment,
        amount: 200n,
        network: backend.network,
      }),
    ).rejects.toBeInstanceOf(BitcoinSendValidationError)
  }, 60_000)
})
