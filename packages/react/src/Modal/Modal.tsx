import { closeModal } from '@portico/core'
import { Activity, memo, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react'
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
import { isModalWarm, subscribeModalWarmth } from './modalWarmth.js'

type ShadowTarget = {
  host: HTMLElement
  root: ShadowRoot
  adopt: (css: string, afterShell?: boolean) => void
}

/**
 * The modal, portalled into an open shadow root on a host element appended to `document.body` the
 * first time it opens, or once its code has been preloaded (`preloadModal`): page CSS cannot reach
 * in, and ours cannot leak out. Nothing is rendered before that, on the server included.
 *
 * A preloaded modal is rendered ahead of the click inside a hidden `<Activity>`: React builds its
 * DOM at idle priority and mounts none of its effects, so focus, the scroll lock and the key
 * handlers start only when it opens. React hides that DOM with `display: none`, which would leave
 * its first style and layout to the click; the modal takes that off at once and keeps the tree
 * laid out but unseen instead (`.root.closed`: `visibility: hidden`, no pointer events, no
 * entrance animation; the root is `inert` and `aria-hidden`), so the click only flips a class.
 * Closing unmounts the tree as before.
 */
export function Modal() {
  const portico = usePortico()
  const { open } = useModal()
  const { themeMode } = useTheme()
  const locale = useLocale()
  const warm = useSyncExternalStore(
    subscribeModalWarmth,
    () => isModalWarm(portico),
    () => false,
  )
  const [target, setTarget] = useState<ShadowTarget>()
  // The ref, not the state, guards creation: effects can run twice in a row (StrictMode).
  const created = useRef<ShadowTarget>(undefined)
  // Only the first opening is rendered ahead: after a closing the tree unmounts as it always did
  // (its code is there by then, so the next opening still shows in one frame).
  const [opened, setOpened] = useState(open)
  if (open && !opened) setOpened(true)
  const prerender = warm && !opened

  useEffect(() => {
    if ((!open && !prerender) || created.current) return
    const host = document.createElement('div')
    host.setAttribute('data-portico-modal', '')
    document.body.append(host)
    const root = host.attachShadow({ mode: 'open' })
    const sheets = new Map<string, unknown>()
    const adopt = (css: string, afterShell?: boolean) => adoptStyles(root, css, sheets, afterShell)
    adopt(modalCss)
    created.current = { host, root, adopt }
    setTarget(created.current)
  }, [open, prerender])

  useEffect(
    () => () => {
      created.current?.host.remove()
      created.current = undefined
      setTarget(undefined)
    },
    [],
  )
  useThemeProperties(target?.host)

  // While the closed modal is rendered ahead, undo the `display: none` React puts on its top
  // nodes (now and on any later hidden render, before the browser's next frame); opening
  // reveals them through React as usual.
  const rootRef = useRef<HTMLDivElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new portal target renders a new root node to watch.
  useLayoutEffect(() => {
    const root = rootRef.current
    if (!root || open || !prerender) return
    // The top nodes have no inline display of their own: only React's is taken off.
    const layOut = () => {
      for (const child of root.children) (child as HTMLElement).style.removeProperty('display')
    }
    layOut()
    const observer = new MutationObserver(layOut)
    observer.observe(root, { childList: true, subtree: true, attributeFilter: ['style'] })
    return () => observer.disconnect()
  }, [open, prerender, target])

  if (!target) return null
  return createPortal(
    <StyleContext.Provider value={target.adopt}>
      <div
        ref={rootRef}
        className={open ? 'root' : 'root closed'}
        data-theme={themeMode}
        lang={locale}
        inert={!open}
        aria-hidden={open ? undefined : true}
      >
        {(open || prerender) && (
          <Activity mode={open ? 'visible' : 'hidden'}>
            <DialogOutlet />
          </Activity>
        )}
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
// Memoised: it has no props, so revealing the pre-rendered tree re-renders only what changed.
const DialogOutlet = memo(function DialogOutlet() {
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
})
