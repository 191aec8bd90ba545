import { createRequire } from 'node:module'

// bcoin ships no types: these are the few parts of its API the test node uses.
export interface BcoinVerifyError extends Error {
  type: 'VerifyError'
  code: string
  reason: string
  score: number
}

export interface BcoinTX {
  txid(): string
  hash(enc: 'hex'): string
  toRaw(): Buffer
}

export interface BcoinCoin {
  hash: string
  index: number
  value: number
  height: number
  coinbase: boolean
}

export interface BcoinMTX extends BcoinTX {
  addOutput(script: unknown, value: number): void
  fund(coins: BcoinCoin[], options: { changeAddress: unknown; height: number; rate: number }): Promise<void>
  sign(ring: unknown): number
  toTX(): BcoinTX
}

export type BcoinRpcCall = (this: unknown, args: unknown[], help: boolean) => Promise<unknown>

export interface BcoinFullNode {
  open(): Promise<void>
  close(): Promise<void>
  sendTX(tx: BcoinTX): Promise<void>
  relay(tx: BcoinTX): Promise<void>
  getCoinsByAddress(address: unknown): Promise<BcoinCoin[]>
  chain: { height: number }
  miner: { options: { minWeight: number } }
  mempool: {
    addTX(tx: BcoinTX): Promise<unknown[] | null>
    hasOrphan(hash: string): boolean
    removeOrphan(hash: string): void
  }
  rpc: {
    calls: Record<string, BcoinRpcCall>
    call(
      body: { method: string; params: unknown[] },
      query: unknown,
    ): Promise<{ result: unknown; error: unknown }>
  }
  http: { address(): { port: number } }
}

export interface Bcoin {
  FullNode: new (options: Record<string, unknown>) => BcoinFullNode
  MTX: new () => BcoinMTX
  TX: { fromRaw(raw: Buffer): BcoinTX }
  KeyRing: { fromPrivate(key: Buffer, compressed: boolean): { getAddress(): unknown; witness: boolean } }
  Script: { fromRaw(raw: Buffer): unknown }
  Address: { fromString(address: string, network: string): unknown }
  networks: {
    regtest: {
      addressPrefix: Record<string, number | string>
      keyPrefix: Record<string, number | string>
      seeds: string[]
    }
  }
  pkg: { version: string }
}

let loaded: Bcoin | undefined

/**
 * Loads bcoin once, with Bitcoin Core's regtest prefixes. Its native add-ons are not built at install
 * (compiling them takes minutes and two of them have no prebuild), so it runs on its JavaScript
 * backends; NODE_BACKEND is read by those modules when they are first required.
 */
export function loadBcoin(): Bcoin {
  if (loaded) return loaded
  process.env.NODE_BACKEND ??= 'js'
  const bcoin = createRequire(import.meta.url)('bcoin') as Bcoin
  const regtest = bcoin.networks.regtest
  // Bitcoin Core's regtest prefixes, so bitcoinjs-lib's `networks.regtest` reads and makes the same
  // addresses. They must be set before bcoin first builds its Network object for regtest.
  regtest.addressPrefix = { ...regtest.addressPrefix, pubkeyhash: 0x6f, scripthash: 0xc4, bech32: 'bcrt' }
  regtest.keyPrefix = {
    ...regtest.keyPrefix,
    privkey: 0xef,
    xpubkey: 0x043587cf,
    xprivkey: 0x04358394,
    xpubkey58: 'tpub',
    xprivkey58: 'tprv',
  }
  // A test node never dials out.
  regtest.seeds = []
  loaded = bcoin
  return bcoin
}
