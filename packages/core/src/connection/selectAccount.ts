import {
  AdapterNotFoundError,
  type AdapterNotFoundErrorType,
  BaseError,
  type BaseErrorType,
  NotConnectedError,
  type NotConnectedErrorType,
} from '../errors/base.js'
import type { ChainNamespace } from '../network/types.js'
import type { Portico } from '../portico.js'

export type SelectAccountParameters = { address: string; namespace?: ChainNamespace }

/** The address is not one of the accounts the wallet shared. */
export class AccountNotSharedError extends BaseError {
  override name = 'AccountNotSharedError' as const
  constructor(address: string) {
    super('The wallet did not share this account.', { details: address })
  }
}
export type AccountNotSharedErrorType = AccountNotSharedError & { name: 'AccountNotSharedError' }

/** The namespace's adapter lets the wallet pick the account; the site cannot. */
export class AccountSelectionUnavailableError extends BaseError {
  override name = 'AccountSelectionUnavailableError' as const
  constructor(namespace: string) {
    super('This wallet picks the account itself.', { details: `Namespace ${namespace}` })
  }
}
export type AccountSelectionUnavailableErrorType = AccountSelectionUnavailableError & {
  name: 'AccountSelectionUnavailableError'
}

export type SelectAccountErrorType =
  | NotConnectedErrorType
  | AdapterNotFoundErrorType
  | AccountNotSharedErrorType
  | AccountSelectionUnavailableErrorType
  | BaseErrorType

/**
 * Makes another of the accounts the wallet shared the active one, for wallets that share several
 * and have no active account of their own (Polkadot extensions). The adapter reports the change,
 * which updates the account, its balance and its assets like a change made in the wallet.
 *
 * @example
 * const { allAccounts } = getAccount(portico)
 * await selectAccount(portico, { address: allAccounts[1] })
 */
export async function selectAccount(portico: Portico, parameters: SelectAccountParameters): Promise<void> {
  const { state, internal } = portico
  const namespace = parameters.namespace ?? state.modal.activeChain
  const chain = namespace && state.chains[namespace]
  if (!namespace || !chain?.accountState.address || !chain.connectorId) throw new NotConnectedError(namespace)
  const adapter = internal.adapters.get(namespace)
  if (!adapter) throw new AdapterNotFoundError(namespace)
  if (!adapter.selectAccount) throw new AccountSelectionUnavailableError(namespace)
  if (!chain.accountState.allAccounts.includes(parameters.address))
    throw new AccountNotSharedError(parameters.address)
  if (parameters.address === chain.accountState.address) return
  await adapter.selectAccount({ connectorId: chain.connectorId, address: parameters.address })
}
