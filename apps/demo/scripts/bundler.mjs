// The smart-account side of the demo and of the end-to-end tests, on one local chain: EntryPoint
// v0.8 with SimpleAccountFactory and Simple7702Account at their public addresses, the site's own
// verifying paymaster (deployed, deposited and staked; its signing key made fresh for each start),
// and the alto bundler. Writes what the server config needs to --info once the bundler answers,
// and runs until it is stopped (SIGTERM/SIGINT), stopping alto with it.
//
//   node apps/demo/scripts/bundler.mjs --rpc URL --port N --info FILE
//
// Run `pnpm build` first: this uses the compiled test kit.

import { randomBytes } from 'node:crypto'
import { rmSync, writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { privateKeyToAccount } from 'viem/accounts'

const { values } = parseArgs({
  options: { rpc: { type: 'string' }, port: { type: 'string' }, info: { type: 'string' } },
})
if (!values.rpc || !values.port || !values.info) {
  console.error('usage: node apps/demo/scripts/bundler.mjs --rpc URL --port N --info FILE')
  process.exit(1)
}
const infoFile = values.info
rmSync(infoFile, { force: true })

const { deployAccountAbstraction, deployVerifyingPaymaster, startAlto } = await import('@portico/test')
let alto
try {
  const contracts = await deployAccountAbstraction({ rpcUrl: values.rpc })
  // A local chain's sponsorship key: made for this start, known only to this demo's server.
  const signerKey = `0x${randomBytes(32).toString('hex')}`
  const paymaster = await deployVerifyingPaymaster({
    rpcUrl: values.rpc,
    signer: privateKeyToAccount(signerKey).address,
  })
  alto = await startAlto({ rpcUrl: values.rpc, port: Number(values.port) })
  writeFileSync(
    infoFile,
    `${JSON.stringify({ bundlerUrl: alto.rpcUrl, altoPid: alto.pid, paymaster: paymaster.address, signerKey, ...contracts }, null, 2)}\n`,
  )
} catch (error) {
  await alto?.stop()
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}

const stop = async () => {
  await alto?.stop()
  rmSync(infoFile, { force: true })
  process.exit(0)
}
process.once('SIGTERM', stop)
process.once('SIGINT', stop)
// Keeps the process alive while alto runs.
setInterval(() => {}, 60_000)
