import { type ChainNamespace, type ConnectorListItem, getConnectorList, watchConnectors } from '@portico/core'
import { usePorticoRead } from './usePorticoRead.js'
import { useStartNow } from './useStartNow.js'

/**
 * The wallets to offer, in display order, each with the section it belongs to ('recent', 'injected', …);
 * for one namespace when given (a multi-chain wallet then by its connector in that namespace).
 *
 * @example
 * const wallets = useConnectors()
 */
export function useConnectors(parameters: { namespace?: ChainNamespace } = {}): readonly ConnectorListItem[] {
  const { namespace } = parameters
  useStartNow()
  return usePorticoRead(getConnectorList, watchConnectors, namespace ? { namespace } : {})
}
