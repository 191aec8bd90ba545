/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** '1' turns on the development wallet (a local test wallet that signs for anvil's accounts). */
  readonly VITE_DEV_WALLET?: string
  /** JSON-RPC URL of the local chain with id 31337 (e.g. http://127.0.0.1:8545). */
  readonly VITE_RPC_31337?: string
  /** JSON-RPC URL of the local chain with id 31338 (e.g. http://127.0.0.1:8546). */
  readonly VITE_RPC_31338?: string
  /** A Portico server and the demo's project on it. */
  readonly VITE_PORTICO_API_URL?: string
  readonly VITE_PORTICO_PROJECT_ID?: string
  /** A WalletConnect relay (the demo's local one, ws://127.0.0.1:8090); unset, mobile wallets are not offered. */
  readonly VITE_WC_RELAY_URL?: string
  /** The local Farcaster relay the development panel's Farcaster client completes sign-ins on. */
  readonly VITE_FARCASTER_RELAY_URL?: string
  /** JSON-RPC URL of the local Solana validator (apps/demo/scripts/solana.mjs, http://127.0.0.1:8899). */
  readonly VITE_SOLANA_RPC_URL?: string
  /** That validator's CAIP-2 reference: the first 32 characters of its genesis hash. */
  readonly VITE_SOLANA_NETWORK_ID?: string
  /** WebSocket URL of the local Polkadot chain (apps/demo/scripts/polkadot.mjs, ws://127.0.0.1:9944). */
  readonly VITE_POLKADOT_RPC_URL?: string
  /** Esplora-compatible API of the local Bitcoin regtest node: the Portico server's /v1/bitcoin/<chain> routes. */
  readonly VITE_BITCOIN_ESPLORA_URL?: string
  /** The local bcoin node itself (apps/demo/scripts/bitcoin.mjs, http://127.0.0.1:8332). */
  readonly VITE_BITCOIN_NODE_URL?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
