// A site without React drives Portico through @portico/core's actions and reads, with its own UI.
import {
  type CaipNetworkId,
  type ConnectErrorType,
  connect,
  disconnect,
  formatDisplayAmount,
  formatMessage,
  getAccount,
  getConnection,
  getConnectorList,
  getNetwork,
  type SwitchNetworkErrorType,
  switchNetwork,
  watchAccount,
  watchConnection,
  watchConnectors,
  watchNetwork,
} from '@portico/core'
import { loadDemoBitcoin } from './bitcoin.js'
import { installDevWallet } from './devWallet.js'
import { loadDemoPolkadot } from './polkadot.js'
import { createDemoPortico } from './portico.js'
import { loadDemoSolana } from './solana.js'

const [solana, polkadot, bitcoin] = await Promise.all([
  loadDemoSolana(),
  loadDemoPolkadot(),
  loadDemoBitcoin(),
  installDevWallet(),
])
const portico = createDemoPortico({}, solana, polkadot, bitcoin)
Object.assign(window, { portico })

const element = <T extends HTMLElement>(id: string) => document.getElementById(id) as T
const wallets = element<HTMLUListElement>('wallets')
const status = element<HTMLParagraphElement>('status')
const networkSelect = element<HTMLSelectElement>('network')
const disconnectButton = element<HTMLButtonElement>('disconnect')
const outcome = element<HTMLParagraphElement>('outcome')

// Core's actions reject with typed errors: a refusal in the wallet is a UserRejectedRequestError
// (EIP-1193 4001), told apart by its `name` (safe even with two copies of the package on a page).
async function connectWallet(connectorId: string, name: string) {
  outcome.textContent = ''
  try {
    const { address } = await connect(portico, { connectorId })
    outcome.textContent = `${name} connected ${address}.`
  } catch (e) {
    const error = e as ConnectErrorType
    if (error.name === 'UserRejectedRequestError')
      outcome.textContent = `You declined the connection in ${name}.`
    else if (error.name === 'RequestCancelledError') outcome.textContent = ''
    else outcome.textContent = `${name} did not connect: ${error.shortMessage}`
  }
}

async function chooseNetwork(networkId: CaipNetworkId) {
  outcome.textContent = ''
  try {
    const { network } = await switchNetwork(portico, { networkId })
    outcome.textContent = `Switched to ${network.name}.`
  } catch (e) {
    const error = e as SwitchNetworkErrorType
    outcome.textContent =
      error.name === 'UserRejectedRequestError'
        ? 'You declined the network switch in your wallet.'
        : `The network did not change: ${error.shortMessage}`
    // The select goes back to the network the wallet is still on.
    renderStatus()
  }
}

function renderWallets() {
  wallets.replaceChildren(
    ...getConnectorList(portico).map(({ connector }) => {
      const item = document.createElement('li')
      const button = document.createElement('button')
      button.type = 'button'
      button.textContent = `Connect ${connector.name}`
      button.addEventListener('click', () => void connectWallet(connector.id, connector.name))
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
  void chooseNetwork(networkSelect.value as CaipNetworkId)
})
disconnectButton.addEventListener('click', () => void disconnect(portico))

watchConnectors(portico, { onChange: renderWallets })
for (const watch of [watchAccount, watchConnection, watchNetwork]) watch(portico, { onChange: renderStatus })
renderWallets()
renderStatus()
