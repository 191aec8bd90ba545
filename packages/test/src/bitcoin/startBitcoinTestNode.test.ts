import { address as bitcoinAddress, networks } from 'bitcoinjs-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BitcoinNodeRpcError, bitcoinRpc, mineBitcoinBlocks } from './bitcoinRpc.js'
import { bitcoinTestKey, signP2wpkhTransaction } from './bitcoinTestKey.js'
import {
  type BitcoinTestNode,
  SEGWIT_ACTIVATION_HEIGHT,
  startBitcoinTestNode,
} from './startBitcoinTestNode.js'

interface BcoinCoinJson {
  hash: string
  index: number
  value: number
  height: number
  address: string
}

// One node for the file: starting one (open plus 432 blocks) costs about 1.5 s.
let node: BitcoinTestNode
beforeAll(async () => {
  node = await startBitcoinTestNode()
})
afterAll(() => node?.stop())

async function coinsOf(address: string): Promise<BcoinCoinJson[]> {
  const response = await fetch(`${node.url}/coin/address/${address}`)
  return (await response.json()) as BcoinCoinJson[]
}

describe('startBitcoinTestNode', () => {
  it('serves regtest on loopback past segwit activation', async () => {
    expect(node.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(node.network).toBe('regtest')
    expect(await bitcoinRpc<number>(node.url, 'getblockcount')).toBe(SEGWIT_ACTIVATION_HEIGHT)
    const genesis = await bitcoinRpc<string>(node.url, 'getblockhash', [0])
    // Bitcoin Core's regtest genesis: bip122:0f9188f13cb7b2c71f2a335e3a4fc328.
    expect(genesis.startsWith('0f9188f13cb7b2c71f2a335e3a4fc328')).toBe(true)
  })

  it('funds an address with a confirmed payment, or leaves it in the mempool when asked', async () => {
    const key = bitcoinTestKey(10)
    const confirmed = await node.fund(key.p2wpkh, 150_000n)
    const pending = await node.fund(key.p2wpkh, 25_000n, { mine: false })
    const coins = await coinsOf(key.p2wpkh)
    expect(coins.find((c) => c.hash === confirmed)).toMatchObject({
      value: 150_000,
      height: SEGWIT_ACTIVATION_HEIGHT + 1,
    })
    expect(coins.find((c) => c.hash === pending)).toMatchObject({ value: 25_000, height: -1 })
    await node.mine(1)
    expect((await coinsOf(key.p2wpkh)).find((c) => c.hash === pending)?.height).toBeGreaterThan(0)
  })

  it('funds nested segwit and taproot addresses with Bitcoin Core regtest prefixes', async () => {
    const key = bitcoinTestKey(11)
    const nested = await node.fund(key.p2shP2wpkh, 10_000n)
    const taproot = await node.fund(key.p2tr, 20_000n)
    expect((await coinsOf(key.p2shP2wpkh)).map((c) => c.hash)).toEqual([nested])
    const tx = await bitcoinRpc<{ vout: { value: number; scriptPubKey: { hex: string } }[] }>(
      node.url,
      'getrawtransaction',
      [taproot, 1],
    )
    const script = toHex(bitcoinAddress.toOutputScript(key.p2tr, networks.regtest))
    expect(tx.vout.some((o) => o.scriptPubKey.hex === script)).toBe(true)
  })

  it('pays several addresses in one transaction', async () => {
    const [a, b] = [bitcoinTestKey(15), bitcoinTestKey(16)]
    const txid = await node.fundMany([
      { address: a.p2wpkh, sats: 1_000n },
      { address: b.p2wpkh, sats: 2_000 },
      { address: a.p2wpkh, sats: 3_000n },
    ])
    expect((await coinsOf(a.p2wpkh)).map((c) => [c.hash, c.index, c.value])).toEqual(
      expect.arrayContaining([
        [txid, 0, 1_000],
        [txid, 2, 3_000],
      ]),
    )
    expect((await coinsOf(b.p2wpkh)).map((c) => [c.hash, c.index, c.value])).toEqual([[txid, 1, 2_000]])
  })

  it('refuses to fund an address of another network', async () => {
    await expect(node.fund('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 1000n)).rejects.toThrow(
      /prefix|network|bc1/i,
    )
  })

  it('accepts a P2WPKH spend, then refuses a double spend and a spend of a spent coin as Core does', async () => {
    const key = bitcoinTestKey(12)
    const to = bitcoinTestKey(13)
    const funding = await node.fund(key.p2wpkh, 100_000n)
    const [coin] = await coinsOf(key.p2wpkh)
    expect(coin?.hash).toBe(funding)
    const input = { txid: funding, vout: coin?.index ?? 0, value: 100_000n }
    const spend = signP2wpkhTransaction({
      key,
      inputs: [input],
      outputs: [{ address: to.p2wpkh, value: 90_000n }],
    })
    const txid = await bitcoinRpc<string>(node.url, 'sendrawtransaction', [spend])
    expect(await bitcoinRpc<string[]>(node.url, 'getrawmempool')).toContain(txid)

    const conflicting = signP2wpkhTransaction({
      key,
      inputs: [input],
      outputs: [{ address: key.p2wpkh, value: 80_000n }],
    })
    await expect(bitcoinRpc(node.url, 'sendrawtransaction', [conflicting])).rejects.toMatchObject({
      code: -26,
      reason: 'txn-mempool-conflict',
    })

    await mineBitcoinBlocks(node.url, 1)
    await expect(bitcoinRpc(node.url, 'sendrawtransaction', [conflicting])).rejects.toMatchObject({
      code: -25,
      reason: 'bad-txns-inputs-missingorspent',
    })
    expect(await bitcoinRpc<string[]>(node.url, 'getrawmempool')).not.toContain(txid)
  })

  it('refuses a transaction whose signature does not verify, with the script error', async () => {
    const key = bitcoinTestKey(14)
    const funding = await node.fund(key.p2wpkh, 50_000n)
    const [coin] = await coinsOf(key.p2wpkh)
    const bad = signP2wpkhTransaction({
      key,
      inputs: [{ txid: funding, vout: coin?.index ?? 0, value: 50_000n }],
      outputs: [{ address: key.p2wpkh, value: 40_000n }],
      corruptSignature: true,
    })
    const refusal = await bitcoinRpc(node.url, 'sendrawtransaction', [bad]).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(BitcoinNodeRpcError)
    expect(refusal).toMatchObject({ code: -26 })
    // bcoin checks witness scripts under its non-mandatory flags only, hence its name for the failure.
    expect((refusal as BitcoinNodeRpcError).reason).toMatch(/script-verify-flag/)
    expect(await bitcoinRpc<string[]>(node.url, 'getrawmempool')).toEqual([])
  })

  it('refuses bytes that are not a transaction', async () => {
    await expect(bitcoinRpc(node.url, 'sendrawtransaction', ['00ff'])).rejects.toMatchObject({ code: -22 })
    await expect(bitcoinRpc(node.url, 'sendrawtransaction', ['xyz'])).rejects.toMatchObject({ code: -22 })
  })
})

function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex')
}
