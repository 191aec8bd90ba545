import { type AccountTypes, getAccountTypes, watchAccountTypes } from '@portico/core'
import { usePorticoRead } from './usePorticoRead.js'

/**
 * The connected wallet's accounts by type (Bitcoin's payment and ordinals addresses) and the active
 * one; `accounts` is empty for wallets with one kind of account.
 *
 * @example
 * const { accounts, active } = useAccountTypes()
 */
export function useAccountTypes(): AccountTypes {
  return usePorticoRead(getAccountTypes, watchAccountTypes)
}
