/** What the adapter asks a WalletConnect wallet for on Polkadot (WalletConnect's Polkadot JSON-RPC methods). */
export const WALLET_CONNECT_POLKADOT_METHODS = ['polkadot_signTransaction', 'polkadot_signMessage'] as const
