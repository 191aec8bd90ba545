import { closeModal, findConnector, goBack } from '@portico/core'
import { type KeyboardEvent, useEffect, useId, useReducer, useRef } from 'react'
import { BackIcon, CloseIcon } from '../components/icons.js'
import { useConnectors } from '../hooks/useConnectors.js'
import { useModal } from '../hooks/useModal.js'
import { usePortico } from '../hooks/usePortico.js'
import { useRouter } from '../hooks/useRouter.js'
import { useT } from '../i18n/MessagesContext.js'
import { activeElementOf, trapTab } from './focus.js'
import { Notices } from './Notices.js'
import { ViewBoundary } from './ViewBoundary.js'
import { ViewOutlet } from './ViewOutlet.js'
import { forgetFailedViews, preloadViews, SUB_VIEWS, titleOf } from './views.js'

/** Shown while a view's chunk loads (and while stored connections are restored). */
function ViewSkeleton() {
  const t = useT()
  return (
    <div className="skeleton" aria-busy="true">
      <span className="visually-hidden">{t('loading')}</span>
      <div />
      <div />
      <div />
    </div>
  )
}

/**
 * The open modal: backdrop, dialog with header, notices and the current view. Mounted only while
 * open, so mounting moves focus in and unmounting returns it to the control that opened it.
 */
export function ModalDialog() {
  const portico = usePortico()
  const { shake, loading } = useModal()
  const { route, history } = useRouter()
  useConnectors()
  const dialog = useRef<HTMLDivElement>(null)
  const titleId = useId()
  const t = useT()

  useEffect(() => {
    const opener = document.activeElement
    // Connecting replaces the 'Connect Wallet' button with the account buttons; its wrapper stays.
    const openerGroup = opener?.closest('.portico-cb')
    dialog.current?.focus()
    // Keep the page behind still while the dialog (or the bottom sheet) is up; set through the
    // CSSOM and restored exactly as it was.
    const { body } = document
    const overflow = body.style.getPropertyValue('overflow')
    body.style.setProperty('overflow', 'hidden')
    return () => {
      if (overflow) body.style.setProperty('overflow', overflow)
      else body.style.removeProperty('overflow')
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus()
      else if (openerGroup?.isConnected) openerGroup.querySelector<HTMLElement>('button')?.focus()
    }
  }, [])

  // A view change unmounts the focused control; keep focus inside the dialog so Esc and Tab work.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the route changes
  useEffect(() => {
    const element = dialog.current
    if (!element) return
    const active = activeElementOf(element)
    if (!active || !element.contains(active)) element.focus()
  }, [route])

  useEffect(preloadViews, [])

  // A view change can unmount the focused control (Suspense keeps it until the next view's chunk
  // arrives), leaving focus on <body>, where the dialog's own key handler never hears Esc or Tab.
  // Keys that reach the document from outside the dialog are handled here.
  useEffect(() => {
    const onDocumentKeyDown = (event: globalThis.KeyboardEvent) => {
      const element = dialog.current
      if (!element || event.defaultPrevented || event.composedPath().includes(element)) return
      if (event.key === 'Escape') {
        event.preventDefault()
        closeModal(portico)
      } else if (event.key === 'Tab' && trapTab(element, event.shiftKey)) {
        event.preventDefault()
      }
    }
    document.addEventListener('keydown', onDocumentKeyDown)
    return () => document.removeEventListener('keydown', onDocumentKeyDown)
  }, [portico])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation()
      closeModal(portico)
    } else if (event.key === 'Tab' && dialog.current && trapTab(dialog.current, event.shiftKey)) {
      event.preventDefault()
    }
  }

  const connectorName =
    route.view === 'ConnectingExternal'
      ? findConnector(portico, route.params.connectorId, route.params.namespace)?.name
      : undefined
  const title = titleOf(route, connectorName, t)
  const [attempt, retry] = useReducer((n: number) => n + 1, 0)
  const canGoBack = history.length > 0 || SUB_VIEWS.has(route.view)

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop is a pointer convenience; Esc is the keyboard way out
    <div
      className="backdrop"
      onClick={(event) => {
        if (event.target === event.currentTarget) closeModal(portico)
      }}
      onKeyDown={onKeyDown}
    >
      <div
        ref={dialog}
        className={shake ? 'dialog shake' : 'dialog'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-view={route.view}
      >
        <div className="header">
          {canGoBack ? (
            <button
              type="button"
              className="icon-button"
              aria-label={t('back')}
              onClick={() => goBack(portico)}
            >
              <BackIcon />
            </button>
          ) : (
            <span />
          )}
          <h2 className="title" id={titleId}>
            {title}
          </h2>
          <button
            type="button"
            className="icon-button"
            aria-label={t('close')}
            onClick={() => closeModal(portico)}
          >
            <CloseIcon />
          </button>
        </div>
        <Notices />
        <div className="body">
          <ViewBoundary
            key={attempt}
            view={route.view}
            onRetry={() => {
              forgetFailedViews()
              retry()
            }}
          >
            {loading ? <ViewSkeleton /> : <ViewOutlet view={route.view} loading={<ViewSkeleton />} />}
          </ViewBoundary>
        </div>
      </div>
    </div>
  )
}
