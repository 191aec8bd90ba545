import { refreshTokenBalances, type TokenBalance } from '@portico/core'
import { WarningIcon } from '../../components/icons.js'
import { EmptyList, ListSkeleton } from '../../components/ListState.js'
import { TokenPicture } from '../../components/TokenPicture.js'
import { useAccount } from '../../hooks/useAccount.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useTokenBalances } from '../../hooks/useTokenBalances.js'
import { useFormatUsd } from '../../i18n/formatUsd.js'
import { useT } from '../../i18n/MessagesContext.js'
import { useFormatAmount } from '../../i18n/useFormatAmount.js'
import { useNow } from './useNow.js'

/**
 * The Tokens tab: each token with its icon (or letter), name, amount and USD value, native first.
 * After a failed fetch it says 'Token Balance Unavailable' and when a retry is allowed (SPEC §4).
 */
export function TokenList() {
  const portico = usePortico()
  const t = useT()
  const { network } = useAccount()
  const { tokens, loading, lastRetry, retryAllowedAt } = useTokenBalances()
  const ticking = useNow(1_000, retryAllowedAt !== undefined)
  // The clock ticks once a second; the failure may be newer than the last tick.
  const now = Math.max(ticking, lastRetry ?? 0)
  const waitSeconds =
    retryAllowedAt === undefined ? 0 : Math.max(0, Math.ceil((retryAllowedAt - now) / 1_000))

  return (
    <div className="token-list">
      {retryAllowedAt !== undefined && (
        <div className="notice">
          <WarningIcon />
          <div className="notice-text">
            <p className="notice-title">{t('tokenBalanceUnavailable')}</p>
            <p>
              {waitSeconds > 0
                ? t('tokenBalanceRetryIn', { seconds: waitSeconds })
                : t('tokenBalanceRetryNow')}
            </p>
          </div>
          {waitSeconds === 0 && (
            <button
              type="button"
              className="button secondary small"
              disabled={loading}
              onClick={() => void refreshTokenBalances(portico, { force: true })}
            >
              {t('tryAgain')}
            </button>
          )}
        </div>
      )}
      {tokens.length === 0 && loading ? (
        <ListSkeleton label={t('loadingTokens')} rows={3} />
      ) : tokens.length === 0 ? (
        retryAllowedAt === undefined && (
          <EmptyList title={t('noTokens')} text={t('noTokensText', { network: network?.name ?? '' })} />
        )
      ) : (
        <ul className="token-rows">
          {tokens.map((token) => (
            <TokenRow key={token.address ?? `native:${token.chainId}`} token={token} />
          ))}
        </ul>
      )}
    </div>
  )
}

function TokenRow({ token }: { token: TokenBalance }) {
  const t = useT()
  const formatAmount = useFormatAmount()
  const formatUsd = useFormatUsd()
  const amount = `${formatAmount(token.quantity.numeric)} ${token.symbol}`
  const priced = token.price > 0
  return (
    <li className="token-row">
      <TokenPicture token={token} className="token-icon" />
      <div className="row-text">
        <span className="row-title">{token.name}</span>
        <span className="row-sub">
          {priced ? t('tokenPrice', { price: formatUsd(token.price) }) : token.symbol}
        </span>
      </div>
      <div className="row-figures">
        <span className="row-title" title={`${token.quantity.numeric} ${token.symbol}`}>
          {priced ? formatUsd(token.value) : amount}
        </span>
        {priced && <span className="row-sub">{amount}</span>}
      </div>
    </li>
  )
}
