import type { CaipAddress, ChainNamespace, Network } from '../network/types.js'
import type { Portico } from '../portico.js'
import { defineSelector } from '../selector.js'
import type { AccountState, ChainState, ConnectionError, ConnectionStatus } from '../state.js'

export interface AccountInfo {
  namespace: ChainNamespace | undefined
  status: ConnectionStatus
  isConnected: boolean
  /** A connection from an earlier visit is still coming back (its wallet has not answered yet). */
  isReconnecting: boolean
  address: string | undefined
  caipAddress: CaipAddress | undefined
  allAccounts: readonly string[]
  /** Exact native balance as a decimal string. */
  balance: string | undefined
  balanceSymbol: string | undefined
  /** Free, reserved and transferable balance as decimal strings, on chains that reserve funds (Polkadot). */
  balanceParts: AccountState['balanceParts']
  balanceLoading: boolean
  /** The last balance read failed: `balance` is the last known one, shown marked as such. */
  balanceStale: boolean
  /** Whether the visitor can pick another of `allAccounts` on the site (`selectAccount`). */
  canSelectAccount: boolean
  addressExplorerUrl: string | undefined
  connector: AccountState['connectedWalletInfo']
  network: Network | undefined
  /** The account's primary name (ENS, checked to resolve back to it), once read after connecting. */
  profileName: string | undefined
  /** Its avatar, checked, as a data: URL; undefined when it has none that may be shown. */
  profileImage: string | undefined
  /**
   * The embedded (e-mail) wallet's account type on eip155 (SPEC §6): `smartAccount` where the
   * visitor uses the smart account and the network offers one, else `eoa`; undefined for other
   * wallets and namespaces.
   */
  accountType: 'eoa' | 'smartAccount' | undefined
  /** Whether the smart account exists on chain yet (SPEC §3 smartAccountDeployed); false for an EOA. */
  smartAccountDeployed: boolean
}

const account = /* @__PURE__ */ defineSelector(
  (portico: Portico, namespace?: ChainNamespace): AccountInfo => {
    const target = namespace ?? portico.state.modal.activeChain
    const chain = target ? portico.state.chains[target] : undefined
    const account = chain?.accountState
    const status = account?.status ?? 'disconnected'
    return {
      namespace: target,
      status,
      isConnected: status === 'connected',
      isReconnecting: status === 'reconnecting',
      address: account?.address,
      caipAddress: account?.caipAddress,
      allAccounts: account?.allAccounts ?? [],
      balance: account?.balance,
      balanceSymbol: account?.balanceSymbol,
      balanceParts: account?.balanceParts,
      balanceLoading: account?.balanceLoading ?? false,
      balanceStale: account?.balanceStale ?? false,
      canSelectAccount:
        status === 'connected' &&
        (account?.allAccounts.length ?? 0) > 1 &&
        typeof (target && portico.internal.adapters.get(target))?.selectAccount === 'function',
      addressExplorerUrl: account?.addressExplorerUrl,
      connector: account?.connectedWalletInfo,
      network: chain?.networkState.caipNetwork as Network | undefined,
      profileName: account?.profileName,
      profileImage: account?.profileImage,
      ...embeddedAccountType(chain),
    }
  },
)
/**
 * SPEC §6: only the embedded (AUTH) wallet has a smart account, when its preferred account type is
 * 'smartAccount', and only on a network listed as smart-account enabled.
 */
function embeddedAccountType(
  chain: ChainState | undefined,
): Pick<AccountInfo, 'accountType' | 'smartAccountDeployed'> {
  const account = chain?.accountState
  if (
    chain?.namespace !== 'eip155' ||
    account?.status !== 'connected' ||
    account.connectedWalletInfo?.type !== 'AUTH'
  )
    return { accountType: undefined, smartAccountDeployed: false }
  const network = chain.networkState.caipNetwork
  const smart =
    account.preferredAccountType === 'smartAccount' &&
    network !== undefined &&
    chain.networkState.smartAccountEnabledNetworks.some((id) => String(id) === String(network.id))
  return {
    accountType: smart ? 'smartAccount' : 'eoa',
    smartAccountDeployed: smart && account.smartAccountDeployed,
  }
}

/**
 * The account of the active namespace (or of `namespace`).
 *
 * @example
 * const { address, isConnected } = getAccount(portico)
 */
export const getAccount = account.get
/**
 * Calls `onChange(account, previous)` when the account of the active namespace (or of the
 * `namespace` given after the parameters) changes; returns the unsubscribe.
 *
 * @example
 * const stop = watchAccount(portico, { onChange: (account, previous) => console.log(previous.address, '→', account.address) })
 */
export const watchAccount = account.watch

export interface ConnectionInfo {
  status: ConnectionStatus
  connectingConnectorId: string | undefined
  error: ConnectionError | undefined
}

const connection = /* @__PURE__ */ defineSelector((portico: Portico): ConnectionInfo => {
  const { status, connectingConnectorId, error } = portico.state.connection
  return { status, connectingConnectorId, error }
})
/** Overall connection status and the attempt in progress or last failed. */
export const getConnection = connection.get
/** Calls `onChange(connection, previous)` when the connection status or its error changes; returns the unsubscribe. */
export const watchConnection = connection.watch
