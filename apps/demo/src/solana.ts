import type { Network } from '@portico/core'

/**
 * The local Solana validator `npm run demo` starts (apps/demo/scripts/solana.mjs), when the demo
 * was built with one: its JSON-RPC URL and its CAIP-2 reference (the genesis hash's first 32
 * characters). Unset, the demo is EVM-only.
 */
export const solanaRpcUrl = import.meta.env.VITE_SOLANA_RPC_URL
const solanaNetworkId = import.meta.env.VITE_SOLANA_NETWORK_ID

/**
 * Whether the page offers `namespace`. `?namespaces=eip155` (a comma-separated list) leaves the
 * others out, for flows that only exist on an EVM-only site (sign-in while pairing a mobile wallet).
 */
export function demoOffersNamespace(namespace: string): boolean {
  const list = new URLSearchParams(window.location.search).get('namespaces')
  return list === null || list.split(',').includes(namespace)
}

/** The Solana part of the demo's configuration: the local network and the adapter's factory. */
export interface DemoSolana {
  network: Network
  solana: typeof import('@portico/adapter-solana').solana
}

/**
 * Loads the Solana adapter when the demo has a validator and the page offers Solana. Imported on
 * demand so a demo built without a validator (the size budget's build) carries none of it.
 */
export async function loadDemoSolana(): Promise<DemoSolana | undefined> {
  if (!solanaRpcUrl || !solanaNetworkId || !demoOffersNamespace('solana')) return undefined
  const { defineSolanaNetwork, solana } = await import('@portico/adapter-solana')
  const network = defineSolanaNetwork({ id: solanaNetworkId, name: 'Solana Local', rpcUrl: solanaRpcUrl })
  return { network, solana }
}
