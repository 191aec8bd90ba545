import { cancelSiwx, signIn } from '@portico/core'
import { Picture } from '../../components/Picture.js'
import { useAccount } from '../../hooks/useAccount.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useSiwx } from '../../hooks/useSiwx.js'
import { useT } from '../../i18n/MessagesContext.js'
import { noticeText } from '../../i18n/messages.js'
import { useStyles } from '../../styles/StyleContext.js'
import { siwxCss } from './SIWXSignMessage.css.js'

/**
 * Asks the connected account to sign the sign-in message (SPEC §2, §4). Core opens it after a
 * connection and decides what Sign and Cancel do; this view only shows where sign-in stands.
 */
export function SIWXSignMessage() {
  useStyles(siwxCss)
  const portico = usePortico()
  const t = useT()
  const { status, required, error } = useSiwx()
  const { connector } = useAccount()
  const metadata = portico.options.metadata
  const app = metadata?.name ?? t('siwxThisSite')
  const wallet = connector?.name ?? t('yourWallet')
  const signing = status === 'signing'
  const sign = () => {
    void signIn(portico)
  }
  const cancel = () => {
    void cancelSiwx(portico)
  }

  return (
    <div className="siwx">
      <span
        className="siwx-pictures"
        role="img"
        aria-label={t('siwxPictures', { app, wallet })}
        data-state={signing ? 'signing' : 'idle'}
      >
        <Picture name={app} url={metadata?.icons?.[0]} className="picture" letterClassName="letter" />
        <Picture name={wallet} url={connector?.imageUrl} className="picture" letterClassName="letter" />
      </span>
      <div role="status" aria-live="polite" className="stack">
        {signing ? (
          <>
            <h3>{t('siwxSigning', { wallet })}</h3>
            <p>{t('siwxSigningText')}</p>
          </>
        ) : (
          <>
            <h3>{t('siwxHeading', { app })}</h3>
            <p>{t('siwxText')}</p>
          </>
        )}
      </div>
      {error && !signing && (
        <p className="siwx-error" role="alert">
          {t('siwxFailed', { reason: noticeText(t, error) })}
        </p>
      )}
      {required && <p className="siwx-required">{t('siwxRequired')}</p>}
      <div className="siwx-buttons">
        <button type="button" className="button secondary" onClick={cancel}>
          {required ? t('siwxDisconnect') : t('siwxCancel')}
        </button>
        <button
          type="button"
          className="button"
          disabled={signing || status === 'checking'}
          aria-busy={signing ? 'true' : undefined}
          onClick={sign}
        >
          {signing && <span className="spinner" aria-hidden="true" />}
          {t('siwxSign')}
        </button>
      </div>
    </div>
  )
}
