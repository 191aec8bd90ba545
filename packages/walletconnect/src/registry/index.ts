// `@portico/walletconnect/registry`: the shipped wallet list behind AllWallets and its deep links.

export { REGISTRY_WALLETS } from '@portico/core/api'
export {
  type BuildWalletLinkParameters,
  buildWalletLink,
  InvalidPairingUriError,
  UnsafeWalletLinkError,
} from './buildWalletLink.js'
