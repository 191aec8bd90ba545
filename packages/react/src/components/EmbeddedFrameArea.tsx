import { useEffect, useRef } from 'react'
import { usePortico } from '../hooks/usePortico.js'
import { useStyles } from '../styles/StyleContext.js'

// 520 px: a smart account's send (to, value, network, account, who pays the fee) and its buttons,
// without scrolling; longer requests scroll their fields inside the frame.
const areaCss = `
.frame-area { position: relative; min-height: 520px; display: grid; place-items: center; }
.frame-area .frame-area-note { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
`

/**
 * The area the embedded wallet's frame lays one of its own screens over (an approval, the e-mail
 * change's codes). What is shown and typed there is the frame's, on its own origin, so the site's
 * page can neither change it nor act on it. The frame covers the area, so `note`, underneath, is for
 * screen readers only.
 */
export function EmbeddedFrameArea({ note }: { note: string }) {
  useStyles(areaCss)
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
    <div ref={area} className="frame-area">
      <p className="frame-area-note" role="status">
        {note}
      </p>
    </div>
  )
}
