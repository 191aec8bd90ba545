/**
 * Bitcoin methods the WalletConnect test wallet answers, in WalletConnect's documented JSON-RPC
 * shapes (docs.walletconnect.network, Bitcoin RPC reference). Apart from the code that answers them,
 * so the entry does not load bitcoinjs-lib for wallets that need none.
 */
export const TEST_WALLETCONNECT_BIP122_METHODS = [
  'getAccountAddresses',
  'signMessage',
  'signPsbt',
  'sendTransfer',
] as const
