// Registered with the shared session on start, apart from the provider over it, which loads when
// the WalletConnect connector is first used.
/** What the EVM adapter asks a WalletConnect wallet for (CAIP-25 methods and events). */
export const WALLET_CONNECT_EIP155_METHODS = [
  'eth_sendTransaction',
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_signTypedData',
  'eth_sign',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_getCapabilities',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
] as const
export const WALLET_CONNECT_EIP155_EVENTS = ['accountsChanged', 'chainChanged'] as const
