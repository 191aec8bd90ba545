import { expect, it } from 'vitest'
import { installTestBitcoinWallet } from './installTestBitcoinWallet.js'

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  }
}

it('lists the wallet in btc_providers, points its id at the provider, and keeps its authorisation across page loads', async () => {
  const storage = memoryStorage()
  const firstPage: Record<string, unknown> = {}
  const first = installTestBitcoinWallet({ target: firstPage, persist: storage })
  expect(firstPage.btc_providers).toEqual([first.wallet.info])
  expect((firstPage.PorticoDevWallet as Record<string, unknown>).BitcoinProvider).toBe(first.wallet.provider)
  expect(firstPage.__porticoDevBitcoinWallet).toBe(first.wallet)
  await first.wallet.provider.request('getAccounts', { purposes: ['payment', 'ordinals'] })
  first.wallet.setAccount(1)

  const secondPage: Record<string, unknown> = {}
  const second = installTestBitcoinWallet({ target: secondPage, persist: storage })
  const answer = (await second.wallet.provider.request('getAddresses', {})) as {
    result: { addresses: { address: string }[] }
  }
  expect(answer.result.addresses[0]!.address).toBe(second.wallet.accounts[1]!.payment)
  second.uninstall()
  expect(secondPage.btc_providers).toEqual([])
  expect(secondPage.__porticoDevBitcoinWallet).toBeUndefined()
})

it('starts fresh from a corrupt stored entry', async () => {
  const storage = memoryStorage()
  storage.setItem('portico-dev-bitcoin-wallet:Portico Dev Wallet', '{not json')
  const { wallet } = installTestBitcoinWallet({ target: {}, persist: storage })
  expect(wallet.state()).toMatchObject({ connected: false, accountIndex: 0 })
})
