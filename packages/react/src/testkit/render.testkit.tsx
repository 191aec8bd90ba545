import { initialize, type OpenModalParameters, openModal, type Portico } from '@portico/core'
import { act, configure, type RenderResult, render, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { ConnectButton } from '../ConnectButton/ConnectButton.js'
import type { Locale } from '../i18n/messages.js'
import { PorticoProvider } from '../PorticoProvider/PorticoProvider.js'
import { createTestPortico } from './createTestPortico.testkit.js'

// A view chunk is transformed on first import; give it more than the default second.
configure({ asyncUtilTimeout: 4000 })

/** Renders the provider with a ConnectButton on a fresh instance and waits until it is started. */
export async function renderPortico(
  options: Parameters<typeof createTestPortico>[0] & { children?: ReactNode; locale?: Locale } = {},
): Promise<ReturnType<typeof createTestPortico> & RenderResult> {
  const test = createTestPortico(options)
  const utils = render(
    <PorticoProvider portico={test.portico} locale={options.locale ?? 'en'}>
      {options.children ?? <ConnectButton />}
    </PorticoProvider>,
  )
  await act(async () => {
    await initialize(test.portico)
  })
  return { ...test, ...utils }
}

/** The modal's shadow root, once the modal has opened. */
export function modalRoot(): ShadowRoot | null {
  return document.querySelector('[data-portico-modal]')?.shadowRoot ?? null
}

/** Queries scoped to the modal's shadow root (screen queries do not enter shadow trees). */
export function modal() {
  const root = modalRoot()
  if (!root) throw new Error('The modal has not opened.')
  return within(root as unknown as HTMLElement)
}

/** Runs a state change and lets React apply it. */
export async function run(change: () => unknown): Promise<void> {
  await act(async () => {
    await change()
  })
}

/** Opens the modal and waits for its view to load. */
export async function open(portico: Portico, parameters?: OpenModalParameters) {
  await run(() => openModal(portico, parameters))
  await waitFor(() => {
    if (!modalRoot()?.querySelector('[role="dialog"]')) throw new Error('no dialog yet')
  })
  await waitFor(() => {
    if (modalRoot()?.querySelector('[aria-busy="true"].skeleton')) throw new Error('view still loading')
  })
  return modal()
}
