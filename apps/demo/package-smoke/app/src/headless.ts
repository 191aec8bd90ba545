// The README's "Quick start: any site, no React", as a site copies it.
import { defineEvmNetwork, evm } from '@portico/adapter-evm'
import {
  type ConnectErrorType,
  connect,
  createPortico,
  getAccount,
  getConnectorList,
  watchAccount,
  watchConnectors,
} from '@portico/core'
import { mainnet } from 'viem/chains'

const portico = createPortico({ networks: [defineEvmNetwork(mainnet)], adapters: [evm()] })

function renderWallets() {
  for (const old of document.querySelectorAll('button.wallet')) old.remove()
  for (const { connector } of getConnectorList(portico)) {
    const button = document.createElement('button')
    button.className = 'wallet'
    button.textContent = `Connect ${connector.name}`
    button.onclick = async () => {
      try {
        await connect(portico, { connectorId: connector.id })
      } catch (e) {
        const error = e as ConnectErrorType
        if (error.name === 'UserRejectedRequestError') console.log('declined in the wallet')
        else console.log(`not connected: ${error.shortMessage}`)
      }
    }
    document.body.append(button)
  }
}
// Wallets are found once the page is idle after load, and announce themselves as they come.
renderWallets()
watchConnectors(portico, { onChange: renderWallets })
watchAccount(portico, {
  onChange: () => {
    const { isConnected, address } = getAccount(portico)
    console.log(isConnected ? `connected ${address}` : 'disconnected')
  },
})
