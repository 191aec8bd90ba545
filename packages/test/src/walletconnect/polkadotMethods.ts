/**
 * Polkadot methods the WalletConnect test wallet answers, in WalletConnect's documented JSON-RPC
 * shapes (docs.walletconnect.network, Polkadot RPC reference). Apart from the code that answers
 * them, so the entry does not load the Polkadot libraries for wallets that need none.
 */
export const TEST_WALLETCONNECT_POLKADOT_METHODS = [
  'polkadot_signMessage',
  'polkadot_signTransaction',
] as const
