import { initialize, type Portico } from '@portico/core'
import { type ReactNode, useEffect } from 'react'
import { Modal } from '../Modal/Modal.js'
import { PorticoContext } from './PorticoContext.js'

export type PorticoProviderProps = {
  /** The instance made by `createPortico`; create it once, outside any component. */
  portico: Portico
  children?: ReactNode
}

/**
 * Gives its children the Portico instance, starts it in the browser (wallet discovery, restoring
 * the last connection) and renders the modal.
 *
 * @example
 * const portico = createPortico({ networks: [mainnet], adapters: [evm()] })
 * createRoot(root).render(
 *   <PorticoProvider portico={portico}>
 *     <App />
 *   </PorticoProvider>,
 * )
 */
export function PorticoProvider({ portico, children }: PorticoProviderProps) {
  useEffect(() => {
    void initialize(portico)
  }, [portico])
  return (
    <PorticoContext.Provider value={portico}>
      {children}
      <Modal />
    </PorticoContext.Provider>
  )
}
