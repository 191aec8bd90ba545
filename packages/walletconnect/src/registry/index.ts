// `@portico/walletconnect/registry`: the shipped wallet list behind AllWallets and its deep links.
export {
  type BuildWalletLinkParameters,
  buildWalletLink,
  InvalidPairingUriError,
  UnsafeWalletLinkError,
} from './buildWalletLink.js'
export { REGISTRY_WALLETS } from './wallets.js'
