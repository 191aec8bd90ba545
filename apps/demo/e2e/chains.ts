import { fileURLToPath } from 'node:url'

// The local chains the demo is built against for the end-to-end tests (see `build:e2e` in
// package.json): global-setup starts them, global-teardown stops them.
export const e2eChains = [
  { chainId: 31337, port: 18545 },
  { chainId: 31338, port: 18546 },
] as const

export const rpcUrl = (chainId: 31337 | 31338) =>
  `http://127.0.0.1:${e2eChains.find((chain) => chain.chainId === chainId)!.port}`

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

/** The local WalletConnect relay the e2e build pairs through (scripts/relay.mjs). */
export const relayPort = 18090
export const relayUrl = `ws://127.0.0.1:${relayPort}`
