import { type ChainNamespace, getWalletList, type WalletListItem, watchWalletList } from '@portico/core'
import { usePorticoRead } from './usePorticoRead.js'
import { useStartNow } from './useStartNow.js'

/**
 * Every wallet AllWallets lists (the connectors, then the registry's), for one namespace when given.
 *
 * @example
 * const wallets = useWalletList()
 */
export function useWalletList(parameters: { namespace?: ChainNamespace } = {}): readonly WalletListItem[] {
  const { namespace } = parameters
  useStartNow()
  return usePorticoRead(getWalletList, watchWalletList, namespace ? { namespace } : {})
}
