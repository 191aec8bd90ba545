// The demo's phone wallet: a WalletConnect wallet made of code that pairs through the local relay,
// so a person can click through the mobile-wallet flow without a phone.
import { ANVIL_PRIVATE_KEYS } from '@portico/test/wallet'
import {
  createTestWalletConnectWallet,
  type TestWalletConnectWallet,
} from '@portico/test/walletconnect/wallet'
import { privateKeyToAccount } from 'viem/accounts'
import { devWalletChains } from './networks.js'

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T
const uriField = $<HTMLTextAreaElement>('uri')
const accountSelect = $<HTMLSelectElement>('account')
const modeSelect = $<HTMLSelectElement>('mode')
const pairButton = $<HTMLButtonElement>('pair')
const disconnectButton = $<HTMLButtonElement>('disconnect')
const status = $<HTMLParagraphElement>('status')
const log = $<HTMLOListElement>('log')

const relayUrl = import.meta.env.VITE_WC_RELAY_URL
const rpcUrls = Object.fromEntries(
  devWalletChains.filter((chain) => chain.chainId !== 1).map((chain) => [chain.chainId, chain.rpcUrl]),
)
ANVIL_PRIVATE_KEYS.slice(0, 5).forEach((key, index) => {
  const option = document.createElement('option')
  option.value = String(index)
  option.textContent = `Account ${index + 1} (${privateKeyToAccount(key).address.slice(0, 10)}…)`
  accountSelect.append(option)
})

let wallet: TestWalletConnectWallet | undefined
let shown = 0

function note(text: string) {
  const item = document.createElement('li')
  item.textContent = text
  log.prepend(item)
}

// The wallet records what it was asked; the page lists it as it comes.
setInterval(() => {
  const requests = wallet?.requests() ?? []
  for (const request of requests.slice(shown)) note(`${request.method} on ${request.chainId}`)
  shown = requests.length
}, 500)

modeSelect.addEventListener('change', () => {
  const mode = modeSelect.value === 'reject' ? 'reject' : 'approve'
  wallet?.setMode(mode)
  wallet?.setRequestMode(mode)
})

pairButton.addEventListener('click', async () => {
  const uri = uriField.value.trim()
  if (!relayUrl) {
    status.textContent = 'This demo was built without a WalletConnect relay (VITE_WC_RELAY_URL).'
    return
  }
  if (!uri.startsWith('wc:')) {
    status.textContent = 'Paste the link from the demo: it starts with wc:'
    return
  }
  pairButton.disabled = true
  status.textContent = 'Pairing…'
  try {
    if (!wallet) {
      const key = ANVIL_PRIVATE_KEYS[Number(accountSelect.value)] ?? ANVIL_PRIVATE_KEYS[0]
      wallet = await createTestWalletConnectWallet({
        relayUrl,
        account: privateKeyToAccount(key),
        rpcUrls,
        name: 'Portico Demo Phone',
      })
      accountSelect.disabled = true
      const mode = modeSelect.value === 'reject' ? 'reject' : 'approve'
      wallet.setMode(mode)
      wallet.setRequestMode(mode)
    }
    await wallet.pair(uri)
    status.textContent = 'Paired: answer the site from here.'
    disconnectButton.hidden = false
    uriField.value = ''
  } catch (error) {
    status.textContent = `Pairing failed: ${error instanceof Error ? error.message : String(error)}`
  } finally {
    pairButton.disabled = false
  }
})

disconnectButton.addEventListener('click', async () => {
  await wallet?.disconnect()
  status.textContent = 'Disconnected from the site.'
  disconnectButton.hidden = true
})
