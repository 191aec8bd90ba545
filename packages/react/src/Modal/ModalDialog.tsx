import { closeModal, closeModalByPointer } from '@portico/core'
import { type KeyboardEvent, useEffect, useId, useRef } from 'react'
import { activeElementOf, trapTab } from '../components/focus.js'
import { useModal } from '../hooks/useModal.js'
import { usePortico } from '../hooks/usePortico.js'
import { useRouter } from '../hooks/useRouter.js'
import { ModalContent } from './ModalContent.js'
import { preloadViews } from './preloadViews.js'

export { enModal } from '../i18n/enModal.js'
// The embedded panel loads the content from this module too: one chunk for the frame, which brings
// the modal's English texts with it (registered by its loader).
export { ModalContent }

/**
 * The open modal: backdrop, dialog with header, notices and the current view. Mounted only while
 * open, so mounting moves focus in and unmounting returns it to the control that opened it.
 */
export function ModalDialog() {
  const portico = usePortico()
  const { shake } = useModal()
  const { route } = useRouter()
  const dialog = useRef<HTMLDivElement>(null)
  const titleId = useId()
  // Whether the last press began on the backdrop itself (core's double-click guard wants both ends there).
  const pressedOnBackdrop = useRef(false)

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

  useEffect(() => preloadViews(portico, route.view), [portico, route.view])

  // A view change can unmount the focused control before the next view is there, leaving focus
  // on <body>, where the dialog's own key handler never hears Esc or Tab.
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

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop is a pointer convenience; Esc is the keyboard way out
    <div
      className="backdrop"
      onPointerDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget
      }}
      onClick={(event) => {
        if (event.target !== event.currentTarget) return
        // A press inside the dialog released over the backdrop also ends in a click here.
        const pressedHere = pressedOnBackdrop.current
        pressedOnBackdrop.current = false
        closeModalByPointer(portico, { pressedHere })
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
        <ModalContent titleId={titleId} />
      </div>
    </div>
  )
}
