import { type ConnectorListItem, getConnectorList, watchConnectors } from '@portico/core'
import { usePorticoRead } from './usePorticoRead.js'

/**
 * The wallets to offer, in display order, each with the section it belongs to ('recent', 'injected', …).
 *
 * @example
 * const wallets = useConnectors()
 */
export function useConnectors(): readonly ConnectorListItem[] {
  return usePorticoRead(getConnectorList, watchConnectors)
}
