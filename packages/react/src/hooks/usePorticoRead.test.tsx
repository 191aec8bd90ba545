import {
  type AdapterContext,
  type Connector,
  createMemoryStorage,
  createPortico,
  getTheme,
  initialize,
  openModal,
  type Portico,
  setTheme,
  type WatchParameters,
  watchTheme,
} from '@portico/core'
import { fakeAdapter } from '@portico/core/testing'
import { act, cleanup, render } from '@testing-library/react'
import { useCallback } from 'react'
import { afterEach, expect, test } from 'vitest'
import { PorticoProvider } from '../PorticoProvider/PorticoProvider.js'
import { createTestPortico, ethereum, optimism, wallets } from '../testkit/createTestPortico.testkit.js'
import { useConnectors } from './useConnectors.js'
import { usePorticoRead } from './usePorticoRead.js'

afterEach(cleanup)

type Seen = { renders: number; subscriptions: number; active: number }

/** The theme mode, read through a watcher that counts its subscriptions. */
function ThemeMode({ seen }: { seen: Seen }) {
  seen.renders++
  const watch = useCallback(
    (portico: Portico, parameters: WatchParameters<ReturnType<typeof getTheme>>) => {
      seen.subscriptions++
      seen.active++
      const stop = watchTheme(portico, parameters)
      return () => {
        seen.active--
        stop()
      }
    },
    [seen],
  )
  return <output>{usePorticoRead(getTheme, watch).themeMode}</output>
}

function renderThemeMode(portico: Portico) {
  const seen: Seen = { renders: 0, subscriptions: 0, active: 0 }
  const utils = render(
    <PorticoProvider portico={portico}>
      <ThemeMode seen={seen} />
    </PorticoProvider>,
  )
  return { seen, ...utils }
}

/** Records the names of the EVM wallets offered, at each render. */
function EvmWallets({ names }: { names: string[][] }) {
  const list = useConnectors({ namespace: 'eip155' })
  names.push(list.map((item) => item.connector.name))
  return null
}

test('a component holds one subscription and re-renders only when its read changes', async () => {
  const { portico } = createTestPortico()
  const { seen, container, unmount } = renderThemeMode(portico)
  expect(container.textContent).toBe('dark')
  expect(seen.active).toBe(1)
  const renders = seen.renders
  await act(async () => openModal(portico))
  expect(seen.renders).toBe(renders)
  await act(async () => setTheme(portico, { themeMode: 'light' }))
  expect(container.textContent).toBe('light')
  expect(seen.renders).toBe(renders + 1)
  expect(seen.subscriptions).toBe(1)
  unmount()
  expect(seen.active).toBe(0)
})

test('useConnectors for one namespace follows that namespace’s list as the adapter announces wallets', async () => {
  const fake = fakeAdapter('eip155', wallets)
  const emit: AdapterContext['emit'] = (event) => fake.handle.context?.emit(event)
  const portico = createPortico({
    networks: [ethereum, optimism],
    adapters: [fake.factory],
    isMobile: () => false,
    storage: createMemoryStorage(),
    ssr: true,
  })
  const names: string[][] = []
  render(
    <PorticoProvider portico={portico}>
      <EvmWallets names={names} />
    </PorticoProvider>,
  )
  await act(async () => initialize(portico))
  expect(names.at(-1)).toEqual(['Rabby', 'MetaMask'])
  const rainbow: Connector = {
    id: 'me.rainbow',
    rdns: 'me.rainbow',
    name: 'Rainbow',
    type: 'ANNOUNCED',
    namespace: 'eip155',
    installed: true,
  }
  await act(async () => emit({ type: 'connectors', connectors: [...wallets, rainbow] }))
  expect(names.at(-1)).toEqual(['Rabby', 'MetaMask', 'Rainbow'])
})
