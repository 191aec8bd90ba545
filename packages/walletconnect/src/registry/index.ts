// `@portico/walletconnect/registry`: the shipped wallet list behind AllWallets and its deep links.

export {
  type BuildWalletLinkParameters,
  buildWalletLink,
  InvalidPairingUriError,
  UnsafeWalletLinkError,
} from '@portico/core'
export { REGISTRY_WALLETS } from '@portico/core/api'
