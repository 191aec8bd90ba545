import {
  closeModal,
  getModal,
  type ModalState,
  type OpenModalParameters,
  openModal,
  watchModal,
} from '@portico/core'
import { useMemo } from 'react'
import { usePortico } from './usePortico.js'
import { usePorticoRead } from './usePorticoRead.js'

/** What `useModal` returns: the modal state plus functions that open and close it. */
export type UseModalReturnType = Readonly<ModalState> & {
  openModal: (parameters?: OpenModalParameters) => void
  closeModal: () => void
}

/**
 * The modal's state (open, loading, shake, …) and stable functions to open and close it.
 *
 * @example
 * const { open, openModal } = useModal()
 * <button onClick={() => openModal({ route: { view: 'Networks' } })}>Networks</button>
 */
export function useModal(): UseModalReturnType {
  const portico = usePortico()
  const modal = usePorticoRead(getModal, watchModal)
  const actions = useMemo(
    () => ({
      openModal: (parameters?: OpenModalParameters) => openModal(portico, parameters),
      closeModal: () => closeModal(portico),
    }),
    [portico],
  )
  return useMemo(() => ({ ...modal, ...actions }), [modal, actions])
}
