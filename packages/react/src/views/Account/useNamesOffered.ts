import type { AccountNameFormInfo } from '@portico/core/names'
import { useEffect, useState } from 'react'
import { usePortico } from '../../hooks/usePortico.js'

/**
 * Whether the Account view offers an account name (the project has a suffix, an EVM account is
 * connected). The names code is fetched only now, after connecting, never with the first load.
 */
export function useNamesOffered(address: string | undefined, caipNetworkId: string | undefined): boolean {
  const portico = usePortico()
  const [offered, setOffered] = useState(false)
  useEffect(() => {
    if (!address || !caipNetworkId) return
    let live = true
    let unwatch: (() => void) | undefined
    void import('@portico/core/names').then(async (names) => {
      await names.loadAccountNameSuffixes(portico)
      if (!live) return
      const update = (form: AccountNameFormInfo) => setOffered(form.offered)
      update(names.getAccountNameForm(portico))
      unwatch = names.watchAccountNameForm(portico, { onChange: update })
    })
    return () => {
      live = false
      unwatch?.()
    }
  }, [portico, address, caipNetworkId])
  return offered
}
