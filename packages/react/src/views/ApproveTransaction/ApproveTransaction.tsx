import { useEffect, useRef } from 'react'
import { usePortico } from '../../hooks/usePortico.js'
import { useT } from '../../i18n/MessagesContext.js'
import { useStyles } from '../../styles/StyleContext.js'

const approveCss = `
.approve-transaction { position: relative; min-height: 380px; display: grid; place-items: center; }
.approve-transaction .approve-note { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
`

/**
 * SPEC §2 ApproveTransaction: the area the embedded wallet's frame lays its own approval screen
 * over. The request's details and the buttons are the frame's, on its own origin, so the site's
 * page can neither change what is shown nor press Approve. The frame is see-through, so the note
 * underneath is for screen readers only.
 */
export function ApproveTransaction() {
  useStyles(approveCss)
  const t = useT()
  const portico = usePortico()
  const area = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const wallet = portico.config.embeddedWallet
    const element = area.current
    if (!wallet?.showApproval || !element) return
    wallet.showApproval(element)
    return () => wallet.hideApproval?.()
  }, [portico])

  return (
    <div ref={area} className="approve-transaction">
      <p className="approve-note" role="status">
        {t('approveInFrame')}
      </p>
    </div>
  )
}
