import type { AdapterEvent } from '../adapterKit/contract.js'
import { refreshAccountAssets } from '../balances/refreshAccountAssets.js'
import { refreshBalance } from '../balances/refreshBalance.js'
import { toCaipAddress } from '../network/caip.js'
import { setWalletNetwork } from '../network/setWalletNetwork.js'
import type { ChainNamespace } from '../network/types.js'
import type { Portico } from '../portico.js'
import { reportDomainEvent } from '../reportDomainEvent.js'
import { resetSend } from '../send/resetSend.js'
import { clearConnection } from './clearConnection.js'

/** Turns what an adapter reports (new wallets, account, network, disconnect) into state. */
export function handleAdapterEvent(portico: Portico, namespace: ChainNamespace, event: AdapterEvent): void {
  const { state, internal } = portico
  if (event.type === 'connectors') {
    state.connectors.byNamespace[namespace] = [...event.connectors]
    return
  }
  const chain = state.chains[namespace]
  if (!chain || chain.connectorId !== event.connectorId || chain.accountState.status !== 'connected') return

  switch (event.type) {
    case 'accountsChanged': {
      const [address] = event.accounts
      if (!address) {
        clearConnection(portico, namespace)
        return
      }
      // The send form belongs to the account it was filled in for.
      if (address !== chain.accountState.address) resetSend(portico)
      chain.accountState.address = address
      chain.accountState.allAccounts = [...event.accounts]
      const network = chain.networkState.caipNetwork
      if (network) {
        chain.accountState.caipAddress = toCaipAddress(network.caipNetworkId, address)
        chain.accountState.addressExplorerUrl = internal.adapters
          .get(namespace)
          ?.getAddressExplorerUrl?.({ address, network })
      }
      void refreshBalance(portico, { namespace })
      refreshAccountAssets(portico, { namespace })
      return
    }
    case 'chainChanged': {
      setWalletNetwork(portico, namespace, event.chainId)
      reportDomainEvent(portico, { type: 'networkChanged', namespace })
      void refreshBalance(portico, { namespace })
      refreshAccountAssets(portico, { namespace })
      return
    }
    case 'disconnect':
      clearConnection(portico, namespace)
      return
  }
}
