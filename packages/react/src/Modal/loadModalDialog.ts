import type { ComponentType } from 'react'
import { addEnglish } from '../i18n/english.js'
import type { ModalContentProps } from './ModalContent.js'

/** A component's module: a promise that says, once settled, how it settled. */
export type ComponentModule<P> = Promise<ComponentType<P>> & {
  status?: 'fulfilled' | 'rejected'
  value?: ComponentType<P>
  reason?: unknown
}

/** A loader that fetches once, marks how the fetch settled, and fetches again after a failure. */
function loaderOf<P>(fetch: () => Promise<ComponentType<P>>): () => ComponentModule<P> {
  let current: ComponentModule<P> | undefined
  return () => {
    if (current && current.status !== 'rejected') return current
    const module: ComponentModule<P> = fetch()
    module.then(
      (component) => {
        module.status = 'fulfilled'
        module.value = component
      },
      (reason: unknown) => {
        module.status = 'rejected'
        module.reason = reason
      },
    )
    current = module
    return module
  }
}

/** The frame's chunk, its English texts added to the page's before anything of it renders. */
function loadFrame() {
  return import('./ModalDialog.js').then((m) => {
    addEnglish(m.enModal)
    return m
  })
}

/**
 * The modal's frame (the dialog, its header, notices and the view outlet) in its own chunk, so a
 * page whose visitor never opens the modal does not download it with the button. Fetched once,
 * with the first view's code (`preloadModal`, `preloadView`) or on opening; a failed fetch is
 * tried again on the next call.
 */
export const loadModalDialog = loaderOf<object>(() => loadFrame().then((m) => m.ModalDialog))

/**
 * The header, notices and view outlet alone, for `<PorticoEmbed>`; the same rules. From the same
 * module as the dialog, so a site's bundler makes one chunk of the frame, not two.
 */
export const loadModalContent = loaderOf<ModalContentProps>(() => loadFrame().then((m) => m.ModalContent))
