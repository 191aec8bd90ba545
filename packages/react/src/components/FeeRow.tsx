import { formatUsd } from '../i18n/formatUsd.js'
import { useLocale, useT } from '../i18n/MessagesContext.js'
import { separatorsOf, useFormatAmount } from '../i18n/useFormatAmount.js'
import { formatExact } from './sendTexts.js'
import { useSend, useSendValidation } from './useSend.js'

/** The estimated network fee, in the native token and in USD when its price is known. */
export function FeeRow() {
  const t = useT()
  const locale = useLocale()
  const formatAmount = useFormatAmount()
  const send = useSend()
  const { feeInUSD } = useSendValidation()
  const usd =
    feeInUSD !== undefined ? t('sendAmountInUsd', { value: formatUsd(feeInUSD, locale) }) : undefined
  return (
    <div className="fee-row">
      <span>{t('sendNetworkFee')}</span>
      <span className="value" aria-live="polite">
        {send.feePaidBy !== undefined ? (
          // The site's paymaster pays: the visitor pays nothing, whatever the estimate says.
          t('sendFeePaidBy', { site: send.feePaidBy })
        ) : send.feeLoading ? (
          t('sendFeeEstimating')
        ) : send.feeAmount !== undefined ? (
          <>
            {formatExact(formatAmount, send.feeAmount, separatorsOf(locale).decimal, 8)} {send.feeSymbol}
            {usd && <span className="muted"> · {usd}</span>}
          </>
        ) : send.feeError ? (
          t('sendFeeUnavailable')
        ) : (
          '—'
        )}
      </span>
    </div>
  )
}
