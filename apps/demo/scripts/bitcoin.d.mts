import type { BitcoinTestNode } from '@portico/test/bitcoin'
import type { StackBitcoin } from './stack.mjs'

/** What bitcoin.mjs prints and writes with --info. */
export interface DemoBitcoinInfo extends StackBitcoin {
  /** The dev wallet's funded accounts: test key `index`'s P2WPKH (payment) and taproot (ordinals) addresses. */
  accounts: readonly { index: number; payment: string; ordinals: string }[]
}

export declare const DEMO_BITCOIN_KEY_INDEXES: readonly number[]
export declare const DEMO_BITCOIN_COINS: number
export declare const DEMO_BITCOIN_COIN_SATS: bigint
export declare const DEMO_BITCOIN_ORDINALS_SATS: bigint
export function startDemoBitcoin(options: {
  port: number
}): Promise<{ node: BitcoinTestNode; info: DemoBitcoinInfo }>
