import { type Connector, selectWallet } from '@portico/core'
import { useCallback } from 'react'
import { usePortico } from '../hooks/usePortico.js'

/** A wallet row's action: core's `selectWallet` decides what follows and shows it. */
export function useSelectWallet(): (connector: Connector) => void {
  const portico = usePortico()
  return useCallback(
    (connector: Connector) => {
      void selectWallet(portico, { connectorId: connector.id, namespace: connector.namespace })
    },
    [portico],
  )
}
