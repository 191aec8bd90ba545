// A local Solana validator for the demo and the end-to-end tests (a JSON-RPC server over LiteSVM,
// from the built test kit), with the dev wallet's accounts funded in SOL and in a demo SPL token,
// so the Solana side of the demo works offline like the anvil chains do.
//
//   node apps/demo/scripts/solana.mjs [--port 8899] [--info FILE]
//
// Once ready it prints one JSON line and, with --info, writes the same JSON to FILE (written last,
// so a file that exists is complete): { rpcUrl, genesisHash, networkId, tokens: [{ address, name,
// symbol, decimals }] }. The demo builds its Solana network from networkId and the server lists the
// tokens. Run `pnpm build` first: this uses the compiled test kit.

import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

/** SOL each dev wallet account starts with (in lamports): plenty for fees and sends. */
export const DEMO_SOL_PER_ACCOUNT = 100_000_000_000n
/** The demo's SPL token, minted to every dev wallet account. */
export const DEMO_SOLANA_TOKEN = { name: 'Portico Dollar', symbol: 'PUSD', decimals: 6 }
/** PUSD each dev wallet account starts with, in base units (1,000 PUSD). */
export const DEMO_PUSD_PER_ACCOUNT = 1_000_000_000n

/**
 * Starts the validator on `port`, funds the dev wallet's accounts with SOL and PUSD, and returns
 * the validator with what the demo and the server need to know about it.
 */
export async function startDemoSolana({ port }) {
  const { startSolanaTestValidator, createTestSplToken, mintTestSplTokens } = await import(
    '@portico/test/solana'
  )
  const { SOLANA_TEST_ADDRESSES } = await import('@portico/test/solana/wallet')
  const validator = await startSolanaTestValidator({ port })
  try {
    for (const address of SOLANA_TEST_ADDRESSES) await validator.airdrop(address, DEMO_SOL_PER_ACCOUNT)
    const token = await createTestSplToken(validator, { decimals: DEMO_SOLANA_TOKEN.decimals })
    for (const owner of SOLANA_TEST_ADDRESSES)
      await mintTestSplTokens(validator, { token, owner, amount: DEMO_PUSD_PER_ACCOUNT })
    const genesisHash = await rpcCall(validator.url, 'getGenesisHash')
    if (typeof genesisHash !== 'string') throw new Error('the validator answered no genesis hash')
    const info = {
      rpcUrl: validator.url.replace(/\/$/, ''),
      genesisHash,
      // CAIP-2 names a Solana cluster by the first 32 characters of its genesis hash.
      networkId: genesisHash.slice(0, 32),
      tokens: [{ address: token.mint, ...DEMO_SOLANA_TOKEN }],
    }
    return { validator, info }
  } catch (error) {
    await validator.close()
    throw error
  }
}

async function rpcCall(url, method, params = []) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = await response.json()
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({ options: { port: { type: 'string' }, info: { type: 'string' } } })
  const port = values.port === undefined ? 8899 : Number(values.port)
  if (!Number.isInteger(port) || port <= 0 || port > 65_535) {
    console.error(`solana.mjs: --port needs a TCP port, not ${values.port}`)
    process.exit(2)
  }
  // A file left by an earlier run would be read as this run's answer.
  if (values.info) rmSync(values.info, { force: true })
  let started
  try {
    started = await startDemoSolana({ port })
  } catch (error) {
    console.error(`solana.mjs: ${error instanceof Error ? error.message : error}`)
    process.exit(1)
  }
  const json = JSON.stringify(started.info)
  if (values.info) {
    // The demo runs this before anything else has made its data folder.
    mkdirSync(dirname(values.info), { recursive: true })
    writeFileSync(`${values.info}.tmp`, `${json}\n`)
    renameSync(`${values.info}.tmp`, values.info)
  }
  console.log(json)
  const stop = () => void started.validator.close().finally(() => process.exit(0))
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}
