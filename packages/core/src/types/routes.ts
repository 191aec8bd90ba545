import type { ChainNamespace } from './network.js'

/**
 * Every view the modal can show, with the parameters it needs (SPEC §2). Core knows names and
 * parameters; `@portico/react` renders them.
 */
export type Route =
  | { view: 'Connect'; params?: { namespace?: ChainNamespace } }
  | { view: 'AllWallets'; params?: { namespace?: ChainNamespace } }
  | { view: 'ConnectingExternal'; params: { connectorId: string; namespace: ChainNamespace } }
  | { view: 'ConnectingWalletConnectBasic'; params?: undefined }
  | { view: 'Account'; params?: undefined }
  | { view: 'Networks'; params?: { namespace?: ChainNamespace } }
  | { view: 'UnsupportedChain'; params?: undefined }

export type View = Route['view']
