// A site without React drives Portico through @portico/core's actions and reads, with its own UI.
import {
  type CaipNetworkId,
  connect,
  disconnect,
  formatDisplayAmount,
  formatMessage,
  getAccount,
  getConnection,
  getConnectorList,
  getNetwork,
  switchNetwork,
  watchAccount,
  watchConnection,
  watchConnectors,
  watchNetwork,
} from '@portico/core'
import { installDevWallet } from './devWallet.js'
import { createDemoPortico } from './portico.js'
import { loadDemoSolana } from './solana.js'

const [solana] = await Promise.all([loadDemoSolana(), installDevWallet()])
const portico = createDemoPortico({}, solana)
Object.assign(window, { portico })

const element = <T extends HTMLElement>(id: string) => document.getElementById(id) as T
const wallets = element<HTMLUListElement>('wallets')
const status = element<HTMLParagraphElement>('status')
const networkSelect = element<HTMLSelectElement>('network')
const disconnectButton = element<HTMLButtonElement>('disconnect')

function renderWallets() {
  wallets.replaceChildren(
    ...getConnectorList(portico).map(({ connector }) => {
      const item = document.createElement('li')
      const button = document.createElement('button')
      button.type = 'button'
      button.textContent = `Connect ${connector.name}`
      button.addEventListener('click', () => void connect(portico, { connectorId: connector.id }))
      item.append(button)
      return item
    }),
  )
  if (wallets.children.length === 0) wallets.textContent = 'No wallet found in this browser.'
}

function renderStatus() {
  const account = getAccount(portico)
  const connection = getConnection(portico)
  const { network, supported, networks } = getNetwork(portico)
  if (account.isConnected) {
    const balance =
      account.balance === undefined ? '…' : `${formatDisplayAmount(account.balance)} ${account.balanceSymbol}`
    status.textContent = `Connected ${account.address} on ${supported ? network?.name : 'an unsupported network'} · ${balance}`
  } else if (connection.status === 'connecting') status.textContent = 'Waiting for the wallet…'
  else if (account.isReconnecting) status.textContent = 'Reconnecting to the wallet of the last visit…'
  else
    status.textContent = connection.error
      ? `Not connected: ${formatMessage(connection.error.message)}`
      : 'Disconnected'
  disconnectButton.hidden = !account.isConnected
  networkSelect.replaceChildren(
    ...networks.map(
      (candidate) => new Option(candidate.name, candidate.caipNetworkId, false, candidate === network),
    ),
  )
  networkSelect.value = network?.caipNetworkId ?? ''
}

networkSelect.addEventListener('change', () => {
  void switchNetwork(portico, { networkId: networkSelect.value as CaipNetworkId })
})
disconnectButton.addEventListener('click', () => void disconnect(portico))

watchConnectors(portico, { onChange: renderWallets })
for (const watch of [watchAccount, watchConnection, watchNetwork]) watch(portico, { onChange: renderStatus })
renderWallets()
renderStatus()
