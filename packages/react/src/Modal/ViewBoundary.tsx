import { Component, type ReactNode } from 'react'
import { useT } from '../i18n/MessagesContext.js'

type ViewBoundaryProps = {
  children: ReactNode
  /** The view shown; a failure is forgotten when the visitor moves to another view. */
  view: string | undefined
  onRetry: () => void
}
type ViewBoundaryState = { failed: boolean; view: string | undefined }

/**
 * A view whose code cannot be loaded (offline, a deploy replaced the chunk) or that throws shows a
 * way out instead of breaking the modal: the header's back and close keep working, and "Try again"
 * loads the view anew.
 */
export class ViewBoundary extends Component<ViewBoundaryProps, ViewBoundaryState> {
  override state: ViewBoundaryState = { failed: false, view: this.props.view }

  static getDerivedStateFromError(): Partial<ViewBoundaryState> {
    return { failed: true }
  }

  // Reset by a prop rather than a `key`: a new key would mount a new Suspense boundary below, and
  // React holds a newly shown loading state for a minimum time even when the view is ready.
  static getDerivedStateFromProps(
    props: ViewBoundaryProps,
    state: ViewBoundaryState,
  ): Partial<ViewBoundaryState> | null {
    return props.view === state.view ? null : { failed: false, view: props.view }
  }

  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <ViewError
        onRetry={() => {
          this.props.onRetry()
          this.setState({ failed: false })
        }}
      />
    )
  }
}

/** What the boundary shows instead of a failed view; a function component so it can read the texts. */
function ViewError({ onRetry }: { onRetry: () => void }) {
  const t = useT()
  return (
    <div className="view-error" role="alert">
      <p>{t('viewFailed')}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t('tryAgain')}
      </button>
    </div>
  )
}
