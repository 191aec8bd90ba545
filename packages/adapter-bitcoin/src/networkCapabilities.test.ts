import { type BitcoinTestNode, bitcoinRpc, startBitcoinTestNode } from '@portico/test/bitcoin'
import { createTestBitcoinWallet } from '@portico/test/bitcoin/wallet'
import { Psbt, Transaction } from 'bitcoinjs-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeBitcoinAddress } from './bitcoinAddress.js'
import { BitcoinSendValidationError } from './errors.js'
import type { EsploraUtxo } from './esplora.js'
import { buildPsbt, extractSignedTransaction, RBF_SEQUENCE } from './networkCapabilities.js'
import { defineBitcoinNetwork } from './networks.js'
import { planSend } from './planSend.js'

// PSBTs built here, signed by the sats-connect test wallet, checked by a real node (bcoin regtest
// verifies every script) through its `sendrawtransaction`.
const regtest = defineBitcoinNetwork({ name: 'Regtest' })
let node: BitcoinTestNode
beforeAll(async () => {
  node = await startBitcoinTestNode()
}, 120_000)
afterAll(() => node?.stop())

/** The address's unspent outputs as the node's REST API lists them, in Esplora's terms. */
async function utxosOf(address: string): Promise<EsploraUtxo[]> {
  const response = await fetch(`${node.url}/coin/address/${address}`)
  const coins = (await response.json()) as { hash: string; index: number; value: number; height: number }[]
  return coins.map((coin) => ({
    txid: coin.hash,
    vout: coin.index,
    value: BigInt(coin.value),
    confirmed: coin.height > 0,
  }))
}

async function signWith(wallet: ReturnType<typeof createTestBitcoinWallet>, psbt: Psbt, inputs: number) {
  const answer = (await wallet.provider.request('signPsbt', {
    psbt: psbt.toBase64(),
    signInputs: { [wallet.accounts[0]!.payment]: Array.from({ length: inputs }, (_, index) => index) },
    broadcast: false,
  })) as { result: { psbt: string } }
  return answer.result.psbt
}

describe('a send built, signed by the wallet and accepted by the node', () => {
  it('pays the receiver, returns the change to the payment address, signals RBF and pays the fee rate', async () => {
    const wallet = createTestBitcoinWallet({ connected: true })
    const payment = wallet.accounts[0]!.payment
    // bcoin 1.0.2 predates taproot: its address index lists P2WPKH coins, not P2TR ones.
    const receiver = wallet.accounts[1]!.payment
    await node.fund(payment, 60_000n)
    await node.fund(payment, 30_000n)
    const from = decodeBitcoinAddress(payment)!
    const to = decodeBitcoinAddress(receiver)!
    const plan = planSend({ utxos: await utxosOf(payment), from, to, amount: 70_000n, feeRate: 3 })
    expect(plan.inputs).toHaveLength(2)
    const psbt = buildPsbt({ plan, from, publicKey: wallet.keys().payment.publicKey, network: regtest })
    const hex = extractSignedTransaction(psbt, await signWith(wallet, psbt, 2), regtest)
    const tx = Transaction.fromHex(hex)
    expect(tx.version).toBe(2)
    expect(tx.ins.every((input) => input.sequence === RBF_SEQUENCE)).toBe(true)
    expect(tx.outs.map((output) => output.value)).toEqual([70_000n, plan.change])
    expect(Buffer.from(tx.outs[1]!.script).equals(Buffer.from(from.script))).toBe(true)
    expect(plan.fee).toBe(90_000n - 70_000n - plan.change)
    // At least the asked rate on the real size: the plan's estimate never undershoots.
    expect(Number(plan.fee) / tx.virtualSize()).toBeGreaterThanOrEqual(3)

    const txid = await bitcoinRpc<string>(node.url, 'sendrawtransaction', [hex])
    expect(txid).toBe(tx.getId())
    await node.mine(1)
    expect((await utxosOf(receiver)).map((utxo) => utxo.value)).toEqual([70_000n])
  }, 60_000)

  it('finishes without change when what is left is dust, and the node accepts that too', async () => {
    const wallet = createTestBitcoinWallet({ connected: true, accountIndex: 0, accounts: 3 })
    const payment = wallet.accounts[0]!.payment
    // A fresh address of this run: account 2's payment key, made active.
    wallet.setAccount(2)
    const own = wallet.accounts[2]!.payment
    await node.fund(own, 20_000n)
    const from = decodeBitcoinAddress(own)!
    const to = decodeBitcoinAddress(payment)!
    // 20 000 - 19 700 = 300 sats left: the fee (110 vB × 1 sat/vB) leaves 190 sats, below P2WPKH's 294 dust.
    const plan = planSend({ utxos: await utxosOf(own), from, to, amount: 19_700n, feeRate: 1 })
    expect(plan.change).toBe(0n)
    expect(plan.outputs).toHaveLength(1)
    expect(plan.fee).toBe(300n)
    const psbt = buildPsbt({ plan, from, publicKey: wallet.keys().payment.publicKey, network: regtest })
    const signed = (await wallet.provider.request('signPsbt', {
      psbt: psbt.toBase64(),
      signInputs: { [own]: [0] },
    })) as { result: { psbt: string } }
    const hex = extractSignedTransaction(psbt, signed.result.psbt, regtest)
    expect(await bitcoinRpc<string>(node.url, 'sendrawtransaction', [hex])).toBe(
      Transaction.fromHex(hex).getId(),
    )
  }, 60_000)

  it('refuses a PSBT the wallet changed (here, an output redirected) before anything is broadcast', async () => {
    const wallet = createTestBitcoinWallet({ connected: true })
    const payment = wallet.accounts[0]!.payment
    const from = decodeBitcoinAddress(payment)!
    const utxos: EsploraUtxo[] = [{ txid: 'ab'.repeat(32), vout: 0, value: 50_000n, confirmed: true }]
    const plan = planSend({
      utxos,
      from,
      to: decodeBitcoinAddress(wallet.accounts[1]!.payment)!,
      amount: 10_000n,
      feeRate: 2,
    })
    const ours = buildPsbt({ plan, from, publicKey: wallet.keys().payment.publicKey, network: regtest })
    const theirs = buildPsbt({
      plan: {
        ...plan,
        outputs: [
          plan.outputs[0]!,
          { script: decodeBitcoinAddress(wallet.accounts[1]!.ordinals)!.script, value: plan.change },
        ],
      },
      from,
      publicKey: wallet.keys().payment.publicKey,
      network: regtest,
    })
    const signed = await signWith(wallet, theirs, 1)
    expect(() => extractSignedTransaction(ours, signed, regtest)).toThrow(BitcoinSendValidationError)
    expect(() => extractSignedTransaction(ours, signed, regtest)).toThrow(
      'The wallet changed the transaction it was asked to sign.',
    )
    expect(() => extractSignedTransaction(ours, 'not a psbt', regtest)).toThrow(BitcoinSendValidationError)
  })
})

