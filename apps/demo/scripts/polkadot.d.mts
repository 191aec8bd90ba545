/** The local Polkadot chain, as polkadot.mjs describes it. */
export interface DemoPolkadotInfo {
  wsUrl: string
  httpUrl: string
  genesisHash: `0x${string}`
  /** `polkadot:` and the first 32 hex digits of the genesis hash. */
  caip2: string
  ss58Prefix: number
  decimals: number
  symbol: string
  /** In planck, as a decimal string. */
  existentialDeposit: string
}

export function startDemoPolkadot(options: { port: number }): Promise<{
  chain: import('@portico/test/polkadot').PolkadotTestChain
  info: DemoPolkadotInfo
}>
