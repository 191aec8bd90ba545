import { type ChainNamespace, type ConnectorListItem, getConnectorList, watchConnectors } from '@portico/core'
import { useCallback } from 'react'
import { usePorticoRead } from './usePorticoRead.js'

/**
 * The wallets to offer, in display order, each with the section it belongs to ('recent', 'injected', …);
 * for one namespace when given (a multi-chain wallet then by its connector in that namespace).
 *
 * @example
 * const wallets = useConnectors()
 */
export function useConnectors(parameters: { namespace?: ChainNamespace } = {}): readonly ConnectorListItem[] {
  const { namespace } = parameters
  const read = useCallback(
    (portico: Parameters<typeof getConnectorList>[0]) =>
      getConnectorList(portico, namespace ? { namespace } : {}),
    [namespace],
  )
  return usePorticoRead(read, watchConnectors)
}
