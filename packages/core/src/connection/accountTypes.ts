import type { TypedAccount } from '../adapterKit/contract.js'
import { BaseError } from '../errors/base.js'
import type { Portico } from '../portico.js'
import { defineSelector } from '../selector.js'

export interface AccountTypes {
  /** The connected wallet's addresses by type; empty for wallets with one kind of account. */
  accounts: readonly TypedAccount[]
  /** The type of the active address, when the wallet has typed accounts. */
  active: TypedAccount['type'] | undefined
}

const NONE: AccountTypes = { accounts: [], active: undefined }

const accountTypes = /* @__PURE__ */ defineSelector((portico: Portico): AccountTypes => {
  const namespace = portico.state.modal.activeChain
  const chain = namespace ? portico.state.chains[namespace] : undefined
  const adapter = namespace ? portico.internal.adapters.get(namespace) : undefined
  const connectorId = chain?.connectorId
  if (!chain || !adapter?.accountTypes || !connectorId || chain.accountState.status !== 'connected')
    return NONE
  const accounts = adapter.accountTypes.get(connectorId)
  if (accounts.length < 2) return NONE
  const active = accounts.find((account) => account.address === chain.accountState.address)?.type
  return { accounts, active }
})
/**
 * The connected wallet's accounts by type (Bitcoin's payment and ordinals addresses) and which one
 * is active; empty for wallets with one kind of account.
 *
 * @example
 * const { accounts, active } = getAccountTypes(portico) // active: 'payment'
 */
export const getAccountTypes = accountTypes.get
/** Calls `onChange(types, previous)` when the typed accounts or the active one change; returns the unsubscribe. */
export const watchAccountTypes = accountTypes.watch

/** The connected wallet has no account of the asked type. */
export class AccountTypeNotAvailableError extends BaseError {
  override name = 'AccountTypeNotAvailableError' as const
  constructor(type: string) {
    super('This wallet has no account of that type.', { details: type })
  }
}
export type AccountTypeNotAvailableErrorType = AccountTypeNotAvailableError & {
  name: 'AccountTypeNotAvailableError'
}

/**
 * Makes the wallet's `type` address the active account of the active namespace (SPEC §3
 * `preferredAccountType`); the adapter reports the change and the account follows.
 *
 * @example
 * setAccountType(portico, 'ordinal')
 */
export function setAccountType(portico: Portico, type: TypedAccount['type']): void {
  const namespace = portico.state.modal.activeChain
  const chain = namespace ? portico.state.chains[namespace] : undefined
  const adapter = namespace ? portico.internal.adapters.get(namespace) : undefined
  const connectorId = chain?.connectorId
  if (
    !chain ||
    !connectorId ||
    !adapter?.accountTypes?.get(connectorId).some((account) => account.type === type)
  )
    throw new AccountTypeNotAvailableError(type)
  adapter.accountTypes.set({ connectorId, type })
  chain.accountState.preferredAccountType = type
}
