import { initialize } from '@portico/core'
import { useLayoutEffect } from 'react'
import { usePortico } from './usePortico.js'

/**
 * Starts the instance before the component's first paint when the page has not been idle yet (its
 * start waits for that): for components that show what the start discovers, the wallets, so an
 * embedded Connect view or a site's own wallet list never shows an empty list first.
 */
export function useStartNow(): void {
  const portico = usePortico()
  useLayoutEffect(() => {
    void initialize(portico)
  }, [portico])
}
