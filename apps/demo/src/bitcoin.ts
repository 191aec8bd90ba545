import type { Network } from '@portico/core'
import { demoApi } from './demoApi.js'
import { demoOffersNamespace } from './solana.js'

/**
 * The Esplora-compatible API of the local Bitcoin regtest node `npm run demo` starts (the Portico
 * server's `/v1/bitcoin/<chain>` routes in front of bcoin), when the demo was built with one.
 * Unset, the demo offers no Bitcoin.
 */
export const bitcoinApiUrl = import.meta.env.VITE_BITCOIN_ESPLORA_URL

/** The Bitcoin part of the demo's configuration: the regtest network and the adapter's factory. */
export interface DemoBitcoin {
  network: Network
  bitcoin: typeof import('@portico/adapter-bitcoin').bitcoin
}

/**
 * Loads the Bitcoin adapter when the demo has a node and the page offers Bitcoin. Imported on
 * demand, so a demo built without a node carries none of it.
 */
export async function loadDemoBitcoin(): Promise<DemoBitcoin | undefined> {
  if (!bitcoinApiUrl || !demoOffersNamespace('bip122')) return undefined
  const { bitcoin, defineBitcoinNetwork } = await import('@portico/adapter-bitcoin')
  // The server's routes take the project like every /v1 route does.
  const url = new URL(bitcoinApiUrl)
  const api = demoApi()
  if (api) url.searchParams.set('projectId', api.projectId)
  const network = defineBitcoinNetwork({ name: 'Bitcoin Regtest', esploraUrl: url.toString() })
  return { network, bitcoin }
}
