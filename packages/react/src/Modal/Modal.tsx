import { closeModal } from '@portico/core'
import { useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { useModal } from '../hooks/useModal.js'
import { usePortico } from '../hooks/usePortico.js'
import { useTheme } from '../hooks/useTheme.js'
import { useLocale, useT } from '../i18n/MessagesContext.js'
import { adoptStyles } from '../styles/adoptStyles.js'
import { StyleContext } from '../styles/StyleContext.js'
import { useThemeProperties } from '../theme/useThemeProperties.js'
import { LazyFrameBody, useLazyComponent } from './LazyFrame.js'
import { loadModalDialog } from './loadModalDialog.js'
import { modalCss } from './Modal.css.js'

type ShadowTarget = { host: HTMLElement; root: ShadowRoot; adopt: (css: string) => void }

/**
 * The modal, portalled into an open shadow root on a host element appended to `document.body` the
 * first time it opens: page CSS cannot reach in, and ours cannot leak out. Nothing is rendered
 * before that, on the server included.
 */
export function Modal() {
  const { open } = useModal()
  const { themeMode } = useTheme()
  const locale = useLocale()
  const [target, setTarget] = useState<ShadowTarget>()
  // The ref, not the state, guards creation: effects can run twice in a row (StrictMode).
  const created = useRef<ShadowTarget>(undefined)

  useEffect(() => {
    if (!open || created.current) return
    const host = document.createElement('div')
    host.setAttribute('data-portico-modal', '')
    document.body.append(host)
    const root = host.attachShadow({ mode: 'open' })
    const sheets = new Map<string, unknown>()
    const adopt = (css: string) => adoptStyles(root, css, sheets)
    adopt(modalCss)
    created.current = { host, root, adopt }
    setTarget(created.current)
  }, [open])

  useEffect(
    () => () => {
      created.current?.host.remove()
      created.current = undefined
      setTarget(undefined)
    },
    [],
  )
  useThemeProperties(target?.host)

  if (!target) return null
  return createPortal(
    <StyleContext.Provider value={target.adopt}>
      <div className="root" data-theme={themeMode} lang={locale}>
        {open && <DialogOutlet />}
      </div>
    </StyleContext.Provider>,
    target.root,
  )
}

/**
 * The dialog once its chunk is there (in the same frame when it was fetched ahead). Until then a
 * frame with the loading skeleton shows, so the click is answered at once; if the chunk cannot be
 * fetched, the frame says so and offers to try again or close.
 */
function DialogOutlet() {
  const portico = usePortico()
  const t = useT()
  const { Component: Dialog, failed, retry } = useLazyComponent(loadModalDialog)
  if (Dialog) return <Dialog />
  return (
    <div className="backdrop">
      <div
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-label={failed ? t('viewFailed') : t('loading')}
      >
        <LazyFrameBody failed={failed} onRetry={retry} onClose={() => closeModal(portico)} />
      </div>
    </div>
  )
}
