import type { Portico } from '@portico/core'
import { useContext } from 'react'
import { PorticoContext } from '../PorticoProvider/PorticoContext.js'
import { PorticoProviderNotFoundError } from '../PorticoProvider/PorticoProviderNotFoundError.js'

/**
 * The Portico instance given to the nearest `PorticoProvider`.
 *
 * @example
 * const portico = usePortico()
 * await switchNetwork(portico, { networkId: 'eip155:10' })
 */
export function usePortico(): Portico {
  const portico = useContext(PorticoContext)
  if (!portico) throw new PorticoProviderNotFoundError('usePortico')
  return portico
}
