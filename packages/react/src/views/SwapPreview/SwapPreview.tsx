import { goBack } from '@portico/core'
import { SWAP_DISPLAY_DECIMALS, startSwapForm, submitSwap, truncateDecimals } from '@portico/core/swap'
import { useEffect } from 'react'
import { SwapIcon } from '../../components/icons.js'
import { formatExact } from '../../components/sendTexts.js'
import { swapCss } from '../../components/swap.css.js'
import { useSwapT } from '../../components/swapCatalogue.js'
import { SWAP_PROBLEM_LABELS } from '../../components/swapTexts.js'
import { pictureOf } from '../../components/swapToken.js'
import { TokenPicture } from '../../components/TokenPicture.js'
import { useSwap, useSwapValidation } from '../../components/useSwap.js'
import { walletSendCss } from '../../components/walletSend.css.js'
import { usePortico } from '../../hooks/usePortico.js'
import { formatUsd } from '../../i18n/formatUsd.js'
import { useLocale } from '../../i18n/MessagesContext.js'
import { separatorsOf, useFormatAmount } from '../../i18n/useFormatAmount.js'
import { useStyles } from '../../styles/StyleContext.js'

/** Not a SPEC constant: above this price impact (percent) the preview warns in words. */
const HIGH_PRICE_IMPACT_PERCENT = 3

/**
 * The swap before it is sent (SPEC §2 SwapPreview): what is paid and received, the rate, the price
 * impact, the minimum received after the slippage tolerance, the network fee in USD and the
 * provider fee. Its button approves first when the router may not yet spend the amount, then swaps.
 */
export function SwapPreview() {
  useStyles(walletSendCss)
  useStyles(swapCss)
  const portico = usePortico()
  useEffect(() => startSwapForm(portico), [portico])
  const st = useSwapT()
  const locale = useLocale()
  const formatAmount = useFormatAmount()
  const swap = useSwap()
  const { problem } = useSwapValidation()
  const { decimal } = separatorsOf(locale)
  const { sourceToken, toToken } = swap
  if (!sourceToken || !toToken) return null
  const exact = (amount: string, digits?: number) => formatExact(formatAmount, amount, decimal, digits)
  const waiting = swap.loadingTransaction
  const approving = swap.approvalTransaction !== undefined
  const ready = !problem && !swap.loadingQuote && Boolean(swap.swapTransaction ?? swap.approvalTransaction)
  const rate = Number(swap.toTokenAmount) / Number(swap.sourceTokenAmount)
  const impact = swap.priceImpact

  const rows: [string, string, (string | undefined)?][] = [
    [
      st('rate'),
      st('rateValue', {
        from: sourceToken.symbol,
        rate: exact(Number.isFinite(rate) ? rate.toFixed(8) : '0', SWAP_DISPLAY_DECIMALS),
        to: toToken.symbol,
      }),
    ],
  ]
  if (impact !== undefined)
    rows.push([
      st('priceImpact'),
      `${impact.toFixed(2)}%`,
      impact >= HIGH_PRICE_IMPACT_PERCENT ? 'impact-high' : undefined,
    ])
  if (swap.maxSlippage !== undefined)
    rows.push([
      st('minimumReceived'),
      `${exact(truncateDecimals(swap.maxSlippage, SWAP_DISPLAY_DECIMALS))} ${toToken.symbol}`,
    ])
  rows.push([st('slippage'), `${swap.slippage}%`])
  if (swap.gasFeeAmount !== undefined)
    rows.push([
      st('networkFee'),
      swap.gasPriceInUSD !== undefined
        ? formatUsd(swap.gasPriceInUSD, locale)
        : `${exact(swap.gasFeeAmount, 6)} ${swap.networkTokenSymbol}`,
    ])
  rows.push([
    st('providerFee'),
    swap.providerFee
      ? `${exact(swap.providerFee.amount, 6)} ${sourceToken.symbol} (${swap.providerFee.rate}%)`
      : st('noProviderFee'),
  ])

  return (
    <div className="swap">
      <div className="swap-hero">
        <div className="swap-hero-side">
          <TokenPicture token={pictureOf(sourceToken)} />
          <div>
            <span className="label">{st('pay')}</span>
            <span className="amount">
              {exact(swap.sourceTokenAmount)} {sourceToken.symbol}
            </span>
          </div>
        </div>
        <div className="swap-hero-arrow" aria-hidden="true">
          <span>
            <SwapIcon />
          </span>
        </div>
        <div className="swap-hero-side">
          <TokenPicture token={pictureOf(toToken)} />
          <div>
            <span className="label">{st('receive')}</span>
            <span className="amount" aria-live="polite">
              {swap.loadingQuote
                ? st('quoting')
                : `${exact(truncateDecimals(swap.toTokenAmount, SWAP_DISPLAY_DECIMALS))} ${toToken.symbol}`}
            </span>
          </div>
        </div>
      </div>
      <dl className="summary">
        {rows.map(([name, value, className]) => (
          <div className="summary-row" key={name}>
            <dt>{name}</dt>
            <dd className={className ? `summary-value ${className}` : 'summary-value'}>{value}</dd>
          </div>
        ))}
      </dl>
      {impact !== undefined && impact >= HIGH_PRICE_IMPACT_PERCENT && (
        <p className="hint warning">{st('priceImpactHigh', { impact: impact.toFixed(2) })}</p>
      )}
      {approving && (
        <p className="approve-hint">
          {st('approveHint', {
            amount: exact(swap.approvalTransaction?.toAmount ?? swap.sourceTokenAmount),
            symbol: sourceToken.symbol,
          })}
        </p>
      )}
      <div className="buttons">
        <button type="button" className="button secondary" onClick={() => goBack(portico)}>
          {st('cancel')}
        </button>
        <button
          type="button"
          className="button"
          disabled={waiting || !ready}
          aria-busy={waiting || swap.loadingQuote ? 'true' : undefined}
          onClick={() => void submitSwap(portico)}
        >
          {(waiting || swap.loadingQuote) && <span className="spinner" aria-hidden="true" />}
          {waiting
            ? st('waiting')
            : swap.loadingQuote
              ? st('quoting')
              : problem
                ? st(SWAP_PROBLEM_LABELS[problem])
                : approving
                  ? st('approve', { symbol: sourceToken.symbol })
                  : st('confirm')}
        </button>
      </div>
    </div>
  )
}
