// Public entry of @portico/adapter-evm; names only, no `export *`.

export { INJECTED_CONNECTOR_ID, isSafeIconUrl } from './createDiscovery.js'
export type { EvmNetworkOverrides } from './defineEvmNetwork.js'
export { defineEvmNetwork } from './defineEvmNetwork.js'
export type { EvmAdapterOptions } from './evm.js'
export { evm } from './evm.js'
export type { ExternalEvmWallet } from './externalEntries.js'
export { getProviderErrorCode, mapProviderError } from './mapProviderError.js'
export type { EvmNamesOptions } from './namesOptions.js'
export type { Eip1193Provider } from './provider.js'
export type { TetherStyleTokens } from './tetherStyleTokens.js'
export { DEFAULT_TETHER_STYLE_TOKENS } from './tetherStyleTokens.js'
export { DEFAULT_UNIVERSAL_RESOLVERS } from './universalResolvers.js'
