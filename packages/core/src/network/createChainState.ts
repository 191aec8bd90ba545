import type { AccountState, AccountType, ChainState } from '../state.js'
import type { ChainNamespace, Network } from './types.js'

/** SPEC §9: default account types per namespace. */
export const DEFAULT_ACCOUNT_TYPES: Record<ChainNamespace, AccountType> = {
  bip122: 'payment',
  eip155: 'smartAccount',
  polkadot: 'eoa',
  solana: 'eoa',
}

/** A disconnected account of a namespace, as SPEC §3 lists its fields. */
export function createAccountState(namespace: ChainNamespace): AccountState {
  return {
    currentTab: 'Tokens',
    tokenBalance: [],
    smartAccountDeployed: false,
    smartAccountSponsored: false,
    addressLabels: {},
    allAccounts: [],
    status: 'disconnected',
    caipAddress: undefined,
    address: undefined,
    balance: undefined,
    balanceSymbol: undefined,
    balanceParts: undefined,
    profileName: undefined,
    profileImage: undefined,
    user: undefined,
    addressExplorerUrl: undefined,
    connectedWalletInfo: undefined,
    preferredAccountType: DEFAULT_ACCOUNT_TYPES[namespace],
    socialProvider: undefined,
    socialWindow: undefined,
    farcasterUrl: undefined,
    balanceLoading: false,
    balanceStale: false,
    lastRetry: undefined,
  }
}

export function createChainState(namespace: ChainNamespace, network: Network | undefined): ChainState {
  return {
    namespace,
    connectorId: undefined,
    networkState: {
      caipNetwork: network,
      unsupportedCaipNetworkId: undefined,
      supportsAllNetworks: false,
      smartAccountEnabledNetworks: [],
      approvedCaipNetworkIds: [],
      requestedCaipNetworks: [],
    },
    accountState: createAccountState(namespace),
  }
}
