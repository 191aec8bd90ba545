import { afterEach, expect, test, vi } from 'vitest'
import { setup } from '../testing/fakeAdapter.testkit.js'
import { dismissAlert, showAlert } from './showAlert.js'
import { showToast } from './showToast.js'

afterEach(() => vi.useRealTimers())

test('success and error toasts close after 3 s', async () => {
  vi.useFakeTimers()
  const { portico } = await setup()
  showToast(portico, { message: { key: 'transactionStarted' }, variant: 'success' })
  vi.advanceTimersByTime(2999)
  expect(portico.state.toast.current?.message).toEqual({ key: 'transactionStarted' })
  vi.advanceTimersByTime(1)
  expect(portico.state.toast.current).toBeUndefined()
})

test('a loading toast is not auto-closed, and a newer toast replaces it', async () => {
  vi.useFakeTimers()
  const { portico } = await setup()
  showToast(portico, { message: { key: 'authenticating' }, variant: 'loading' })
  vi.advanceTimersByTime(60_000)
  expect(portico.state.toast.current?.message).toEqual({ key: 'authenticating' })
  showToast(portico, { message: { key: 'somethingWentWrong' }, variant: 'error' })
  expect(portico.state.toast.current?.variant).toBe('error')
})

test('an alert carries its code and can be dismissed', async () => {
  vi.useFakeTimers()
  const { portico } = await setup()
  showAlert(portico, { message: { key: 'networkNotFound' }, code: 4902 })
  expect(portico.state.alert.current).toMatchObject({
    message: { key: 'networkNotFound' },
    code: 4902,
    variant: 'error',
  })
  dismissAlert(portico)
  expect(portico.state.alert.current).toBeUndefined()
  showAlert(portico, { message: { key: 'walletError', params: { message: 'x' } } })
  vi.advanceTimersByTime(10_000)
  expect(portico.state.alert.current).toBeUndefined()
})
