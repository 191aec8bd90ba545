import type { View } from '@portico/core'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { ComponentType } from 'react'
import { afterEach, expect, test, vi } from 'vitest'
import { ViewBoundary } from './ViewBoundary.js'
import { ViewOutlet } from './ViewOutlet.js'
import type { ViewModule } from './views.js'

afterEach(cleanup)

function settledModule(result: { component: ComponentType } | { error: Error }): ViewModule {
  const module: ViewModule =
    'component' in result ? Promise.resolve(result.component) : Promise.reject(result.error)
  module.catch(() => {})
  if ('component' in result) Object.assign(module, { status: 'fulfilled', value: result.component })
  else Object.assign(module, { status: 'rejected', reason: result.error })
  return module
}

function Harness({ load, onRetry }: { load: (view: View) => ViewModule; onRetry: () => void }) {
  return (
    <ViewBoundary view="Networks" onRetry={onRetry}>
      <ViewOutlet view="Networks" loading={<p>Loading…</p>} load={load} />
    </ViewBoundary>
  )
}

test('a view whose code failed to load offers "Try again", which loads it anew', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  let fail = true
  const load = () =>
    settledModule(fail ? { error: new Error('chunk failed') } : { component: () => <p>Networks view</p> })
  const view = render(<Harness load={load} onRetry={() => {}} />)
  expect(screen.getByRole('alert').textContent).toContain('could not be loaded')
  fail = false
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })))
  expect(screen.getByText('Networks view')).toBeTruthy()
  view.unmount()
})

test('a view renders in the same frame when its code is already there, and waits without suspending otherwise', async () => {
  const ready = settledModule({ component: () => <p>Ready view</p> })
  render(<ViewOutlet view="Account" loading={<p>Loading…</p>} load={() => ready} />)
  expect(screen.getByText('Ready view')).toBeTruthy()
  cleanup()

  let resolve: (component: ComponentType) => void = () => {}
  const pending: ViewModule = new Promise<ComponentType>((done) => {
    resolve = done
  })
  pending.then((component) => Object.assign(pending, { status: 'fulfilled', value: component }))
  render(<ViewOutlet view="Account" loading={<p>Loading…</p>} load={() => pending} />)
  expect(screen.getByText('Loading…')).toBeTruthy()
  await act(async () => resolve(() => <p>Late view</p>))
  expect(screen.getByText('Late view')).toBeTruthy()
})

function SettlesWhenRendered({ gap }: { gap: { settled: boolean } }) {
  gap.settled = true
  return <p>Loading…</p>
}

test('a view whose code arrives between the render and its effect is still shown', () => {
  // The module settles in the gap between React rendering the outlet (which shows the loading
  // element) and running its effect: rendering the loading element is what settles it here.
  const gap = { settled: false }
  const module: ViewModule = Promise.resolve<ComponentType>(() => <p>Quick view</p>)
  Object.defineProperty(module, 'status', { get: () => (gap.settled ? 'fulfilled' : undefined) })
  module.value = () => <p>Quick view</p>
  render(<ViewOutlet view="Networks" loading={<SettlesWhenRendered gap={gap} />} load={() => module} />)
  expect(screen.getByText('Quick view')).toBeTruthy()
})
