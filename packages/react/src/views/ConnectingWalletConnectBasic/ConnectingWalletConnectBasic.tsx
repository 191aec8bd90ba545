import {
  buildWalletLink,
  findListedWallet,
  getIsMobile,
  getModal,
  getWalletConnect,
  type RegistryWallet,
  selectMobileWallet,
  showPairing,
  watchModal,
  watchWalletConnect,
} from '@portico/core'
import { useEffect } from 'react'
import { connectCss } from '../../components/connect.css.js'
import { CopyIcon, ExternalLinkIcon, WalletIcon } from '../../components/icons.js'
import { LegalCheckbox, legalCss } from '../../components/LegalCheckbox.js'
import { QrCode } from '../../components/QrCode.js'
import { useCopy } from '../../components/useCopy.js'
import { walletReceiveCss } from '../../components/walletReceive.css.js'
import { usePortico } from '../../hooks/usePortico.js'
import { usePorticoRead } from '../../hooks/usePorticoRead.js'
import { useRouter } from '../../hooks/useRouter.js'
import { useT } from '../../i18n/MessagesContext.js'
import { noticeText } from '../../i18n/messages.js'
import { useStyles } from '../../styles/StyleContext.js'

const pairingCss = `
.pairing { display: grid; justify-items: center; gap: 12px; text-align: center; }
.pairing h3 { margin: 0; font-size: 17px; font-weight: 650; }
.pairing p { margin: 0; max-width: 290px; color: var(--p-muted); font-size: 14px; line-height: 1.45; }
.pairing .qr-tile { display: grid; place-items: center; width: 228px; height: 228px; }
.pairing .qr-placeholder { width: 208px; height: 208px; border-radius: var(--p-radius-m); background: #eceef1; }
.pairing .actions { display: flex; gap: 8px; flex-wrap: wrap; justify-content: center; }
.pairing .secondary-button {
  display: inline-flex; align-items: center; gap: 8px; height: 40px; padding: 0 16px; border: 1px solid var(--p-border);
  border-radius: 999px; background: var(--p-surface); color: var(--p-text); font-weight: 600; cursor: pointer; text-decoration: none;
}
.pairing .secondary-button:focus-visible { outline: 2px solid var(--p-focus); outline-offset: 2px; }
.pairing .hint.error { color: var(--p-error); font-size: 13px; }
.pairing .primary-button {
  display: inline-flex; align-items: center; justify-content: center; gap: 8px; width: 100%; height: 48px;
  border-radius: 999px; background: var(--p-accent); color: var(--p-on-accent, #fff); font-weight: 650; text-decoration: none;
}
.pairing .primary-button:focus-visible { outline: 2px solid var(--p-focus); outline-offset: 2px; }
`

/** The picked wallet's link with the pairing, for the platform the visitor is on; none when it has none. */
function walletLink(wallet: RegistryWallet | undefined, uri: string | undefined, mobile: boolean) {
  if (!wallet || !uri) return undefined
  try {
    return buildWalletLink(wallet, uri, { platform: mobile ? 'mobile' : 'desktop' })
  } catch {
    // A link that is not the wallet's own scheme or https is never offered; the QR code still works.
    return undefined
  }
}

/**
 * SPEC §2 ConnectingWalletConnectBasic: pairing with a mobile wallet. The pairing's QR code (a new
 * one when it expires), the link to copy, and the wallet's reply: approved (connecting), refused or
 * failed (with Try again). Without `walletConnect` configured it says that nothing can connect here.
 */
export function ConnectingWalletConnectBasic() {
  useStyles(connectCss)
  useStyles(walletReceiveCss)
  useStyles(pairingCss)
  const t = useT()
  const portico = usePortico()
  const { route } = useRouter()
  const wc = usePorticoRead(getWalletConnect, watchWalletConnect)
  const walletId = route.view === 'ConnectingWalletConnectBasic' ? route.params?.walletId : undefined
  const { copy, state: copyState } = useCopy(wc.pairing?.uri)
  const mobile = getIsMobile(portico)
  const wallet = walletId ? findListedWallet(portico, walletId) : undefined
  const link = walletLink(wallet, wc.pairing?.uri, mobile)

  // Opened directly (the opening rules, or a site's openModal): core starts the pairing when the
  // view appears, not again when a pairing that just connected is idle for a moment.
  // Before the legal checkbox is ticked there is no code: the pairing starts once it is.
  const { legalAccepted } = usePorticoRead(getModal, watchModal)
  const legalPending = portico.options.features.legalCheckbox && !legalAccepted
  useEffect(() => {
    if (!legalPending) showPairing(portico, walletId ? { walletId } : {})
  }, [portico, walletId, legalPending])
  useStyles(legalCss)

  if (!wc.enabled) {
    return (
      <div className="empty">
        <span className="empty-icon">
          <WalletIcon />
        </span>
        <h3>{t('noAdapters')}</h3>
        <p>{t('noAdaptersHelp')}</p>
      </div>
    )
  }

  if (legalPending) return <LegalCheckbox />

  // On a phone the picked wallet is opened by its link; the QR code is for a second device.
  if (mobile && wallet) {
    return (
      <div className="pairing">
        <h3>{t('wcOpenWallet', { name: wallet.name })}</h3>
        <div role="status" aria-live="polite">
          {wc.status === 'error' && wc.error ? (
            <p className="hint error">{noticeText(t, wc.error)}</p>
          ) : (
            <p>{wc.status === 'connecting' ? t('wcConnecting') : t('wcOpenHelp', { name: wallet.name })}</p>
          )}
        </div>
        {wc.status === 'error' ? (
          <button
            type="button"
            className="secondary-button"
            onClick={() => void selectMobileWallet(portico, { walletId: wallet.id })}
          >
            {t('tryAgain')}
          </button>
        ) : link ? (
          // SPEC §2: the mobile connect label.
          <a className="primary-button" href={link} target="_blank" rel="noopener noreferrer">
            <ExternalLinkIcon />
            {t('wcOpenInNewTab')}
          </a>
        ) : (
          <p>{t('wcNoLink', { name: wallet.name })}</p>
        )}
        <button type="button" className="secondary-button" onClick={copy} disabled={!wc.pairing}>
          <CopyIcon />
          {copyState === 'copied' ? t('copied') : t('wcCopyLink')}
        </button>
      </div>
    )
  }

  return (
    <div className="pairing">
      <div className="qr-tile">
        {wc.pairing ? (
          <QrCode value={wc.pairing.uri} label={t('wcQrLabel')} />
        ) : (
          <span className="qr-placeholder" role="img" aria-label={t('wcPreparing')} />
        )}
      </div>
      <h3>{t('wcScanTitle')}</h3>
      <div role="status" aria-live="polite">
        {wc.status === 'error' && wc.error ? (
          <p className="hint error">{noticeText(t, wc.error)}</p>
        ) : (
          <p>{wc.status === 'connecting' ? t('wcConnecting') : t('wcScanHelp')}</p>
        )}
      </div>
      <div className="actions">
        {wc.status === 'error' ? (
          <button
            type="button"
            className="secondary-button"
            onClick={() => void selectMobileWallet(portico, walletId ? { walletId } : {})}
          >
            {t('tryAgain')}
          </button>
        ) : (
          <button type="button" className="secondary-button" onClick={copy} disabled={!wc.pairing}>
            <CopyIcon />
            {copyState === 'copied' ? t('copied') : t('wcCopyLink')}
          </button>
        )}
      </div>
    </div>
  )
}
