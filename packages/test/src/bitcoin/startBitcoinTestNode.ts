import { address as bitcoinAddress, networks } from 'bitcoinjs-lib'
import { type BcoinFullNode, type BcoinTX, type BcoinVerifyError, loadBcoin } from './bcoin.js'
import { bitcoinTestKey } from './bitcoinTestKey.js'

/** Blocks bcoin's regtest needs before segwit is active (BIP9: three 144-block windows). */
export const SEGWIT_ACTIVATION_HEIGHT = 432

/**
 * The node's own funding key: every block the node mines pays it, and `fund` spends its coinbases.
 * Test key 999, far from the indexes wallets use.
 */
export const BITCOIN_TEST_MINER = bitcoinTestKey(999)

/** bcoin's regtest genesis is Bitcoin Core's, so its CAIP-2 chain id is Core's regtest id. */
export const BITCOIN_REGTEST_CAIP2 = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'

export interface StartBitcoinTestNodeOptions {
  /** 0 or omitted: a free port picked by the OS. */
  port?: number
}

export interface FundOptions {
  /** Mine a block after sending, so the payment is confirmed (the default). `false` leaves it in the mempool. */
  mine?: boolean
}

export interface FundPayment {
  address: string
  sats: bigint | number
}

export interface BitcoinTestNode {
  /** bcoin's HTTP API: REST (`/tx/:id`, `/coin/address/:a`, …) and JSON-RPC (POST `/`) on one port. */
  url: string
  port: number
  network: 'regtest'
  /** Mines `n` blocks paying `address` (default: the node's own funding key); returns their hashes. */
  mine(n: number, address?: string): Promise<string[]>
  /**
   * Pays `sats` to `address` from the node's coinbases and returns the txid. Confirmed by one mined
   * block unless `{ mine: false }`, which leaves the payment in the mempool.
   */
  fund(address: string, sats: bigint | number, options?: FundOptions): Promise<string>
  /** Like `fund`, with several payments in one transaction (output i pays payments[i]). */
  fundMany(payments: readonly FundPayment[], options?: FundOptions): Promise<string>
  stop(): Promise<void>
}

/** A refusal of `sendrawtransaction`, with Bitcoin Core's RPC code and reject reason. */
export class BitcoinRpcError extends Error {
  override readonly name = 'BitcoinRpcError' as const
  readonly code: number
  constructor(code: number, message: string) {
    super(message)
    this.code = code
  }
}

/** Core's RPC codes for a transaction it refuses. */
const RPC_VERIFY_REJECTED = -26
const RPC_TRANSACTION_ERROR = -25

/**
 * Starts bcoin 1.0.2 in this process: regtest in memory on 127.0.0.1 with the transaction and address
 * indexes, segwit active, and broadcasts that refuse what Bitcoin Core would refuse.
 * @example
 * const node = await startBitcoinTestNode()
 * afterAll(() => node.stop())
 * await node.fund(bitcoinTestKey(0).p2wpkh, 100_000_000n)
 */
