import { fileURLToPath } from 'node:url'
import { mineBitcoinBlocks } from '@portico/test/bitcoin/rpc'
import { serverUrl } from './chains'

// The local Bitcoin node of the end-to-end tests (scripts/bitcoin.mjs): global-setup starts it on
// this port with the dev wallet's accounts funded, and the server serves it (see `build:e2e`).
export const bitcoinPort = 18332
export const bitcoinNodeUrl = `http://127.0.0.1:${bitcoinPort}`
/** Bitcoin Core's regtest (bcoin's regtest has the same genesis block). */
export const bitcoinNetworkId = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
/** The server's Esplora-compatible routes for the node; every request adds `?projectId=portico-demo`. */
export const bitcoinEsploraUrl = `${serverUrl}/v1/bitcoin/${bitcoinNetworkId}`
/** Where scripts/bitcoin.mjs writes the node's details (the funded accounts) for the tests. */
export const bitcoinInfoFile = fileURLToPath(new URL('../artifacts/bitcoin.json', import.meta.url))

/** Mines `n` blocks on the e2e node, e.g. to confirm a payment a test just sent. */
export function mineBitcoinBlock(n = 1): Promise<string[]> {
  return mineBitcoinBlocks(bitcoinNodeUrl, n)
}
