import { EmbeddedFrameArea } from '../../components/EmbeddedFrameArea.js'
import { useT } from '../../i18n/MessagesContext.js'

/**
 * SPEC §2 ApproveTransaction: the area the embedded wallet's frame lays its own approval screen
 * over. The request's details and the buttons are the frame's, on its own origin, so the site's
 * page can neither change what is shown nor press Approve. The frame is see-through, so the note
 * underneath is for screen readers only.
 */
export function ApproveTransaction() {
  const t = useT()
  return <EmbeddedFrameArea note={t('approveInFrame')} />
}
