import { connectSocial, goBack, type SocialProvider, socialProviderName } from '@portico/core'
import { emailViewsCss } from '../../components/emailViews.css.js'
import { SocialIcon } from '../../components/SocialIcon.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useRouter } from '../../hooks/useRouter.js'
import { useSocialLogin } from '../../hooks/useSocialLogin.js'
import { addEnglish } from '../../i18n/english.js'
import { enSocial } from '../../i18n/enSocial.js'
import { useT } from '../../i18n/MessagesContext.js'
import { noticeText } from '../../i18n/messages.js'
import { useStyles } from '../../styles/StyleContext.js'

// The texts only this code shows arrive with it (SPEC texts, see i18n/enSocial.ts).
addEnglish(enSocial)

export const connectingSocialCss = `
.social-view .email-icon svg { width: 30px; height: 30px; }
.social-actions { display: grid; gap: 8px; width: 100%; margin-top: 4px; }
.social-status { display: grid; justify-items: center; gap: 14px; }
`

/**
 * A social login under way (SPEC §2): waiting for the provider's window (or, back from a full-page
 * redirect, finishing), with Cancel; a failure says why and offers Try again, which opens a new
 * window in the click. Without a provider, a login that came back to this browser though its frame
 * never started it (a link someone else started, sent here): a refusal that says nothing was
 * shared, and Connect as the way on.
 */
export function ConnectingSocial() {
  useStyles(emailViewsCss)
  useStyles(connectingSocialCss)
  const portico = usePortico()
  const t = useT()
  const { route } = useRouter()
  const { status, error } = useSocialLogin()
  if (route.view !== 'ConnectingSocial') return null
  const provider = route.params.provider
  if (provider === undefined) return <NotStartedHere />
  const name = socialProviderName(provider)
  const finishing = status === 'connecting'
  return (
    <div className="email-view social-view">
      <span className="email-icon">
        <SocialIcon provider={provider} size={30} />
      </span>
      <h3>
        {error ? t('socialFailedTitle', { provider: name }) : t('socialWaitingTitle', { provider: name })}
      </h3>
      <div className="social-status" role="status" aria-live="polite">
        {error ? null : (
          <>
            <p>{finishing ? t('socialFinishing') : t('socialWaiting', { provider: name })}</p>
            <span
              className="spinner"
              aria-label={finishing ? t('socialFinishing') : t('socialWaitingLabel')}
              role="img"
            />
          </>
        )}
      </div>
      {error && (
        <p className="hint error" role="alert">
          {noticeText(t, error)}
        </p>
      )}
      <div className="social-actions">
        {error && (
          <button
            type="button"
            className="button wide"
            // In the click itself: the new window must be the visitor's own to the browser.
            onClick={() => void connectSocial(portico, { provider: provider as SocialProvider })}
          >
            {t('socialRetry')}
          </button>
        )}
        <button
          type="button"
          className="button secondary wide"
          disabled={finishing}
          onClick={() => goBack(portico)}
        >
          {t('socialCancel')}
        </button>
      </div>
    </div>
  )
}

/** The login came back here, but this browser's frame never started it: nothing was finished. */
function NotStartedHere() {
  const portico = usePortico()
  const t = useT()
  const { error } = useSocialLogin()
  return (
    <div className="email-view social-view">
      <span className="email-icon">
        {/* A warning triangle, drawn here: the shared icon set would cost this view its whole chunk. */}
        <svg width="30" height="30" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M12 4l9 16H3zM12 10v4M12 17h.01"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </span>
      <h3>{t('socialNotStartedTitle')}</h3>
      <p className="hint error" role="alert">
        {error ? noticeText(t, error) : t('socialNotStartedHere')}
      </p>
      <div className="social-actions">
        <button type="button" className="button wide" onClick={() => goBack(portico)}>
          {t('socialNotStartedConnect')}
        </button>
      </div>
    </div>
  )
}
