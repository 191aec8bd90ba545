import type { PorticoConfig } from '@portico/core'
import { expect, test, vi } from 'vitest'
import { createTestPortico } from '../testkit/createTestPortico.testkit.js'
import { preloadView } from './preloadModal.js'
import { nextViews, preloadViews } from './preloadViews.js'
import { isViewLoaded, loadableViews, loadView } from './views.js'

test("preloadView fetches a view's code before the modal asks for it, once", async () => {
  expect(isViewLoaded('Networks')).toBe(false)
  preloadView('Networks')
  await vi.waitFor(() => expect(isViewLoaded('Networks')).toBe(true), { timeout: 10_000 })
  // Opening the modal on it now renders in the same frame: the module is already settled.
  const module = loadView('Networks')
  expect(module.status).toBe('fulfilled')
  preloadView('Networks')
  expect(loadView('Networks')).toBe(module)
})

test('the views fetched ahead are those one step away that the site can reach', () => {
  const plain = createTestPortico().portico
  expect(nextViews(plain, 'Connect')).toEqual(['ConnectingExternal', 'AllWallets'])
  expect(nextViews(plain, 'ConnectingExternal')).toEqual(['Account', 'UnsupportedChain'])
  const walletConnect = createTestPortico({
    config: { walletConnect: {} as NonNullable<PorticoConfig['walletConnect']> },
  }).portico
  expect(nextViews(walletConnect, 'Connect')).toContain('ConnectingWalletConnectBasic')
  expect(nextViews(plain, 'WalletSendConfirmed')).toEqual([])
})

test('while a view shows, the next views are fetched once the browser is idle, and no others', async () => {
  vi.useFakeTimers()
  const { portico } = createTestPortico()
  preloadViews(portico, 'WalletSend')
  expect(isViewLoaded('WalletSendSelectToken')).toBe(false)
  await vi.advanceTimersByTimeAsync(200)
  vi.useRealTimers()
  await vi.waitFor(
    () => {
      expect(isViewLoaded('WalletSendSelectToken')).toBe(true)
      expect(isViewLoaded('WalletSendPreview')).toBe(true)
    },
    { timeout: 10_000 },
  )
  expect(isViewLoaded('ApproveTransaction')).toBe(false)
  expect(isViewLoaded('WalletReceive')).toBe(false)
})

test("every view's module gives its component under the view's name", async () => {
  const views = loadableViews()
  expect(views).toContain('Connect')
  const components = await Promise.all(views.map((view) => loadView(view)))
  for (const [index, component] of components.entries()) {
    const kind = typeof component
    expect(kind === 'function' || (kind === 'object' && component !== null), views[index]).toBe(true)
  }
}, 60_000)
