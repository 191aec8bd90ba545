import { navigate, pasteSendReceiver, reviewSend, setSendAmount, startSendForm } from '@portico/core'
import { type FormEvent, useEffect, useId } from 'react'
import { FeeRow } from '../../components/FeeRow.js'
import { ChevronIcon } from '../../components/icons.js'
import { ProfileAvatar } from '../../components/ProfileAvatar.js'
import { PROBLEM_LABELS } from '../../components/sendTexts.js'
import { TokenPicture } from '../../components/TokenPicture.js'
import { useSend, useSendMax, useSendValidation } from '../../components/useSend.js'
import { walletSendCss } from '../../components/walletSend.css.js'
import { usePortico } from '../../hooks/usePortico.js'
import { formatUsd } from '../../i18n/formatUsd.js'
import { useLocale, useT } from '../../i18n/MessagesContext.js'
import { noticeText, type Translate } from '../../i18n/messages.js'
import { separatorsOf, useFormatAmount } from '../../i18n/useFormatAmount.js'
import { useStyles } from '../../styles/StyleContext.js'
import { useReceiverName } from './useReceiverName.js'

/**
 * The send form: the token with its balance, the amount (with its USD value and Max), the
 * receiver, the network fee, and one button that names the first problem or leads to the review.
 * Core runs the form while it is on screen (its first token, the balances, the fee estimate).
 */
