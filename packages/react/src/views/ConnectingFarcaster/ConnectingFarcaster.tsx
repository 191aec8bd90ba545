import { getFarcasterLogin, goBack, startFarcasterLogin, watchFarcasterLogin } from '@portico/core'
import { useEffect } from 'react'
import { CopyIcon, ExternalLinkIcon } from '../../components/icons.js'
import { QrCode } from '../../components/QrCode.js'
import { useCopy } from '../../components/useCopy.js'
import { usePortico } from '../../hooks/usePortico.js'
import { usePorticoRead } from '../../hooks/usePorticoRead.js'
import { useT } from '../../i18n/MessagesContext.js'
import { noticeText } from '../../i18n/messages.js'
import { useStyles } from '../../styles/StyleContext.js'
import { useFarcasterTexts } from './farcasterCatalogue.js'

// The link's two buttons are sized so that both stand side by side on a 360 px phone (in English).
const farcasterCss = `
.farcaster { display: grid; justify-items: center; gap: 12px; text-align: center; }
.farcaster h3 { margin: 0; font-size: 17px; font-weight: 650; }
.farcaster p { margin: 0; max-width: 290px; color: var(--p-muted); font-size: 14px; line-height: 1.45; }
.farcaster .qr-tile { display: grid; place-items: center; width: 228px; height: 228px; }
.farcaster .qr-tile svg { width: 208px; height: 208px; border-radius: var(--p-radius-m); }
.farcaster .qr-placeholder { width: 208px; height: 208px; border-radius: var(--p-radius-m); background: var(--p-surface); animation: portico-pulse 1.2s infinite; }
.farcaster .actions { display: flex; gap: 6px; flex-wrap: wrap; justify-content: center; }
.farcaster .actions .button { gap: 6px; padding: 0 12px; font-size: 14px; }
.farcaster .button:disabled { opacity: .5; cursor: default; }
.farcaster .mark { display: grid; place-items: center; width: 56px; height: 56px; border-radius: 50%; background: var(--p-accent-soft); }
.farcaster .error { color: var(--p-error); font-size: 13px; overflow-wrap: anywhere; }
.farcaster .ended-actions { display: grid; gap: 8px; width: 100%; margin-top: 4px; }
`

/**
 * SPEC §2 ConnectingFarcaster: Sign In With Farcaster. The sign-in link as a QR code, to open or
 * copy; the wait for the Farcaster app. A login that ended (the link expired, the sign-in was
 * refused or failed) no longer shows a code to scan: it says what happened once, with a new link
 * and a way back. Leaving the view follows SPEC §2's rule (core's `leaveFarcasterLogin`).
 */
export function ConnectingFarcaster() {
  useStyles(farcasterCss)
  const t = useT()
  const ft = useFarcasterTexts()
  const portico = usePortico()
  const login = usePorticoRead(getFarcasterLogin, watchFarcasterLogin)
  const { copy, state: copyState } = useCopy(login.url)

  // The login starts when the view appears (from Connect, or opened directly), not again while one runs.
  useEffect(() => {
    if (getFarcasterLogin(portico).status === 'idle') void startFarcasterLogin(portico)
  }, [portico])

  // The login ended without a wallet: the Farcaster mark, what happened (the link's expiry, or the
  // refusal in the words of whoever refused, once), a new link and the way back to Connect.
  const expired = login.status === 'expired'
  if (expired || login.status === 'error')
    return (
      <div className="farcaster">
        <span className="mark">
          {/* Farcaster's arch, as the social section draws it. */}
          <svg width="30" height="30" viewBox="0 0 24 24" aria-hidden="true">
            <rect x="3" y="3" width="18" height="18" rx="5" fill="currentColor" />
            <path fill="var(--p-surface)" d="M7 6.5h10v11h-1.6v-4.9a3.4 3.4 0 0 0-6.8 0v4.9H7z" />
          </svg>
        </span>
        <h3>{expired ? ft('expiredTitle') : ft('failedTitle')}</h3>
        <p className={expired ? undefined : 'error'} role="alert">
          {expired ? ft('expired') : login.error ? noticeText(t, login.error) : t('frameError')}
        </p>
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
          <a className="button secondary" href={login.url} target="_blank" rel="noopener noreferrer">
            <ExternalLinkIcon />
            {ft('openLink')}
          </a>
        )}
        <button type="button" className="button secondary" onClick={copy} disabled={!login.url}>
          <CopyIcon />
          {copyState === 'copied' ? ft('copied') : ft('copyLink')}
        </button>
      </div>
    </div>
  )
}
