import { type Connector, connect, connectWalletConnect, shakeModal } from '@portico/core'
import { useCallback } from 'react'
import { usePortico } from '../hooks/usePortico.js'

/** Starts connecting to a wallet; core shows the connecting view and records any failure there. */
export function useSelectWallet(): (connector: Connector) => void {
  const portico = usePortico()
  return useCallback(
    (connector: Connector) => {
      // A mobile wallet pairs first (QR code or link); its adapters connect once the wallet approves.
      if (connector.type === 'WALLET_CONNECT') {
        void connectWalletConnect(portico)
        return
      }
      // connect() only throws when the wallet vanished between render and click.
      connect(portico, { connectorId: connector.id, namespace: connector.namespace }).catch(
        (error: unknown) => {
          portico.internal.logger.warn(`connect: ${connector.name} is no longer available`, error)
          shakeModal(portico)
        },
      )
    },
    [portico],
  )
}
