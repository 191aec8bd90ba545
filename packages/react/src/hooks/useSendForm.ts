import { startSendForm } from '@portico/core'
import { useEffect } from 'react'
import { usePortico } from './usePortico.js'

/**
 * Starts core's send form flow (the first token, the balances, the debounced fee estimate) when a
 * send view first shows; core runs it from then on while a send view is on screen. The send code
 * is loaded with these views, so a site that only connects never downloads it.
 */
export function useSendForm(): void {
  const portico = usePortico()
  useEffect(() => startSendForm(portico), [portico])
}
