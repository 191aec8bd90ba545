// A local Polkadot chain for the demo and the end-to-end tests: chopsticks running the
// asset-hub-rococo runtime from its raw genesis (from the built test kit), with the development
// accounts (//Alice … //Ferdie) funded, so the Polkadot side of the demo works offline.
//
//   node apps/demo/scripts/polkadot.mjs [--port 9944] [--info FILE]
//
// Once ready it prints one JSON line and, with --info, writes the same JSON to FILE (written last,
// so a file that exists is complete): { wsUrl, httpUrl, genesisHash, caip2, ss58Prefix, decimals,
// symbol, existentialDeposit }. Run `pnpm build` first: this uses the compiled test kit.

import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

/** Starts the chain on `port` and returns it with what the demo and the tests need to know. */
export async function startDemoPolkadot({ port }) {
  const { startPolkadotTestChain } = await import('@portico/test/polkadot')
  const chain = await startPolkadotTestChain({ port })
  const info = {
    wsUrl: chain.wsUrl,
    httpUrl: chain.httpUrl,
    genesisHash: chain.genesisHash,
    caip2: chain.caip2,
    ss58Prefix: chain.ss58Prefix,
    decimals: chain.decimals,
    symbol: chain.symbol,
    existentialDeposit: chain.existentialDeposit.toString(),
  }
  return { chain, info }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({ options: { port: { type: 'string' }, info: { type: 'string' } } })
  const port = values.port === undefined ? 9944 : Number(values.port)
  if (!Number.isInteger(port) || port <= 0 || port > 65_535) {
    console.error(`polkadot.mjs: --port needs a TCP port, not ${values.port}`)
    process.exit(2)
  }
  // A file left by an earlier run would be read as this run's answer.
  if (values.info) rmSync(values.info, { force: true })
  let started
  try {
    started = await startDemoPolkadot({ port })
  } catch (error) {
    console.error(`polkadot.mjs: ${error instanceof Error ? error.message : error}`)
    process.exit(1)
  }
  const json = JSON.stringify(started.info)
  if (values.info) {
    mkdirSync(dirname(values.info), { recursive: true })
    writeFileSync(`${values.info}.tmp`, `${json}\n`)
    renameSync(`${values.info}.tmp`, values.info)
  }
  console.log(json)
  const stop = () => void started.chain.stop().finally(() => process.exit(0))
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}
