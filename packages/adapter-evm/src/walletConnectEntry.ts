import {
  type Connector,
  WALLET_CONNECT_CONNECTOR_ID,
  WALLET_CONNECT_ICON,
  type WalletConnect,
} from '@portico/core'
import { createWalletConnectProvider } from './walletConnectProvider.js'

/** The WALLET_CONNECT connector over the shared session (its id is core's `WALLET_CONNECT_CONNECTOR_ID`). */
export function walletConnectEntry(service: WalletConnect) {
  const connector: Connector = {
    id: WALLET_CONNECT_CONNECTOR_ID,
    name: 'WalletConnect',
    type: 'WALLET_CONNECT',
    namespace: 'eip155',
    installed: true,
    imageUrl: WALLET_CONNECT_ICON,
  }
  return { connector, provider: createWalletConnectProvider(service) }
}
