import type { Network } from '@portico/core'
import { devWalletEnabled } from './devWallet.js'
import { demoOffersNamespace } from './solana.js'

/**
 * The local Substrate chain `npm run demo` starts (chopsticks on asset-hub-rococo's runtime), when
 * the demo was built with one: its WebSocket URL. Unset, the demo offers no Polkadot network.
 */
export const polkadotRpcUrl = import.meta.env.VITE_POLKADOT_RPC_URL

/** The Polkadot part of the demo's configuration: the local network and the adapter's factory. */
export interface DemoPolkadot {
  network: Network
  polkadot: typeof import('@portico/adapter-polkadot').polkadot
  /** The development wallet's extension, named as in EVM and Solana so the modal shows one row. */
  extensions: Record<string, { name: string; imageUrl: string }>
}

/**
 * Loads the Polkadot adapter when the demo has a chain and the page offers Polkadot. Imported on
 * demand so a demo built without a chain carries none of it.
 */
export async function loadDemoPolkadot(): Promise<DemoPolkadot | undefined> {
  if (!polkadotRpcUrl || !demoOffersNamespace('polkadot')) return undefined
  const [{ definePolkadotNetwork, polkadot }, devWallet] = await Promise.all([
    import('@portico/adapter-polkadot'),
    devWalletEnabled ? import('@portico/test/polkadot/wallet') : undefined,
  ])
  const dev = devWallet?.POLKADOT_DEV_WALLET
  const extensions = dev ? { [dev.key]: { name: dev.name, imageUrl: dev.icon } } : {}
  // chopsticks reports a placeholder genesis hash for a chain started from a raw genesis; the
  // runtime is asset-hub-rococo's: SS58 prefix 2, 12 decimals, ROC.
  const network = definePolkadotNetwork({
    id: `0x${'45'.repeat(32)}`,
    name: 'Polkadot Local',
    rpcUrl: polkadotRpcUrl,
    ss58Prefix: 2,
    token: { symbol: 'ROC', decimals: 12, name: 'Rococo' },
    testnet: true,
  })
  return { network, polkadot, extensions }
}
