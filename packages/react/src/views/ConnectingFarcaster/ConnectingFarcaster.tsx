import { getFarcasterLogin, goBack, startFarcasterLogin, watchFarcasterLogin } from '@portico/core'
import { useEffect } from 'react'
import { emailViewsCss } from '../../components/emailViews.css.js'
import { CopyIcon, ExternalLinkIcon } from '../../components/icons.js'
import { QrCode } from '../../components/QrCode.js'
import { SocialIcon } from '../../components/SocialIcon.js'
import { useCopy } from '../../components/useCopy.js'
import { usePortico } from '../../hooks/usePortico.js'
import { usePorticoRead } from '../../hooks/usePorticoRead.js'
import { useT } from '../../i18n/MessagesContext.js'
import { noticeText } from '../../i18n/messages.js'
import { useStyles } from '../../styles/StyleContext.js'
import { useFarcasterTexts } from './farcasterCatalogue.js'

const farcasterCss = `
.farcaster { display: grid; justify-items: center; gap: 12px; text-align: center; }
.farcaster h3 { margin: 0; font-size: 17px; font-weight: 650; }
.farcaster p { margin: 0; max-width: 290px; color: var(--p-muted); font-size: 14px; line-height: 1.45; }
.farcaster .qr-tile { display: grid; place-items: center; width: 228px; height: 228px; }
.farcaster .qr-tile svg { width: 208px; height: 208px; border-radius: var(--p-radius-m); }
.farcaster .qr-placeholder {
  width: 208px; height: 208px; border-radius: var(--p-radius-m); background: var(--p-surface);
  animation: portico-pulse 1.2s ease-in-out infinite;
}
.farcaster .actions { display: flex; gap: 8px; flex-wrap: wrap; justify-content: center; }
.farcaster .secondary-button {
  display: inline-flex; align-items: center; gap: 8px; height: 40px; padding: 0 16px; border: 1px solid var(--p-border);
  border-radius: 999px; background: var(--p-surface); color: var(--p-text); font-weight: 600; cursor: pointer; text-decoration: none; font: inherit;
}
.farcaster .secondary-button:focus-visible { outline: 2px solid var(--p-focus); outline-offset: 2px; }
.farcaster .secondary-button:disabled { opacity: .5; cursor: default; }
.farcaster-ended .email-icon svg { width: 30px; height: 30px; }
.farcaster-ended .hint.error { overflow-wrap: anywhere; }
.farcaster-ended .ended-actions { display: grid; gap: 8px; width: 100%; margin-top: 4px; }
`

/**
 * SPEC §2 ConnectingFarcaster: Sign In With Farcaster. The sign-in link as a QR code, to open or
 * copy; the wait for the Farcaster app. A login that ended (the link expired, the sign-in was
 * refused or failed) no longer shows a code to scan: it says what happened once, with a new link
 * and a way back. Leaving the view follows SPEC §2's rule (core's `leaveFarcasterLogin`).
 */
export function ConnectingFarcaster() {
  useStyles(emailViewsCss)
  useStyles(farcasterCss)
  const ft = useFarcasterTexts()
  const portico = usePortico()
  const login = usePorticoRead(getFarcasterLogin, watchFarcasterLogin)
  const { copy, state: copyState } = useCopy(login.url)

  // The login starts when the view appears (from Connect, or opened directly), not again while one runs.
  useEffect(() => {
    if (getFarcasterLogin(portico).status === 'idle') void startFarcasterLogin(portico)
  }, [portico])

  if (login.status === 'expired' || login.status === 'error') return <FarcasterLoginEnded />
  return (
    <div className="farcaster">
      <div className="qr-tile">
        {login.url ? (
          <QrCode value={login.url} label={ft('qrLabel')} />
        ) : (
          // The code's place while the link is fetched, in the theme's surface colour.
          <span className="qr-placeholder" role="img" aria-label={ft('preparing')} aria-busy="true" />
        )}
      </div>
      <h3>{ft('scanTitle')}</h3>
      <div role="status" aria-live="polite">
        <p>
          {login.status === 'connecting' ? ft('connecting') : login.url ? ft('waiting') : ft('preparing')}
        </p>
      </div>
      <p>{ft('scanHelp')}</p>
      <div className="actions">
        {login.url && (
          <a className="secondary-button" href={login.url} target="_blank" rel="noopener noreferrer">
            <ExternalLinkIcon />
            {ft('openLink')}
          </a>
        )}
        <button type="button" className="secondary-button" onClick={copy} disabled={!login.url}>
          <CopyIcon />
          {copyState === 'copied' ? ft('copied') : ft('copyLink')}
        </button>
      </div>
    </div>
  )
}

/**
 * The login ended without a wallet: the Farcaster mark, what happened (the link's expiry, or the
 * refusal in the words of whoever refused, once), a new link and the way back to Connect.
 */
function FarcasterLoginEnded() {
  const t = useT()
  const ft = useFarcasterTexts()
  const portico = usePortico()
  const login = usePorticoRead(getFarcasterLogin, watchFarcasterLogin)
  const expired = login.status === 'expired'
  return (
    <div className="email-view farcaster-ended">
      <span className="email-icon">
        <SocialIcon provider="farcaster" size={30} />
      </span>
      <h3>{expired ? ft('expiredTitle') : ft('failedTitle')}</h3>
      {expired ? (
        <p role="alert">{ft('expired')}</p>
      ) : (
        <p className="hint error" role="alert">
          {login.error ? noticeText(t, login.error) : t('frameError')}
        </p>
      )}
      <div className="ended-actions">
        <button type="button" className="button wide" onClick={() => void startFarcasterLogin(portico)}>
          {ft('tryAgain')}
        </button>
        <button type="button" className="button secondary wide" onClick={() => goBack(portico)}>
          {ft('back')}
        </button>
      </div>
    </div>
  )
}