export function WalletSend() {
  useStyles(walletSendCss)
  const portico = usePortico()
  // Core runs the send form (first token, balances, fee) while a send view is on screen. Started
  // here, not from a shared hook, so its code stays in the send views' chunk.
  useEffect(() => startSendForm(portico), [portico])
  const t = useT()
  const locale = useLocale()
  const formatAmount = useFormatAmount()
  const send = useSend()
  const validation = useSendValidation()
  const max = useSendMax()
  const { decimal } = separatorsOf(locale)
  const amountId = useId()
  const receiverId = useId()
  const amountHintId = useId()
  const receiverHintId = useId()

  const { token } = send
  // A name typed as the receiver (ENS on EVM networks), resolved as typing pauses.
  const receiverName = useReceiverName(send.receiverProfileName)
  const naming = receiverName.result

  const { problem, amountError } = validation
  const amountMessage =
    token && amountError && amountError !== 'empty' ? amountText(t, amountError, decimal, token) : undefined
  const addressInvalid = problem === 'invalidAddress' && naming.status === 'none'
  const balance = token ? `${formatAmount(token.quantity.numeric)} ${token.symbol}` : undefined
  const canPaste = typeof globalThis.navigator?.clipboard?.readText === 'function'

  const label = problem
    ? naming.status === 'resolving' && problem === 'noReceiver'
      ? t('sendResolvingName', { name: naming.name })
      : naming.status === 'failed' && problem === 'noReceiver'
        ? t('sendNameNotResolved')
        : problem === 'noFeeEstimate' && send.feeError && !send.feeLoading
          ? t('sendFeeUnavailable')
          : t(PROBLEM_LABELS[problem])
    : t('sendReview')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    reviewSend(portico)
  }

  const paste = () => void pasteSendReceiver(portico, { text: navigator.clipboard.readText() })

  return (
    <form className="send" onSubmit={submit} noValidate>
      <div
        className="field"
        data-invalid={amountMessage || problem === 'insufficientFunds' ? 'true' : undefined}
      >
        <div className="field-head">
          <label htmlFor={amountId}>{t('sendAmount')}</label>
          {token && (
            <span className="balance-line">
              {t('sendBalance', { balance: balance ?? '' })}
              <button
                type="button"
                className="max"
                aria-label={t('sendMaxLabel')}
                disabled={max === undefined}
                onClick={() =>
                  max !== undefined &&
                  setSendAmount(portico, { amount: max.replace('.', decimal), decimalSeparator: decimal })
                }
              >
                {t('sendMax')}
              </button>
            </span>
          )}
        </div>
        <div className="amount-line">
          <input
            id={amountId}
            className="amount-input"
            inputMode="decimal"
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            placeholder={`0${decimal}0`}
            value={send.sendTokenAmount}
            aria-invalid={amountMessage ? 'true' : undefined}
            aria-describedby={amountMessage ? amountHintId : undefined}
            onChange={(event) =>
              setSendAmount(portico, { amount: event.target.value, decimalSeparator: decimal })
            }
          />
          <button
            type="button"
            className={token ? 'token-button' : 'token-button empty'}
            aria-label={
              token ? t('sendToken', { token: token.symbol, balance: balance ?? '' }) : t('sendChooseToken')
            }
            onClick={() => navigate(portico, { view: 'WalletSendSelectToken' })}
          >
            {token ? (
              <>
                <TokenPicture token={token} />
                {token.symbol}
              </>
            ) : (
              t('sendChooseToken')
            )}
            <ChevronIcon />
          </button>
        </div>
        <div className="sub-line">
          <span>
            {validation.amountInUSD !== undefined
              ? t('sendAmountInUsd', { value: formatUsd(validation.amountInUSD, locale) })
              : ''}
          </span>
        </div>
        {amountMessage && (
          <p className="hint error" id={amountHintId}>
            {amountMessage}
          </p>
        )}
      </div>

      <div className="field" data-invalid={addressInvalid ? 'true' : undefined}>
        <div className="field-head">
          <label htmlFor={receiverId}>{t('sendReceiver')}</label>
        </div>
        <div className="receiver-line">
          {/* Two lines, so a whole address shows without scrolling sideways at 360 px. */}
          <textarea
            id={receiverId}
            className="receiver-input"
            rows={2}
            autoComplete="off"
            autoCorrect="off"
            autoCapitalize="off"
            spellCheck={false}
            placeholder={t('sendReceiverPlaceholder')}
            value={receiverName.typed ?? send.receiverAddress}
            aria-invalid={addressInvalid || naming.status === 'failed' ? 'true' : undefined}
            aria-describedby={
              addressInvalid || validation.toSelf || naming.status !== 'none' ? receiverHintId : undefined
            }
            onChange={(event) => receiverName.onText(event.target.value)}
            onKeyDown={(event) => {
              // An address is one line: Enter submits the form, as in the amount field.
              if (event.key === 'Enter') {
                event.preventDefault()
                event.currentTarget.form?.requestSubmit()
              }
            }}
          />
          {canPaste && !send.receiverAddress && receiverName.typed === undefined && (
            <button type="button" className="paste" aria-label={t('sendPasteLabel')} onClick={paste}>
              {t('sendPaste')}
            </button>
          )}
        </div>
        {addressInvalid && (
          <p className="hint error" id={receiverHintId}>
            {t('sendInvalidAddress')}
          </p>
        )}
        {naming.status === 'resolving' && (
          <p className="hint" id={receiverHintId} aria-live="polite">
            {t('sendResolvingName', { name: naming.name })}
          </p>
        )}
        {naming.status === 'failed' && (
          <p className="hint error" id={receiverHintId} role="alert">
            {t('sendNameNotResolved')}
          </p>
        )}
        {naming.status === 'resolved' && (
          <p className="hint resolved-name" id={receiverHintId}>
            <ProfileAvatar address={naming.address} image={naming.image} className="receiver-avatar" />
            <span className="visually-hidden">
              {t('sendNameResolved', { name: naming.name, address: naming.address })}
            </span>
            <span className="resolved-address" aria-hidden="true">
              {naming.address}
            </span>
          </p>
        )}
        {!addressInvalid && validation.toSelf && (
          <p className="hint warning" id={receiverHintId}>
            {t('sendToSelf')}
          </p>
        )}
      </div>

      {token && <FeeRow />}
      {/* Why there is no fee: often the adapter refusing the send itself (an address of another
          chain, a balance that would fall below what the chain keeps), which the visitor can fix. */}
      {problem === 'noFeeEstimate' && send.feeError && !send.feeLoading && (
        <p className="hint error" role="alert">
          {noticeText(t, send.feeError)}
        </p>
      )}

      <button
        type="submit"
        className="button wide primary"
        disabled={problem !== undefined}
        aria-busy={problem === 'noFeeEstimate' && send.feeLoading ? 'true' : undefined}
      >
        {label}
      </button>
    </form>
  )
}

function amountText(
  t: Translate,
  reason: 'notANumber' | 'negative' | 'exponent' | 'tooManyDecimals',
  separator: string,
  token: { symbol: string; quantity: { decimals: string } },
): string {
  switch (reason) {
    case 'notANumber':
      return t('sendAmountNotANumber', { separator })
    case 'negative':
      return t('sendAmountNegative')
    case 'exponent':
      return t('sendAmountExponent')
    case 'tooManyDecimals':
      return t('sendAmountDecimals', { symbol: token.symbol, decimals: token.quantity.decimals })
  }
}
