import { expect, it } from 'vitest'
import { installTestBitcoinWallets } from './installTestBitcoinWallets.js'

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  }
}

it('puts each protocol wallet where its wallet does, and keeps each authorisation across page loads', async () => {
  const persist = memoryStorage()
  const firstPage = new EventTarget() as EventTarget & Record<string, unknown>
  const first = installTestBitcoinWallets({
    unisat: ['okx', 'bitget'],
    phantom: true,
    persist,
    target: firstPage,
  })
  expect((firstPage.okxwallet as Record<string, unknown>).bitcoin).toBe(first.unisat.okx!.provider)
  expect((firstPage.bitkeep as Record<string, unknown>).unisat).toBe(first.unisat.bitget!.provider)
  expect((firstPage.phantom as Record<string, unknown>).bitcoin).toBe(first.phantom!.provider)
  expect(firstPage.__porticoTestBitcoinWallets).toBe(first)
  await first.unisat.okx!.provider.requestAccounts()

  const secondPage = new EventTarget() as EventTarget & Record<string, unknown>
  const second = installTestBitcoinWallets({
    unisat: ['okx', 'bitget'],
    phantom: true,
    persist,
    target: secondPage,
  })
  expect(await second.unisat.okx!.provider.getAccounts()).toEqual([second.unisat.okx!.accounts[0]])
  expect(await second.unisat.bitget!.provider.getAccounts()).toEqual([])
  expect(second.phantom!.state().connected).toBe(false)
})

it('registers the Wallet Standard wallet with apps that start later', () => {
  const page = new EventTarget()
  const { standard } = installTestBitcoinWallets({ standard: { name: 'Late App Wallet' }, target: page })
  const registered: unknown[] = []
  page.dispatchEvent(
    new CustomEvent('wallet-standard:app-ready', {
      detail: {
        register: (wallet: unknown) => {
          registered.push(wallet)
          return () => {}
        },
      },
    }),
  )
  expect(registered).toEqual([standard!.wallet])
})
