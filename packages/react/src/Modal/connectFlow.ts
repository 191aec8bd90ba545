// The views a visitor reaches from Connect with a browser wallet, in one chunk: fetched ahead
// together while Connect shows, they share their components (the legal checkbox, the registry's
// rows, the wallet list), which would otherwise each be a chunk of their own. The views reached
// less often load from here, so they find those components already loaded.
export { AllWallets } from '../views/AllWallets/AllWallets.js'
export { ConnectingExternal } from '../views/ConnectingExternal/ConnectingExternal.js'

export const loadGetWallet = () => import('../views/GetWallet/GetWallet.js')
export const loadConnectingWalletConnectBasic = () =>
  import('../views/ConnectingWalletConnectBasic/ConnectingWalletConnectBasic.js')
