// A local Sign In With Farcaster relay (the Farcaster Connect channel protocol) for the demo and the
// end-to-end tests, so the Farcaster login never needs the public relay: the Portico server opens
// channels here, and a Farcaster client made of code (the demo's development panel, or a test)
// completes them with a test fid's custody key.
//
//   node apps/demo/scripts/farcasterRelay.mjs [--port 8092]

import { startFarcasterRelay } from '@portico/test/farcaster'

const args = process.argv.slice(2)
const at = args.indexOf('--port')
const port = at >= 0 ? Number(args[at + 1]) : 8092
if (!Number.isInteger(port) || port <= 0 || port > 65_535) {
  console.error(`farcasterRelay.mjs: --port needs a TCP port, not ${args[at + 1]}`)
  process.exit(2)
}
const relay = await startFarcasterRelay({ port, host: '127.0.0.1' })
console.log(`Farcaster relay: ${relay.url}`)
const stop = () => void relay.stop().finally(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
