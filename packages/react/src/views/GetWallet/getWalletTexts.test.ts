import { expect, test, vi } from 'vitest'

test("the Get a wallet view's English texts arrive with the view's chunk, not before", async () => {
  vi.resetModules()
  const { english } = await import('../../i18n/english.js')
  const { enGetWallet } = await import('../../i18n/enGetWallet.js')
  expect(english).not.toHaveProperty('whatIsWallet')
  await import('./GetWallet.js')
  expect(english).toMatchObject(enGetWallet)
})
