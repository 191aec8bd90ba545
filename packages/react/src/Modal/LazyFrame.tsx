import { type ComponentType, useEffect, useMemo, useReducer } from 'react'
import { useT } from '../i18n/MessagesContext.js'
import type { ComponentModule } from './loadModalDialog.js'

/**
 * The component `load` fetches once it is there (in the same render when it was fetched ahead),
 * with a way to fetch again after a failure. Re-renders when the fetch settles.
 */
export function useLazyComponent<P>(load: () => ComponentModule<P>): {
  Component: ComponentType<P> | undefined
  failed: boolean
  retry: () => void
} {
  const [attempt, retry] = useReducer((n: number) => n + 1, 0)
  const [, settled] = useReducer((n: number) => n + 1, 0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt fetches again
  const module = useMemo(() => load(), [load, attempt])
  // What this render saw; the fetch may settle between the render and the effect.
  const seen = module.status
  useEffect(() => {
    if (module.status !== seen) settled()
    else if (!module.status) module.then(settled, settled)
  }, [module, seen])
  return {
    Component: module.status === 'fulfilled' ? module.value : undefined,
    failed: module.status === 'rejected',
    retry,
  }
}

/**
 * What the modal's frame shows before its own code is there: the loading skeleton, or, when the
 * code could not be fetched, the same message and retry as a view that could not be loaded.
 */
export function LazyFrameBody({
  failed,
  onRetry,
  onClose,
}: {
  failed: boolean
  onRetry: () => void
  onClose?: () => void
}) {
  const t = useT()
  if (!failed)
    return (
      <div className="skeleton" aria-busy="true">
        <span className="visually-hidden">{t('loading')}</span>
        <div />
        <div />
        <div />
      </div>
    )
  return (
    <div className="view-error" role="alert">
      <p>{t('viewFailed')}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t('tryAgain')}
      </button>
      {onClose && (
        <button type="button" className="button" onClick={onClose}>
          {t('close')}
        </button>
      )}
    </div>
  )
}
