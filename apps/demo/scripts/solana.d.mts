import type { SolanaTestValidator } from '@portico/test/solana'
import type { StackSolana } from './stack.mjs'

/** What solana.mjs prints and writes with --info. */
export interface DemoSolanaInfo extends StackSolana {
  genesisHash: string
  tokens: readonly { address: string; name: string; symbol: string; decimals: number }[]
}

export declare const DEMO_SOL_PER_ACCOUNT: bigint
export declare const DEMO_SOLANA_TOKEN: { name: string; symbol: string; decimals: number }
export declare const DEMO_PUSD_PER_ACCOUNT: bigint
export function startDemoSolana(options: {
  port: number
}): Promise<{ validator: SolanaTestValidator; info: DemoSolanaInfo }>
