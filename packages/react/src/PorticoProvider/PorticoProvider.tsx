import { initializeWhenIdle, type Portico } from '@portico/core'
import { type ReactNode, useEffect } from 'react'
import { MessagesContext } from '../i18n/MessagesContext.js'
import type { Locale, Messages } from '../i18n/messages.js'
import { useCatalogue } from '../i18n/useCatalogue.js'
import { Modal } from '../Modal/Modal.js'
import { preloadModalWhenIdle } from '../Modal/preloadModal.js'
import { PorticoContext } from './PorticoContext.js'

export type PorticoProviderProps = {
  /** The instance made by `createPortico`; create it once, outside any component. */
  portico: Portico
  /**
   * The language of the modal and ConnectButton. Default 'en'. English is bundled; another locale
   * is fetched in its own chunk the first time it is selected, and English is shown meanwhile.
   */
  locale?: Locale
  /**
   * Your own wording for some texts, on top of the locale's catalogue, e.g.
   * `{ connectWallet: 'Sign in' }`. Keys and `{placeholders}` are those of the English catalogue.
   * Keep the object stable (define it outside the component) so the texts are not rebuilt on
   * every render.
   */
  messages?: Partial<Messages>
  /**
   * Fetch the code of the view the modal opens on once the page is idle after load, so the first
   * click shows it at once. Default true; never when the visitor's browser saves data (Save-Data).
   * With false, the code is fetched on a sign of intent (pointer over or focus on
   * `<ConnectButton>`, or your own button calling `preloadModal`) or on opening.
   */
  preload?: boolean
  children?: ReactNode
}

/**
 * Gives its children the Portico instance, starts it in the browser (wallet discovery, restoring
 * the last connection: once the page is idle after load, at once for a visitor whose last visit
 * ended connected, or on the first click) and renders the modal, in the language chosen by `locale`. An instance
 * created with `enableEmbedded: true` gets no overlay: place `<PorticoEmbed/>` where it shows.
 *
 * @example
 * const portico = createPortico({ networks: [mainnet], adapters: [evm()] })
 * createRoot(root).render(
 *   <PorticoProvider portico={portico} locale="de">
 *     <App />
 *   </PorticoProvider>,
 * )
 */
export function PorticoProvider({
  portico,
  locale = 'en',
  messages,
  preload = true,
  children,
}: PorticoProviderProps) {
  useEffect(() => initializeWhenIdle(portico), [portico])
  useEffect(() => (preload ? preloadModalWhenIdle(portico) : undefined), [portico, preload])
  const catalogue = useCatalogue(portico, locale, messages)
  return (
    <PorticoContext.Provider value={portico}>
      <MessagesContext.Provider value={catalogue}>
        {children}
        {!portico.options.enableEmbedded && <Modal />}
      </MessagesContext.Provider>
    </PorticoContext.Provider>
  )
}
