import { useEffect, useRef } from 'react'
import { usePortico } from '../../hooks/usePortico.js'
import { useT } from '../../i18n/MessagesContext.js'
import { useStyles } from '../../styles/StyleContext.js'

const approveCss = `
.approve-transaction { position: relative; min-height: 400px; display: grid; place-items: center; }
.approve-transaction .approve-note { margin: 0; max-width: 280px; text-align: center; color: var(--p-muted); font-size: 14px; }
`

/**
 * SPEC §2 ApproveTransaction: the area the embedded wallet's frame lays its own approval screen
 * over. The request's details and the buttons are the frame's, on its own origin, so the site's
 * page can neither change what is shown nor press Approve. The note underneath is what a visitor
 * sees for the moment the frame takes to appear.
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
