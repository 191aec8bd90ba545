import {
  canGoBack as canGoBackFrom,
  closeModal,
  closeModalByPointer,
  findConnector,
  getDefaultRoute,
  goBack,
  isSiwxCloseRefused,
} from '@portico/core'
import { useReducer } from 'react'
import { BackIcon, CloseIcon } from '../components/icons.js'
import { useConnectors } from '../hooks/useConnectors.js'
import { useModal } from '../hooks/useModal.js'
import { usePortico } from '../hooks/usePortico.js'
import { useRouter } from '../hooks/useRouter.js'
import { useSiwx } from '../hooks/useSiwx.js'
import { useT } from '../i18n/MessagesContext.js'
import { useFrameStyles } from '../styles/StyleContext.js'
import { frameCss } from './frame.css.js'
import { Notices } from './Notices.js'
import { titleOf } from './titleOf.js'
import { ViewBoundary } from './ViewBoundary.js'
import { ViewOutlet } from './ViewOutlet.js'
import { forgetFailedViews } from './views.js'

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
 * What the overlay dialog and the embedded panel share: the header (Back, the view's title, the
 * way out), the notices and the current view. `embedded` swaps the close button for one that
 * returns to the start, and drops it on the start view, where there is nothing to leave.
 */
export type ModalContentProps = { titleId: string; embedded?: boolean }

export function ModalContent({ titleId, embedded = false }: ModalContentProps) {
  const portico = usePortico()
  const { loading } = useModal()
  const { route, history } = useRouter()
  useConnectors()
  // Re-rendered when sign-in changes, for the close rule below.
  useSiwx()
  const t = useT()
  useFrameStyles(frameCss)

  const connectorName =
    route.view === 'ConnectingExternal'
      ? findConnector(portico, route.params.connectorId, route.params.namespace)?.name
      : undefined
  const title = titleOf(route, connectorName, t)
  const [attempt, retry] = useReducer((n: number) => n + 1, 0)
  // Core's back rules (SUB_VIEWS); re-read on every route change this component renders for.
  const canGoBack = canGoBackFrom(portico)
  // In the page, closing only returns to Account or Connect (SPEC §2); offer it where that moves.
  const start = getDefaultRoute(portico)
  const atStart = history.length === 0 && route.view === start.view
  // A required sign-in cannot be left (SPEC §2): no way out is offered; Esc only shakes the modal.
  const canClose = (!embedded || !atStart) && !isSiwxCloseRefused(portico)

  return (
    <>
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
        {canClose ? (
          <button
            type="button"
            className="icon-button"
            aria-label={embedded ? t('closeEmbedded', { view: titleOf(start, undefined, t) }) : t('close')}
            onClick={(event) => {
              // Enter or Space (no pointer, `detail` 0) closes at once; a pointer click is held
              // back by core's double-click guard right after opening.
              if (event.detail === 0 || embedded) closeModal(portico)
              else closeModalByPointer(portico, { pressedHere: true })
            }}
          >
            <CloseIcon />
          </button>
        ) : (
          <span />
        )}
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
    </>
  )
}
