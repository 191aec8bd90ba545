/** The connector id every namespace connected over the shared WalletConnect session carries. */
export const WALLET_CONNECT_CONNECTOR_ID = 'walletConnect'
