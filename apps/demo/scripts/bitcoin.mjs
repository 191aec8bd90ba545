// A local Bitcoin node for the demo and the end-to-end tests (bcoin regtest in memory, from the built
// test kit), with the development wallet's Bitcoin accounts funded, so the Bitcoin side of the demo
// works offline like the anvil chains do.
//
//   node apps/demo/scripts/bitcoin.mjs [--port 8332] [--info FILE]
//
// Once ready it prints one JSON line and, with --info, writes the same JSON to FILE (written last,
// so a file that exists is complete): { url, caipNetworkId, accounts: [{ index, payment, ordinals }] }.
// `payment` is test key <index>'s P2WPKH address (funded with 1 BTC in ten coins), `ordinals` its
// taproot address (funded with 10,000 sats). Mine a block with `mineBitcoinBlocks(url)` from
// @portico/test/bitcoin/rpc. Run `pnpm build` first: this uses the compiled test kit.

import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

/** The test keys (bitcoinTestKey(index)) whose addresses the dev wallet's Bitcoin accounts use. */
export const DEMO_BITCOIN_KEY_INDEXES = [0, 1]
/** What each payment address starts with, in coins of 0.1 BTC, so several sends need no change first. */
export const DEMO_BITCOIN_COINS = 10
export const DEMO_BITCOIN_COIN_SATS = 10_000_000n
/** The ordinals (taproot) address gets a little too; bcoin 1.0.2 cannot spend it. */
export const DEMO_BITCOIN_ORDINALS_SATS = 10_000n

/** Starts the node on `port` and funds the dev accounts; returns the node and what others need to know. */
export async function startDemoBitcoin({ port }) {
  const { startBitcoinTestNode, bitcoinTestKey, BITCOIN_REGTEST_CAIP2 } = await import(
    '@portico/test/bitcoin'
  )
  const node = await startBitcoinTestNode({ port })
  try {
    const accounts = DEMO_BITCOIN_KEY_INDEXES.map((index) => {
      const key = bitcoinTestKey(index)
      return { index, payment: key.p2wpkh, ordinals: key.p2tr }
    })
    // One transaction, confirmed by one block, pays every account.
    await node.fundMany(
      accounts.flatMap(({ payment, ordinals }) => [
        ...Array.from({ length: DEMO_BITCOIN_COINS }, () => ({
          address: payment,
          sats: DEMO_BITCOIN_COIN_SATS,
        })),
        { address: ordinals, sats: DEMO_BITCOIN_ORDINALS_SATS },
      ]),
    )
    return { node, info: { url: node.url, caipNetworkId: BITCOIN_REGTEST_CAIP2, accounts } }
  } catch (error) {
    await node.stop()
    throw error
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({ options: { port: { type: 'string' }, info: { type: 'string' } } })
  const port = values.port === undefined ? 8332 : Number(values.port)
  if (!Number.isInteger(port) || port <= 0 || port > 65_535) {
    console.error(`bitcoin.mjs: --port needs a TCP port, not ${values.port}`)
    process.exit(2)
  }
  // A file left by an earlier run would be read as this run's answer.
  if (values.info) rmSync(values.info, { force: true })
  let started
  try {
    started = await startDemoBitcoin({ port })
  } catch (error) {
    console.error(`bitcoin.mjs: ${error instanceof Error ? error.message : error}`)
    process.exit(1)
  }
  const json = JSON.stringify(started.info)
  if (values.info) {
    mkdirSync(dirname(values.info), { recursive: true })
    writeFileSync(`${values.info}.tmp`, `${json}\n`)
    renameSync(`${values.info}.tmp`, values.info)
  }
  console.log(json)
  const stop = () => void started.node.stop().finally(() => process.exit(0))
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}
