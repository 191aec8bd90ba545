import { expect, test, vi } from 'vitest'
import { isViewLoaded, loadView, preloadView } from './views.js'

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
