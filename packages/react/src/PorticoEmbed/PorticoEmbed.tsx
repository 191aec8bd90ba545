import { getLogger, getModal, openModal } from '@portico/core'
import { useEffect, useId, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { activeElementOf } from '../components/focus.js'
import { useModal } from '../hooks/useModal.js'
import { usePortico } from '../hooks/usePortico.js'
import { useRouter } from '../hooks/useRouter.js'
import { useTheme } from '../hooks/useTheme.js'
import { useLocale } from '../i18n/MessagesContext.js'
import { LazyFrameBody, useLazyComponent } from '../Modal/LazyFrame.js'
import { loadModalContent } from '../Modal/loadModalDialog.js'
import { preloadViews } from '../Modal/preloadViews.js'
import { adoptStyles } from '../styles/adoptStyles.js'
import { StyleContext } from '../styles/StyleContext.js'
import { useThemeProperties } from '../theme/useThemeProperties.js'
import { embedCss } from './PorticoEmbed.css.js'

export type PorticoEmbedProps = {
  /** Class of the host element, for placing it in your layout (margins, alignment). */
  className?: string
}

type ShadowTarget = { root: ShadowRoot; adopt: (css: string, afterShell?: boolean) => void }

/**
 * The modal's content inline in the page, for sites created with `enableEmbedded: true`: always
 * shown, no backdrop, not modal, and closing returns to Account or Connect (SPEC §2). Without
 * `enableEmbedded` it logs a warning and renders nothing, because core would then close it like
 * an overlay and a second copy would open over the page.
 *
 * @example
 * const portico = createPortico({ networks: [mainnet], adapters: [evm()], enableEmbedded: true })
 * <PorticoProvider portico={portico}>
 *   <aside><PorticoEmbed className="wallet" /></aside>
 * </PorticoProvider>
 */
export function PorticoEmbed({ className }: PorticoEmbedProps) {
  const portico = usePortico()
  const embedded = portico.options.enableEmbedded
  const warned = useRef(false)

  useEffect(() => {
    if (embedded) {
      if (!getModal(portico).open) openModal(portico)
    } else if (!warned.current) {
      warned.current = true
      getLogger(portico).warn(
        '<PorticoEmbed/> renders nothing: create the instance with `enableEmbedded: true` to show the modal inline.',
      )
    }
  }, [embedded, portico])

  if (!embedded) return null
  return <EmbedHost className={className} />
}

/** The host element in the page and, once in the browser, the shadow root the panel lives in. */
function EmbedHost({ className }: { className: string | undefined }) {
  const { themeMode } = useTheme()
  const locale = useLocale()
  const [host, setHost] = useState<HTMLDivElement | null>(null)
  const [target, setTarget] = useState<ShadowTarget>()
  useThemeProperties(host)

  useEffect(() => {
    if (!host) return
    // A shadow root cannot be attached twice; StrictMode runs this effect twice on one element.
    const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' })
    const sheets = new Map<string, unknown>()
    const adopt = (css: string, afterShell?: boolean) => adoptStyles(root, css, sheets, afterShell)
    adopt(embedCss)
    setTarget({ root, adopt })
  }, [host])

  return (
    <div ref={setHost} className={className} data-portico-embed="">
      {target &&
        createPortal(
          <StyleContext.Provider value={target.adopt}>
            <div className="root" data-theme={themeMode} lang={locale}>
              <EmbedPanel />
            </div>
          </StyleContext.Provider>,
          target.root,
        )}
    </div>
  )
}

/** Header, notices and view in a labelled region; no focus trap, no scroll lock, no Esc. */
function EmbedPanel() {
  const portico = usePortico()
  const { open, shake } = useModal()
  const { route } = useRouter()
  const panel = useRef<HTMLElement>(null)
  const titleId = useId()
  const shownRoute = useRef(route)
  const { Component: Content, failed, retry } = useLazyComponent(loadModalContent)

  useEffect(() => preloadViews(portico, route.view), [portico, route.view])

  // A view change unmounts the focused control, dropping focus to the page; keep a keyboard user
  // in the panel. Focus that was elsewhere in the page stays where it is.
  useEffect(() => {
    const element = panel.current
    if (shownRoute.current === route || !element) return
    shownRoute.current = route
    const page = element.ownerDocument
    if (!activeElementOf(element) && (!page.activeElement || page.activeElement === page.body))
      element.focus({ preventScroll: true })
  }, [route])

  // Opened by the mount effect; core keeps it open in embedded mode.
  if (!open) return null
  return (
    <section
      ref={panel}
      className={shake ? 'dialog embedded shake' : 'dialog embedded'}
      aria-labelledby={titleId}
      tabIndex={-1}
      data-view={route.view}
    >
      {Content ? <Content titleId={titleId} embedded /> : <LazyFrameBody failed={failed} onRetry={retry} />}
    </section>
  )
}
