// @vitest-environment node
//
// The server half runs in plain Node, with no `window` or `document` at all, so any browser global
// touched at module top level or during render fails here. The browser half then installs a
// happy-dom window by hand, loads react-dom/client only after that (it checks for a DOM when it
// loads), and hydrates the exact server markup, failing on any hydration warning.
import { createMemoryStorage, createPortico, type PorticoConfig } from '@portico/core'
import { fakeAdapter } from '@portico/core/testing'
import { renderToString } from 'react-dom/server'
import { afterAll, expect, test, vi } from 'vitest'
import { ConnectButton } from './ConnectButton/ConnectButton.js'
import { PorticoEmbed } from './PorticoEmbed/PorticoEmbed.js'
import { PorticoProvider } from './PorticoProvider/PorticoProvider.js'
import { ethereum, optimism, wallets } from './testkit/createTestPortico.testkit.js'

const config = (): PorticoConfig => ({
  networks: [ethereum, optimism],
  adapters: [fakeAdapter('eip155', wallets).factory],
  storage: createMemoryStorage(),
  isMobile: () => false,
  ssr: true,
})

const app = (portico: ReturnType<typeof createPortico>) => (
  <PorticoProvider portico={portico}>
    <main>
      <ConnectButton />
    </main>
  </PorticoProvider>
)

const installed: string[] = []
afterAll(() => {
  for (const key of installed) Reflect.deleteProperty(globalThis, key)
})

test('the embedded panel renders its host on a server, and nothing inside it until the browser', () => {
  const portico = createPortico({ ...config(), enableEmbedded: true })
  const html = renderToString(
    <PorticoProvider portico={portico}>
      <PorticoEmbed className="wallet" />
    </PorticoProvider>,
  )
  expect(html).toBe('<div class="wallet" data-portico-embed=""></div>')
})

test('renders on a server without browser globals and hydrates without a mismatch', async () => {
  expect(typeof window).toBe('undefined')
  expect(typeof document).toBe('undefined')
  const html = renderToString(app(createPortico(config())))
  expect(html).toContain('Connect Wallet')
  expect(html).toContain('class="portico-cb"')
  // No inline style attribute for a CSP to allow, and the modal renders nothing on the server.
  expect(html).not.toContain('style=')
  expect(html).not.toContain('dialog')

  const { Window } = await import('happy-dom')
  const browser = new Window({ url: 'https://site.example/' })
  const globals: Record<string, unknown> = {
    window: browser,
    document: browser.document,
    navigator: browser.navigator,
    IS_REACT_ACT_ENVIRONMENT: true,
  }
  for (const name of ['HTMLElement', 'HTMLIFrameElement', 'Element', 'Node', 'Event', 'CSSStyleSheet'])
    globals[name] = (browser as unknown as Record<string, unknown>)[name]
  for (const [key, value] of Object.entries(globals)) {
    Object.defineProperty(globalThis, key, { value, configurable: true, writable: true })
    installed.push(key)
  }

  const { hydrateRoot } = await import('react-dom/client')
  const { act } = await import('react')
  const container = document.createElement('div')
  container.innerHTML = html
  document.body.append(container)
  const errors: unknown[] = []
  const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args))
  const portico = createPortico(config())
  await act(async () => {
    hydrateRoot(container, app(portico), {
      onRecoverableError: (error) => errors.push(error),
    })
  })
  consoleError.mockRestore()
  expect(errors).toEqual([])
  // Hydrated and interactive: the button opens the modal into a shadow root, and starts the
  // instance if the page has not been idle yet.
  const button = container.querySelector('button') as HTMLButtonElement
  expect(button.textContent).toBe('Connect Wallet')
  await act(async () => button.click())
  expect(portico.state.modal.initialized).toBe(true)
  expect(portico.state.modal.open).toBe(true)
  expect(document.querySelector('[data-portico-modal]')?.shadowRoot).toBeTruthy()
  await browser.happyDOM.abort()
  browser.close()
})
