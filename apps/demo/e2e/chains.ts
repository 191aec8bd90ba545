import { fileURLToPath } from 'node:url'

// The local chains the demo is built against for the end-to-end tests (see `build:e2e` in
// package.json): global-setup starts them, global-teardown stops them.
export const e2eChains = [
  { chainId: 31337, port: 18545 },
  { chainId: 31338, port: 18546 },
] as const

export const rpcUrl = (chainId: 31337 | 31338) =>
  `http://127.0.0.1:${e2eChains.find((chain) => chain.chainId === chainId)!.port}`

/** The alto bundler of chain 31337 (scripts/bundler.mjs), behind the server's RPC proxy. */
export const bundlerPort = 18437
export const bundlerInfoFile = fileURLToPath(new URL('../artifacts/bundler.json', import.meta.url))

/** The Portico server the e2e build talks to (see `build:e2e`), with the project `portico-demo`. */
export const serverPort = 18787
export const serverUrl = `http://127.0.0.1:${serverPort}`
export const serverDataDir = fileURLToPath(new URL('../artifacts/server', import.meta.url))

/** Where global-setup records the process ids of the chains and the server for global-teardown. */
export const pidFile = new URL('../artifacts/processes.json', import.meta.url)

/** The local mailbox the e2e server sends its e-mail login codes to (scripts/mailbox.mjs). */
export const mailboxSmtpPort = 18025
export const mailboxHttpPort = 18080
export const mailboxUrl = `http://127.0.0.1:${mailboxHttpPort}`
/**
 * The e2e server's cool-down between login mails to one address. SPEC §9's 30 s is proven in the
 * server's unit tests (loginRoutes.test.ts, on a controlled clock) and the modal's in core's; here
 * a test that logs in twice with one address would otherwise sleep 30 s for it each time.
 */
export const e2eEmailCooldownMs = 2_000

/** The local Farcaster relay the e2e server opens sign-in channels on (scripts/farcasterRelay.mjs). */
export const farcasterRelayPort = 18092
export const farcasterRelayUrl = `http://127.0.0.1:${farcasterRelayPort}`

/** The local WalletConnect relay the e2e build pairs through (scripts/relay.mjs). */
export const relayPort = 18090
export const relayUrl = `ws://127.0.0.1:${relayPort}`

/** The local Solana validator the e2e build talks to (scripts/solana.mjs; see `build:e2e`). */
export const solanaPort = 18899
export const solanaRpcUrl = `http://127.0.0.1:${solanaPort}`
/**
 * The validator's CAIP-2 reference, which `build:e2e` passes as VITE_SOLANA_NETWORK_ID: LiteSVM's
 * genesis hash is the same on every start, and global-setup checks that it still is.
 */
export const solanaNetworkId = 'CmpNeggWJ4JaWJeJ8YKN1Zypmk7uvQq3'
/** Where scripts/solana.mjs writes the validator's details (the PUSD mint) for the tests. */
export const solanaInfoFile = fileURLToPath(new URL('../artifacts/solana.json', import.meta.url))

/** The local Polkadot chain the e2e build talks to (scripts/polkadot.mjs; see `build:e2e`). */
export const polkadotPort = 19944
export const polkadotWsUrl = `ws://127.0.0.1:${polkadotPort}`
/** Where scripts/polkadot.mjs writes the chain's details (genesis hash, CAIP-2 id, prefix). */
export const polkadotInfoFile = fileURLToPath(new URL('../artifacts/polkadot.json', import.meta.url))
