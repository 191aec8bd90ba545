import { cancelSend, formatUnits, startSendForm, submitSend } from '@portico/core'
import { useEffect } from 'react'
import { AddressText } from '../../components/AddressText.js'
import { FeeRow } from '../../components/FeeRow.js'
import { NetworkIcon } from '../../components/NetworkIcon.js'
import { formatExact, PROBLEM_LABELS } from '../../components/sendTexts.js'
import { TokenPicture } from '../../components/TokenPicture.js'
import { useSend, useSendValidation } from '../../components/useSend.js'
import { walletSendCss } from '../../components/walletSend.css.js'
import { usePortico } from '../../hooks/usePortico.js'
import { formatUsd } from '../../i18n/formatUsd.js'
import { useLocale, useT } from '../../i18n/MessagesContext.js'
import { noticeText } from '../../i18n/messages.js'
import { separatorsOf, useFormatAmount } from '../../i18n/useFormatAmount.js'
import { useStyles } from '../../styles/StyleContext.js'

/**
 * What is about to be sent, from where to where, on which network and for what fee; 'Send' asks
 * the wallet, 'Cancel' returns to the form (also while the wallet is open, which frees the form at
 * once).
 */
export function WalletSendPreview() {
  useStyles(walletSendCss)
  const portico = usePortico()
  // Core's send form flow, started as in WalletSend.
  useEffect(() => startSendForm(portico), [portico])
  const t = useT()
  const locale = useLocale()
  const formatAmount = useFormatAmount()
  const send = useSend()
  const { problem, amount, amountInUSD } = useSendValidation()
  const { token, address, network, error } = send
  const waiting = send.loading
  const { decimal } = separatorsOf(locale)

  return (
    <div className="send">
      {token && amount !== undefined && (
        <div className="hero">
          <TokenPicture token={token} />
          <span className="hero-sub">{t('sendSending')}</span>
          <p className="hero-amount">
            {formatExact(formatAmount, formatUnits(amount, Number(token.quantity.decimals)), decimal)}{' '}
            {token.symbol}
          </p>
          {amountInUSD !== undefined && (
            <p className="hero-sub">{t('sendAmountInUsd', { value: formatUsd(amountInUSD, locale) })}</p>
          )}
        </div>
      )}
      <div className="summary">
        {address && (
          <div className="summary-row">
            <span>{t('sendFrom')}</span>
            <span className="summary-value">
              <AddressText address={address} />
            </span>
          </div>
        )}
        {send.receiverAddress && (
          <div className="summary-row">
            <span>{t('sendReceiver')}</span>
            <span className="summary-value">
              <AddressText address={send.receiverAddress} />
            </span>
          </div>
        )}
        {network && (
          <div className="summary-row">
            <span>{t('sendNetwork')}</span>
            <span className="summary-value">
              <NetworkIcon network={network} />
              {network.name}
            </span>
          </div>
        )}
      </div>
      <FeeRow />
      {error && (
        <p className="hint error center" role="alert">
          {error.kind === 'rejected'
            ? t('sendRejected')
            : t('sendFailed', { reason: noticeText(t, error.message) })}
        </p>
      )}
      <div className="buttons">
        <button type="button" className="button secondary" onClick={() => cancelSend(portico)}>
          {t('sendCancel')}
        </button>
        <button
          type="button"
          className="button"
          disabled={waiting || problem !== undefined}
          aria-busy={waiting ? 'true' : undefined}
          onClick={() => void submitSend(portico)}
        >
          {waiting && <span className="spinner" aria-hidden="true" />}
          {waiting ? t('sendConfirmInWallet') : problem ? t(PROBLEM_LABELS[problem]) : t('sendConfirm')}
        </button>
      </div>
    </div>
  )
}
