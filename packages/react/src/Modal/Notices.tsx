import { dismissAlert } from '@portico/core'
import { CloseIcon, WarningIcon } from '../components/icons.js'
import { useAlert, useToast } from '../hooks/useNotices.js'
import { usePortico } from '../hooks/usePortico.js'
import { useRouter } from '../hooks/useRouter.js'
import { useT } from '../i18n/MessagesContext.js'
import { noticeText } from '../i18n/messages.js'

/** The alert banner (role alert, dismissible) and the toast (a polite status region) above the view. */
export function Notices() {
  const portico = usePortico()
  const alert = useAlert()
  const latest = useToast()
  const { route } = useRouter()
  const t = useT()
  // The Account view's Tokens tab says 'Token Balance Unavailable' itself, with when to retry: never
  // twice. (The tab is not read here: that would bring the activity code into the frame's chunk.)
  const toast =
    latest?.message.key === 'tokenBalanceUnavailable' && route.view === 'Account' ? undefined : latest
  return (
    <div className="notices">
      {alert && (
        <div className="alert" role="alert" data-variant={alert.variant}>
          <WarningIcon />
          <span>{noticeText(t, alert.message)}</span>
          <button
            type="button"
            className="icon-button"
            aria-label={t('dismiss')}
            onClick={() => dismissAlert(portico)}
          >
            <CloseIcon />
          </button>
        </div>
      )}
      <div
        role="status"
        aria-live="polite"
        className={toast ? 'toast' : 'visually-hidden'}
        data-variant={toast?.variant}
      >
        {toast && <span>{noticeText(t, toast.message)}</span>}
      </div>
    </div>
  )
}