describe('planSend', () => {
  const wallet = createTestBitcoinWallet()
  const payment = decodeBitcoinAddress(wallet.accounts[0]!.payment)!
  const receiver = decodeBitcoinAddress(wallet.accounts[1]!.payment)!
  const taproot = decodeBitcoinAddress(wallet.accounts[1]!.ordinals)!
  const utxo = (value: bigint, index = 0): EsploraUtxo => ({
    txid: 'cd'.repeat(32),
    vout: index,
    value,
    confirmed: true,
  })

  it("refuses an amount below the receiver type's dust limit (294 sats P2WPKH, 330 P2TR)", () => {
    const plan = (amount: bigint, to = receiver) =>
      planSend({ utxos: [utxo(100_000n)], from: payment, to, amount, feeRate: 1 })
    expect(() => plan(293n)).toThrow(expect.objectContaining({ problem: 'belowDust' }))
    expect(plan(294n).outputs[0]!.value).toBe(294n)
    expect(() => plan(329n, taproot)).toThrow(expect.objectContaining({ problem: 'belowDust' }))
  })

  it('refuses an amount the coins cannot pay with the fee, and amounts out of range', () => {
    const plan = (amount: bigint) =>
      planSend({ utxos: [utxo(10_000n), utxo(5_000n, 1)], from: payment, to: receiver, amount, feeRate: 5 })
    expect(() => plan(15_000n)).toThrow(expect.objectContaining({ problem: 'insufficientFunds' }))
    expect(plan(14_000n).inputs).toHaveLength(2)
    expect(() => plan(0n)).toThrow(expect.objectContaining({ problem: 'invalidAmount' }))
    expect(() => plan(2_100_000_000_000_001n)).toThrow(expect.objectContaining({ problem: 'invalidAmount' }))
  })

  it('prefers one coin that pays exactly (no change) over gathering several', () => {
    const plan = planSend({
      utxos: [utxo(40_000n), utxo(10_110n, 1), utxo(25_000n, 2)],
      from: payment,
      to: receiver,
      amount: 10_000n,
      feeRate: 1,
    })
    expect(plan.inputs.map((input) => input.vout)).toEqual([1])
    expect(plan.change).toBe(0n)
  })
})

it('builds PSBTs whose every input carries its prevout, as wallets need to sign segwit', () => {
  const wallet = createTestBitcoinWallet()
  const from = decodeBitcoinAddress(wallet.accounts[0]!.payment)!
  const plan = planSend({
    utxos: [{ txid: 'ef'.repeat(32), vout: 3, value: 80_000n, confirmed: false }],
    from,
    to: decodeBitcoinAddress(wallet.accounts[1]!.payment)!,
    amount: 1_000n,
    feeRate: 1,
  })
  const psbt = Psbt.fromBase64(buildPsbt({ plan, from, publicKey: '', network: regtest }).toBase64())
  expect(psbt.data.inputs[0]!.witnessUtxo).toEqual({ script: from.script, value: 80_000n })
  expect(psbt.txInputs[0]!.index).toBe(3)
})
