import { goBack, type SwapFormToken, type SwapTokenWithBalance } from '@portico/core'
import { sameSwapToken, setSwapToken, startSwapForm } from '@portico/core/swap'
import { useEffect, useId, useState } from 'react'
import { moveFocusInList } from '../../components/focus.js'
import { formatExact } from '../../components/sendTexts.js'
import { swapCss } from '../../components/swap.css.js'
import { useSwapT } from '../../components/swapCatalogue.js'
import { pictureOf } from '../../components/swapToken.js'
import { TokenPicture } from '../../components/TokenPicture.js'
import { TokenSearch } from '../../components/TokenSearch.js'
import { useSwap } from '../../components/useSwap.js'
import { walletSendCss } from '../../components/walletSend.css.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useRouter } from '../../hooks/useRouter.js'
import { formatUsd } from '../../i18n/formatUsd.js'
import { useLocale, useT } from '../../i18n/MessagesContext.js'
import { separatorsOf, useFormatAmount } from '../../i18n/useFormatAmount.js'
import { useStyles } from '../../styles/StyleContext.js'

function matches(token: SwapFormToken, query: string): boolean {
  const needle = query.trim().toLowerCase()
  if (!needle) return true
  return (
    token.symbol.toLowerCase().includes(needle) ||
    token.name.toLowerCase().includes(needle) ||
    token.address.toLowerCase() === needle
  )
}

/**
 * The tokens one side of the swap can take (SPEC §2 SwapSelectToken): a search, the visitor's
 * tokens first with their balances, then the rest of the network's swap tokens by symbol. Picking
 * one returns to the form.
 */
export function SwapSelectToken() {
  useStyles(walletSendCss)
  useStyles(swapCss)
  const portico = usePortico()
  useEffect(() => startSwapForm(portico), [portico])
  const t = useT()
  const st = useSwapT()
  const locale = useLocale()
  const formatAmount = useFormatAmount()
  const swap = useSwap()
  const { route } = useRouter()
  const side = route.view === 'SwapSelectToken' ? route.params.side : 'to'
  const chosen = side === 'source' ? swap.sourceToken : swap.toToken
  const [query, setQuery] = useState('')
  const searchId = useId()
  const mine = swap.myTokensWithBalance.filter((token) => matches(token, query))
  const others = swap.popularTokens.filter(
    (token) => matches(token, query) && !swap.myTokensWithBalance.some((held) => sameSwapToken(held, token)),
  )

  const pick = (token: SwapFormToken) => {
    setSwapToken(portico, { side, token })
    goBack(portico)
  }
  const row = (token: SwapFormToken | SwapTokenWithBalance) => {
    const held = 'quantity' in token ? token : undefined
    const amount = held
      ? formatExact(formatAmount, held.quantity.numeric, separatorsOf(locale).decimal, 4)
      : undefined
    const value = held && held.price > 0 ? Number(held.quantity.numeric) * held.price : undefined
    return (
      <li key={token.address}>
        <button
          type="button"
          className="row token-row"
          data-list-item
          aria-current={sameSwapToken(chosen, token) ? 'true' : undefined}
          aria-label={
            amount
              ? st('tokenRow', { name: token.name, balance: amount, symbol: token.symbol })
              : st('tokenRowNoBalance', { name: token.name, symbol: token.symbol })
          }
          onClick={() => pick(token)}
        >
          <TokenPicture token={pictureOf(token)} />
          <span className="token-name">
            <span className="row-name">{token.symbol}</span>
            <span>{token.name}</span>
          </span>
          {amount && (
            <span className="token-amounts">
              <span>{amount}</span>
              {value !== undefined && (
                <span>{t('sendAmountInUsd', { value: formatUsd(value, locale) })}</span>
              )}
            </span>
          )}
        </button>
      </li>
    )
  }

  return (
    <div>
      <TokenSearch id={searchId} query={query} onQueryChange={setQuery} />
      {mine.length === 0 && others.length === 0 ? (
        <p className="empty-text" role="status">
          {query.trim() ? t('noTokenMatches', { query: query.trim() }) : st('noTokens')}
        </p>
      ) : (
        <div>
          {mine.length > 0 && (
            <>
              <h3 className="section-title" id={`${searchId}-mine`}>
                {st('yourTokens')}
              </h3>
              <ul className="list" aria-labelledby={`${searchId}-mine`} onKeyDown={moveFocusInList}>
                {mine.map(row)}
              </ul>
            </>
          )}
          {others.length > 0 && (
            <>
              <h3 className="section-title" id={`${searchId}-all`}>
                {st('allTokens')}
              </h3>
              <ul className="list" aria-labelledby={`${searchId}-all`} onKeyDown={moveFocusInList}>
                {others.map(row)}
              </ul>
            </>
          )}
        </div>
      )}
    </div>
  )
}
