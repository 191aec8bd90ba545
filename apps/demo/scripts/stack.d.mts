import type { ChildProcess } from 'node:child_process'
import type { TestSwapDeployment } from '@portico/test'

export interface StackChain {
  chainId: number
  rpcUrl: string
}
export interface StackToken {
  key: string
  name: string
  symbol: string
  decimals: number
  address: `0x${string}`
  tetherStyle: boolean
}

/** The local Solana validator, as solana.mjs describes it. */
export interface StackSolana {
  rpcUrl: string
  /** The CAIP-2 reference: the first 32 characters of the genesis hash. */
  networkId: string
  tokens: readonly { address: string; name: string; symbol: string; decimals: number }[]
}

/** The bundler and paymaster of the first chain, as bundler.mjs describes them. */
export interface StackBundler {
  bundlerUrl: string
  paymaster: `0x${string}`
  signerKey: `0x${string}`
}

/** The local Bitcoin node, as bitcoin.mjs describes it. */
export interface StackBitcoin {
  url: string
  caipNetworkId: string
}

export declare const serverCli: string
export declare const DEMO_PROJECT_ID: string
/** The demo project's made-up card-purchase keys (the server's config; the page has the public ones). */
export declare const DEMO_ONRAMP: {
  moonpay: { publishableKey: string; secretKey: string; webhookKey: string; widgetUrl: string }
  mercuryo: { widgetId: string; secret: string; signKey: string; widgetUrl: string }
}
export declare const DEMO_POLKADOT_CHAIN: { caip2: string; ss58Prefix: number }
/** The social logins' local stand-in: the demo's port (8091), and the end-to-end tests' (18091). */
export declare const DEMO_SOCIAL_PORT: number
export declare const E2E_SOCIAL_PORT: number
/** The server config of the demo project's six social logins, pointed at the stand-in on `socialPort`. */
export function socialConfig(socialPort: number): Promise<Record<string, unknown>>
/** Starts the social logins' stand-in (@portico/test/social) on `port` for the server at `serverUrl`. */
export function startSocialStandIn(options: {
  port: number
  serverUrl: string
}): Promise<import('@portico/test/social').OAuthStandIn>
export function deployTokens(chains: readonly StackChain[]): Promise<readonly StackToken[]>
/** WETH9, Uniswap V2 and V3 and SwapRouter02 with seeded pools, the same on every chain. */
export function deploySwaps(chains: readonly StackChain[]): Promise<TestSwapDeployment>
export function serverConfig(options: {
  chains: readonly StackChain[]
  tokens: readonly StackToken[]
  port: number
  dataDir: string
  pollIntervalMs?: number
  /** The mailbox's SMTP port; with it the e-mail login is on. */
  smtpPort?: number
  /** The server's cool-down between login mails to one address; the server's default (30 s) without it. */
  emailCooldownMs?: number
  solana?: StackSolana
  bitcoin?: StackBitcoin
  /** The swap contracts: the config names them under `swap.chains`, one entry per EVM chain. */
  swap?: TestSwapDeployment
  /** Smart accounts on the first chain: its bundler, and the demo project's network fees paid. */
  bundler?: StackBundler
  /** `auth.social`: the social logins (socialConfig). */
  social?: Record<string, unknown>
}): Record<string, unknown>
export function runServerCli(args: readonly string[], options?: { timeoutMs?: number }): Promise<string>
export function prepareServer(options: {
  chains: readonly StackChain[]
  port: number
  dataDir: string
  origins: readonly string[]
  pollIntervalMs?: number
  smtpPort?: number
  /** See serverConfig. */
  emailCooldownMs?: number
  solana?: StackSolana
  bitcoin?: StackBitcoin
  /** See serverConfig. */
  bundler?: StackBundler
  /** The social logins' stand-in's port; with it the demo project has the six social logins. */
  socialPort?: number
  /** Sign In With Farcaster through this relay; the registries and the test fid go on the first chain. */
  farcasterRelayUrl?: string
}): Promise<{
  configFile: string
  tokens: readonly StackToken[]
  swap: TestSwapDeployment
  farcasterFid: bigint | undefined
}>
export function waitForServer(url: string, timeoutMs?: number): Promise<void>
export function startServerProcess(options: {
  configFile: string
  port: number
  stdio?: 'inherit' | 'ignore' | 'pipe'
}): Promise<{ url: string; pid: number | undefined; child: ChildProcess }>