export async function startBitcoinTestNode(
  options: StartBitcoinTestNodeOptions = {},
): Promise<BitcoinTestNode> {
  const bcoin = loadBcoin()
  const node = new bcoin.FullNode({
    network: 'regtest',
    memory: true,
    workers: false,
    listen: false,
    selfish: false,
    httpHost: '127.0.0.1',
    httpPort: options.port ?? 0,
    noAuth: true,
    indexTX: true,
    indexAddress: true,
    logLevel: 'none',
    // No bcoin.conf, arguments or environment of the host process leak into the test node.
    config: false,
    argv: false,
    env: false,
  })
  patchBroadcast(node)
  // bcoin's miner leaves out transactions paying exactly the minimum relay fee ("free" ones) once a
  // block is past minWeight, which is 0: they would never confirm. Core mines whatever it relays.
  node.miner.options.minWeight = 4_000_000
  await node.open()
  const port = node.http.address().port
  const url = `http://127.0.0.1:${port}`

  const rpc = async (method: string, params: unknown[]): Promise<unknown> => {
    const { result, error } = await node.rpc.call({ method, params }, {})
    if (error) {
      const { code, message } = error as { code: number; message: string }
      throw new BitcoinRpcError(code, message)
    }
    return result
  }

  const mine = async (n: number, address = BITCOIN_TEST_MINER.p2wpkh): Promise<string[]> => {
    if (!Number.isInteger(n) || n < 1)
      throw new RangeError(`mine() takes a whole number of blocks ≥ 1, got ${n}.`)
    return (await rpc('generatetoaddress', [n, address])) as string[]
  }

  // Coinbases need 100 confirmations and segwit needs 432 blocks: both are met after these.
  await mine(SEGWIT_ACTIVATION_HEIGHT)

  const minerAddress = bcoin.Address.fromString(BITCOIN_TEST_MINER.p2wpkh, 'regtest')
  const minerRing = bcoin.KeyRing.fromPrivate(Buffer.from(BITCOIN_TEST_MINER.privateKeyHex, 'hex'), true)
  minerRing.witness = true

  const fundMany = async (
    payments: readonly FundPayment[],
    fundOptions: FundOptions = {},
  ): Promise<string> => {
    if (payments.length === 0) throw new RangeError('fundMany() needs at least one payment.')
    const mtx = new bcoin.MTX()
    for (const { address, sats } of payments) {
      const value = BigInt(sats)
      if (value <= 0n || value > 21_000_000n * 100_000_000n)
        throw new RangeError(`Cannot fund ${value} sats.`)
      // bitcoinjs-lib decodes every address type (bcoin 1.0.2 has no bech32m), and refuses other networks.
      const script = bitcoinAddress.toOutputScript(address, networks.regtest)
      mtx.addOutput(bcoin.Script.fromRaw(Buffer.from(script)), Number(value))
    }
    const coins = await node.getCoinsByAddress(minerAddress)
    await mtx.fund(coins, { changeAddress: minerAddress, height: node.chain.height + 1, rate: 2000 })
    mtx.sign(minerRing)
    const tx = mtx.toTX()
    await node.sendTX(tx)
    if (fundOptions.mine !== false) await mine(1)
    return tx.txid()
  }

  return {
    url,
    port,
    network: 'regtest',
    mine,
    fund: (address, sats, fundOptions) => fundMany([{ address, sats }], fundOptions),
    fundMany,
    stop: () => node.close(),
  }
}

/**
 * bcoin 1.0.2 answers success to transactions its mempool refuses: `sendTX` logs the error and
 * "broadcasts anyway", and `sendrawtransaction` does not even wait. A node that stands in for
 * Bitcoin Core must refuse them, with Core's code and reason.
 */
function patchBroadcast(node: BcoinFullNode): void {
  node.sendTX = async (tx: BcoinTX) => {
    let missing: unknown[] | null
    try {
      missing = await node.mempool.addTX(tx)
    } catch (error) {
      throw asRpcError(error)
    }
    if (missing && missing.length > 0) {
      // An input that is spent in the chain or never existed: the mempool keeps such a transaction
      // as an orphan, waiting for a parent that will not come. Core refuses it.
      const hash = tx.hash('hex')
      if (node.mempool.hasOrphan(hash)) node.mempool.removeOrphan(hash)
      throw new BitcoinRpcError(RPC_TRANSACTION_ERROR, 'bad-txns-inputs-missingorspent')
    }
  }
  node.relay = node.sendTX
  const bcoin = loadBcoin()
  node.rpc.calls.sendrawtransaction = async (args: unknown[], help: boolean) => {
    const hex = args[0]
    if (help || args.length < 1 || args.length > 2 || typeof hex !== 'string') {
      throw rpcError(-1, 'sendrawtransaction "hexstring" ( maxfeerate )')
    }
    if (!/^(?:[0-9a-fA-F]{2})+$/.test(hex)) throw rpcError(-22, 'TX decode failed')
    let tx: BcoinTX
    try {
      tx = bcoin.TX.fromRaw(Buffer.from(hex, 'hex'))
    } catch {
      throw rpcError(-22, 'TX decode failed')
    }
    try {
      await node.sendTX(tx)
    } catch (error) {
      if (error instanceof BitcoinRpcError) throw rpcError(error.code, error.message)
      throw error
    }
    return tx.txid()
  }
}

function asRpcError(error: unknown): unknown {
  if (!isVerifyError(error)) return error
  // Core names a conflict with a mempool transaction `txn-mempool-conflict`; bcoin says inputs-spent.
  const reason = error.reason === 'bad-txns-inputs-spent' ? 'txn-mempool-conflict' : error.reason
  return new BitcoinRpcError(RPC_VERIFY_REJECTED, reason)
}

function isVerifyError(error: unknown): error is BcoinVerifyError {
  return typeof error === 'object' && error !== null && (error as { type?: unknown }).type === 'VerifyError'
}

/** bweb turns an error with a numeric `code` and type RPCError into a JSON-RPC error object. */
function rpcError(code: number, message: string): Error {
  const error = new Error(message) as Error & { type: string; code: number }
  error.type = 'RPCError'
  error.code = code
  return error
}
