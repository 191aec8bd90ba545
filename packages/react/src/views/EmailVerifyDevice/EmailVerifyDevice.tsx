import { emailViewsCss } from '../../components/emailViews.css.js'
import { MailIcon } from '../../components/icons.js'
import { useEmailLogin } from '../../hooks/useEmailLogin.js'
import { useRouter } from '../../hooks/useRouter.js'
import { useT } from '../../i18n/MessagesContext.js'
import { noticeText } from '../../i18n/messages.js'
import { useStyles } from '../../styles/StyleContext.js'

/** A known account on a new device: approve it from the e-mail; core moves on to the code. */
export function EmailVerifyDevice() {
  useStyles(emailViewsCss)
  const t = useT()
  const { route } = useRouter()
  const { error } = useEmailLogin()
  if (route.view !== 'EmailVerifyDevice') return null
  return (
    <div className="email-view">
      <span className="email-icon" aria-hidden="true">
        <MailIcon />
      </span>
      <h3>{t('deviceTitle')}</h3>
      <p>
        {t('deviceSentTo')} <strong>{route.params.email}</strong>
      </p>
      <div role="status" aria-live="polite">
        {error ? (
          <p className="hint error">{noticeText(t, error)}</p>
        ) : (
          <span className="spinner" aria-label={t('deviceWaiting')} role="img" />
        )}
      </div>
    </div>
  )
}
