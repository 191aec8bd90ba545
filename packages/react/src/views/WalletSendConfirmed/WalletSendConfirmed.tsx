import { finishSend } from '@portico/core'
import { AddressText } from '../../components/AddressText.js'
import { CheckIcon, ExternalLinkIcon, WarningIcon } from '../../components/icons.js'
import { isSafeLinkUrl } from '../../components/safeUrl.js'
import { formatExact, type PlainKey } from '../../components/sendTexts.js'
import { useSend } from '../../components/useSend.js'
import { walletSendCss } from '../../components/walletSend.css.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useRouter } from '../../hooks/useRouter.js'
import { useLocale, useT } from '../../i18n/MessagesContext.js'
import { separatorsOf, useFormatAmount } from '../../i18n/useFormatAmount.js'
import { useStyles } from '../../styles/StyleContext.js'

const TITLES: Record<'pending' | 'success' | 'reverted' | 'unknown', PlainKey> = {
  pending: 'sendPendingTitle',
  success: 'sendConfirmedTitle',
  reverted: 'sendRevertedTitle',
  unknown: 'sendUnknownTitle',
}

/** The transaction just sent: pending, then confirmed or failed on chain, with an explorer link. */
export function WalletSendConfirmed() {
  useStyles(walletSendCss)
  const portico = usePortico()
  const t = useT()
  const locale = useLocale()
  const formatAmount = useFormatAmount()
  const { route } = useRouter()
  const { sent } = useSend()
  const hash = route.view === 'WalletSendConfirmed' ? route.params.hash : undefined
  const transaction = sent && sent.hash === hash ? sent : undefined
  const status = transaction?.status ?? 'unknown'
  const { decimal } = separatorsOf(locale)

  return (
    <div className="send">
      <div className="status" role="status" aria-live="polite">
        <span className="status-icon" data-status={status} aria-hidden="true">
          {status === 'pending' ? (
            <span className="spinner" />
          ) : status === 'success' ? (
            <CheckIcon />
          ) : (
            <WarningIcon />
          )}
        </span>
        <h3>{t(TITLES[status])}</h3>
        {transaction && (
          <p className="hero-amount">
            {formatExact(formatAmount, transaction.amount, decimal)} {transaction.symbol}
          </p>
        )}
        {status === 'pending' && <p>{t('sendPending')}</p>}
        {status === 'reverted' && <p>{t('sendRevertedText')}</p>}
        {status === 'unknown' && <p>{t('sendUnknownText')}</p>}
      </div>
      {transaction && (
        <div className="summary">
          <div className="summary-row">
            <span>{t('sendReceiver')}</span>
            <span className="summary-value">
              <AddressText address={transaction.to} />
            </span>
          </div>
        </div>
      )}
      {transaction && isSafeLinkUrl(transaction.explorerUrl) && (
        <a className="row" href={transaction.explorerUrl} target="_blank" rel="noopener noreferrer">
          <ExternalLinkIcon />
          <span className="row-name">{t('sendViewOnExplorer')}</span>
          <span className="visually-hidden">{t('opensInNewTab')}</span>
        </a>
      )}
      <button type="button" className="button wide primary" onClick={() => finishSend(portico)}>
        {t('sendDone')}
      </button>
    </div>
  )
}
