// A local WalletConnect relay for the demo and the end-to-end tests, so pairing a mobile wallet
// never needs a hosted relay: the page and a wallet made of code (or the demo's phone page) meet
// here.
//
//   node apps/demo/scripts/relay.mjs [--port 18090]

import { startWalletConnectRelay } from '@portico/test/walletconnect'

const args = process.argv.slice(2)
const at = args.indexOf('--port')
const port = at >= 0 ? Number(args[at + 1]) : 8090
if (!Number.isInteger(port) || port <= 0 || port > 65_535) {
  console.error(`relay.mjs: --port needs a TCP port, not ${args[at + 1]}`)
  process.exit(2)
}
const relay = await startWalletConnectRelay({ port, host: '127.0.0.1' })
console.log(`WalletConnect relay: ${relay.url}`)
const stop = () => void relay.close().finally(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
