// Public entry of @portico/adapter-bitcoin; names only, no `export *`.

export type {
  BitcoinAdapter,
  BitcoinAdapterFactory,
  BitcoinAdapterOptions,
  BitcoinConnectionAccounts,
} from './bitcoin.js'
export { bitcoin } from './bitcoin.js'
export type { BitcoinAddressType, DecodedBitcoinAddress } from './bitcoinAddress.js'
export { decodeBitcoinAddress } from './bitcoinAddress.js'
export { isUserRejection, mapWalletError } from './callWallet.js'
export type {
  BitcoinAdapterLoadErrorType,
  BitcoinAddressNetworkErrorType,
  BitcoinApiErrorType,
  BitcoinApiNotConfiguredErrorType,
  BitcoinBroadcastErrorType,
  BitcoinChainNotSupportedErrorType,
  BitcoinSendProblem,
  BitcoinSendValidationErrorType,
  InvalidBitcoinNetworkErrorType,
} from './errors.js'
export {
  BitcoinAdapterLoadError,
  BitcoinAddressNetworkError,
  BitcoinApiError,
  BitcoinApiNotConfiguredError,
  BitcoinBroadcastError,
  BitcoinChainNotSupportedError,
  BitcoinSendValidationError,
  InvalidBitcoinNetworkError,
} from './errors.js'
export type { BitcoinAddressBalance, EsploraTransaction, EsploraUtxo } from './esplora.js'
export type { BitcoinFeeRates, BitcoinFeeSpeed } from './feeRates.js'
export type { BitcoinFeeEstimate } from './networkCapabilities.js'
export type { DefineBitcoinNetworkParameters } from './networks.js'
export {
  BITCOIN_REGTEST_GENESIS_HASH,
  bitcoinMainnet,
  bitcoinSignet,
  bitcoinTestnet4,
  defineBitcoinNetwork,
  withEsploraApi,
  withPorticoServer,
} from './networks.js'
export type { BtcProviderInfo, SatsConnectProvider } from './satsConnect.js'
export type {
  BitcoinAccountPurpose,
  BitcoinChainKind,
  BitcoinMessageProtocol,
  BitcoinWalletAccount,
} from './walletDriver.js'
