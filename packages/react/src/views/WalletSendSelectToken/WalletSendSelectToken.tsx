import { chooseSendToken, startSendForm, type TokenBalance } from '@portico/core'
import { useEffect, useId, useState } from 'react'
import { moveFocusInList } from '../../components/focus.js'
import { TokenPicture } from '../../components/TokenPicture.js'
import { TokenSearch } from '../../components/TokenSearch.js'
import { useSend } from '../../components/useSend.js'
import { walletSendCss } from '../../components/walletSend.css.js'
import { usePortico } from '../../hooks/usePortico.js'
import { formatUsd } from '../../i18n/formatUsd.js'
import { useLocale, useT } from '../../i18n/MessagesContext.js'
import { useFormatAmount } from '../../i18n/useFormatAmount.js'
import { useStyles } from '../../styles/StyleContext.js'

function matches(token: TokenBalance, query: string): boolean {
  const needle = query.trim().toLowerCase()
  if (!needle) return true
  return (
    token.symbol.toLowerCase().includes(needle) ||
    token.name.toLowerCase().includes(needle) ||
    (token.address?.toLowerCase().endsWith(needle) ?? false)
  )
}

/** The account's tokens with their balances and values; choosing one returns to the form. */
export function WalletSendSelectToken() {
  useStyles(walletSendCss)
  const portico = usePortico()
  // Core's send form flow, started as in WalletSend.
  useEffect(() => startSendForm(portico), [portico])
  const t = useT()
  const locale = useLocale()
  const formatAmount = useFormatAmount()
  const { tokenBalances, token: chosen } = useSend()
  const [query, setQuery] = useState('')
  const searchId = useId()
  const shown = tokenBalances.filter((token) => matches(token, query))

  return (
    <div>
      <TokenSearch id={searchId} query={query} onQueryChange={setQuery} />
      {shown.length === 0 ? (
        <p className="empty-text" role="status">
          {query.trim() ? t('noTokenMatches', { query: query.trim() }) : t('sendNoTokens')}
        </p>
      ) : (
        <ul className="list" aria-label={t('titleSelectToken')} onKeyDown={moveFocusInList}>
          {shown.map((token) => {
            const current = chosen?.chainId === token.chainId && chosen.address === token.address
            const amount = formatAmount(token.quantity.numeric)
            return (
              <li key={`${token.chainId}/${token.address ?? 'native'}`}>
                <button
                  type="button"
                  className="row token-row"
                  data-list-item
                  aria-current={current ? 'true' : undefined}
                  aria-label={t('tokenRow', { name: token.name, balance: amount, symbol: token.symbol })}
                  onClick={() => chooseSendToken(portico, { token })}
                >
                  <TokenPicture token={token} />
                  <span className="token-name">
                    <span className="row-name">{token.symbol}</span>
                    <span>{token.name}</span>
                  </span>
                  <span className="token-amounts">
                    <span>{amount}</span>
                    {token.value > 0 && (
                      <span>{t('sendAmountInUsd', { value: formatUsd(token.value, locale) })}</span>
                    )}
                  </span>
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
