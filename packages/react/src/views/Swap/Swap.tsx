import { navigate } from '@portico/core'
import {
  isNativeSwapToken,
  requoteSwapForm,
  reviewSwap,
  SWAP_DISPLAY_DECIMALS,
  setSwapAmount,
  startSwapForm,
  switchSwapTokens,
  truncateDecimals,
} from '@portico/core/swap'
import { type FormEvent, useEffect, useId } from 'react'
import { ChevronIcon, SwapIcon } from '../../components/icons.js'
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
import { useLocale, useT } from '../../i18n/MessagesContext.js'
import { noticeText } from '../../i18n/messages.js'
import { separatorsOf, useFormatAmount } from '../../i18n/useFormatAmount.js'
import { useStyles } from '../../styles/StyleContext.js'

/**
 * The swap form (SPEC §2 Swap): what the visitor pays (token, amount, balance, Max) and what they
 * receive at the current quote, a switch between the two, the rate and the network fee, and one
 * button that names the first problem or leads to the preview. Core runs the form while it is on
 * screen: set up once, a new quote after each change.
 */
export function Swap() {
  useStyles(walletSendCss)
  useStyles(swapCss)
  const portico = usePortico()
  // Started here, not from a shared hook, so the swap code stays in the swap views' chunks.
  useEffect(() => startSwapForm(portico), [portico])
  const t = useT()
  const st = useSwapT()
  const locale = useLocale()
  const formatAmount = useFormatAmount()
  const swap = useSwap()
  const { problem } = useSwapValidation()
  const { decimal } = separatorsOf(locale)
  const amountId = useId()
  const hintId = useId()
  const { sourceToken, toToken } = swap

  const exact = (amount: string, digits?: number) => formatExact(formatAmount, amount, decimal, digits)
  const usd = (amount: string, price: number) => {
    const value = Number(amount) * price
    return price > 0 && Number.isFinite(value) && value > 0
      ? t('sendAmountInUsd', { value: formatUsd(value, locale) })
      : ''
  }
  const max = maxAmount(swap)
  const quoted = swap.toTokenAmount !== '' && !swap.loadingQuote
  const label = problem
    ? st(SWAP_PROBLEM_LABELS[problem])
    : swap.loadingQuote || (!swap.inputError && !swap.swapTransaction && !swap.approvalTransaction)
      ? st('quoting')
      : swap.inputError
        ? noticeText(t, swap.inputError)
        : st('review')
  const ready =
    !problem && quoted && !swap.inputError && Boolean(swap.swapTransaction ?? swap.approvalTransaction)
  const hint = swap.inputError && !problem ? noticeText(t, swap.inputError) : undefined

  const submit = (event: FormEvent) => {
    event.preventDefault()
    reviewSwap(portico)
  }

  if (!swap.initialized)
    return (
      <div className="swap" aria-busy="true">
        <p className="empty-text" role="status">
          {t('loading')}
        </p>
      </div>
    )

  return (
    <form className="swap" onSubmit={submit} noValidate>
      {swap.notice && (
        <div className="notice" role="alert">
          <p>{noticeText(t, swap.notice)}</p>
          <button type="button" className="link-button" onClick={() => void requoteSwapForm(portico)}>
            {st('newQuote')}
          </button>
        </div>
      )}
      <div
        className="field"
        data-invalid={problem === 'insufficientBalance' || problem === 'insufficientGas' ? 'true' : undefined}
      >
        <div className="field-head">
          <label htmlFor={amountId}>{st('pay')}</label>
          {sourceToken && swap.sourceBalance !== undefined && (
            <span className="balance-line">
              {st('balance', { balance: `${exact(swap.sourceBalance, 4)} ${sourceToken.symbol}` })}
              <button
                type="button"
                className="max"
                aria-label={st('maxLabel')}
                disabled={max === undefined}
                onClick={() => max !== undefined && setSwapAmount(portico, { amount: max })}
              >
                {st('max')}
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
            placeholder="0"
            value={swap.sourceTokenAmount.replace('.', decimal)}
            aria-label={sourceToken ? st('amountLabel', { symbol: sourceToken.symbol }) : undefined}
            aria-invalid={problem === 'invalidAmount' ? 'true' : undefined}
            aria-describedby={hint ? hintId : undefined}
            onChange={(event) => setSwapAmount(portico, { amount: event.target.value.replace(decimal, '.') })}
          />
          <TokenButton side="source" />
        </div>
        <div className="sub-line">
          <span>{sourceToken ? usd(swap.sourceTokenAmount, swap.sourceTokenPriceInUSD) : ''}</span>
        </div>
      </div>

      <div className="switch-line">
        <button
          type="button"
          className="switch"
          aria-label={st('switch')}
          onClick={() => switchSwapTokens(portico)}
        >
          <SwapIcon />
        </button>
      </div>

      <div className="field receive">
        <div className="field-head">
          <span>{st('receive')}</span>
          {toToken && swap.toBalance !== undefined && (
            <span>{st('balance', { balance: `${exact(swap.toBalance, 4)} ${toToken.symbol}` })}</span>
          )}
        </div>
        <div className="amount-line">
          <output
            className="amount-input amount-output"
            aria-live="polite"
            data-loading={swap.loadingQuote ? 'true' : undefined}
          >
            {swap.toTokenAmount ? exact(truncateDecimals(swap.toTokenAmount, SWAP_DISPLAY_DECIMALS)) : '0'}
          </output>
          <TokenButton side="to" />
        </div>
        <div className="sub-line">
          <span>{toToken && swap.toTokenAmount ? usd(swap.toTokenAmount, swap.toTokenPriceInUSD) : ''}</span>
        </div>
      </div>
      {hint && (
        <p className="hint error" id={hintId} role="alert">
          {hint}
        </p>
      )}

      {quoted && sourceToken && toToken && (
        <div className="swap-details">
          <div className="fee-row">
            <span>{st('rate')}</span>
            <span className="value">
              {st('rateValue', {
                from: sourceToken.symbol,
                rate: exact(rateOf(swap.sourceTokenAmount, swap.toTokenAmount), SWAP_DISPLAY_DECIMALS),
                to: toToken.symbol,
              })}
            </span>
          </div>
          {swap.gasFeeAmount !== undefined && (
            <div className="fee-row">
              <span>{st('networkFee')}</span>
              <span className="value">
                {swap.gasPriceInUSD !== undefined
                  ? formatUsd(swap.gasPriceInUSD, locale)
                  : `${exact(swap.gasFeeAmount, 6)} ${swap.networkTokenSymbol}`}
              </span>
            </div>
          )}
        </div>
      )}

      <button
        type="submit"
        className="button wide primary"
        disabled={!ready}
        aria-busy={swap.loadingQuote ? 'true' : undefined}
      >
        {swap.loadingQuote && <span className="spinner" aria-hidden="true" />}
        {label}
      </button>
    </form>
  )
}

/** The button that shows one side's token and opens the token list for it. */
function TokenButton({ side }: { side: 'source' | 'to' }) {
  const portico = usePortico()
  const st = useSwapT()
  const swap = useSwap()
  const token = side === 'source' ? swap.sourceToken : swap.toToken
  return (
    <button
      type="button"
      className={token ? 'token-button' : 'token-button empty'}
      aria-label={token ? st('tokenButton', { symbol: token.symbol }) : st('chooseToken')}
      onClick={() => navigate(portico, { view: 'SwapSelectToken', params: { side } })}
    >
      {token ? (
        <>
          <TokenPicture token={pictureOf(token)} />
          {token.symbol}
        </>
      ) : (
        st('chooseToken')
      )}
      <ChevronIcon />
    </button>
  )
}

/** The whole source balance; for the network's own currency, less the network fee. */
function maxAmount(swap: ReturnType<typeof useSwap>): string | undefined {
  const { sourceToken, sourceBalance } = swap
  if (!sourceToken || sourceBalance === undefined) return undefined
  if (!isNativeSwapToken(sourceToken)) return sourceBalance
  const fee = swap.gasFeeAmount === undefined ? 0 : Number(swap.gasFeeAmount)
  const left = Number(sourceBalance) - fee * 1.2
  return left > 0 ? truncateDecimals(left.toFixed(Math.min(8, sourceToken.decimals)), 8) : undefined
}

/** Target tokens per source token, as a decimal string. */
function rateOf(from: string, to: string): string {
  const rate = Number(to) / Number(from)
  return Number.isFinite(rate) ? rate.toFixed(8) : '0'
}
