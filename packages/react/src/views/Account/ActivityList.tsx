import { type ActivityItem, fetchActivity, shortenAddress } from '@portico/core'
import { useEffect, useRef, useState } from 'react'
import { ArrowDownLeftIcon, ArrowUpRightIcon, RepeatIcon, WarningIcon } from '../../components/icons.js'
import { EmptyList, ListSkeleton } from '../../components/ListState.js'
import { Picture } from '../../components/Picture.js'
import { isSafeLinkUrl } from '../../components/safeUrl.js'
import { useAccount } from '../../hooks/useAccount.js'
import { useActivity } from '../../hooks/useActivity.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useT } from '../../i18n/MessagesContext.js'
import { noticeText } from '../../i18n/messages.js'
import { useFormatAmount } from '../../i18n/useFormatAmount.js'
import { useFormatRelativeTime } from './formatters.js'
import { usePurchaseT } from './purchaseTexts.js'
import { useNow } from './useNow.js'

type KindLabel =
  | 'activitySent'
  | 'activityReceived'
  | 'activitySelf'
  | 'activityApproved'
  | 'activityMinted'
  | 'activityBurned'
  | 'activityExecuted'
const KIND_LABELS: Record<ActivityItem['kind'], KindLabel> = {
  sent: 'activitySent',
  received: 'activityReceived',
  self: 'activitySelf',
  approved: 'activityApproved',
  minted: 'activityMinted',
  burned: 'activityBurned',
  executed: 'activityExecuted',
}

/**
 * The Activity tab: transactions sent from the modal on top while pending, then the account's
 * history page by page ('Load more'), with the empty and 'Failed to fetch transactions' states.
 */
export function ActivityList() {
  const portico = usePortico()
  const t = useT()
  const { network } = useAccount()
  const activity = useActivity()
  const now = useNow(60_000)
  const { items, loading, loaded, empty, hasMore, error } = activity
  const retry = () => void fetchActivity(portico)
  const list = useRef<HTMLUListElement>(null)
  // Where the last 'Load more' started: when the button goes away with the last page, the focus
  // moves to the first row it loaded instead of falling back to the page.
  const [loadedFrom, setLoadedFrom] = useState<number>()
  useEffect(() => {
    if (loadedFrom === undefined || hasMore || items.length <= loadedFrom) return
    const row = list.current?.children[loadedFrom]
    const target = row?.querySelector<HTMLElement>('a') ?? (row as HTMLElement | undefined)
    target?.focus()
    setLoadedFrom(undefined)
  }, [loadedFrom, hasMore, items.length])

  const failure = error && (
    <div className="notice error" role="alert">
      <WarningIcon />
      <div className="notice-text">
        <p className="notice-title">{noticeText(t, error.message)}</p>
        {error.serverUnavailable && <p>{t('activityServerDown')}</p>}
      </div>
      <button type="button" className="button secondary small" disabled={loading} onClick={retry}>
        {t('tryAgain')}
      </button>
    </div>
  )

  if (items.length === 0 && !loaded) return failure || <ListSkeleton label={t('loadingActivity')} rows={3} />
  if (empty)
    return <EmptyList title={t('noActivity')} text={t('noActivityText', { network: network?.name ?? '' })} />
  return (
    <div className="activity">
      <ul className="activity-rows" ref={list}>
        {items.map((item) => (
          <ActivityRow key={item.id} item={item} now={now} />
        ))}
      </ul>
      {failure}
      {hasMore && !error && (
        <button
          type="button"
          className="button secondary wide load-more"
          disabled={loading}
          aria-busy={loading}
          onClick={() => {
            setLoadedFrom(items.length)
            retry()
          }}
        >
          {loading ? t('loading') : t('loadMore')}
        </button>
      )}
    </div>
  )
}

function ActivityRow({ item, now }: { item: ActivityItem; now: number }) {
  const t = useT()
  const pt = usePurchaseT()
  const formatAmount = useFormatAmount()
  const formatTime = useFormatRelativeTime()
  const incoming = item.kind === 'received'
  const outgoing = item.kind === 'sent' || item.kind === 'burned'
  const sign = incoming ? '+' : outgoing ? '−' : ''
  // The amount names the token; without one (a contract call, an NFT) the title does.
  const purchase = item.purchase
  const title = purchase
    ? pt('bought', { provider: purchase.provider })
    : item.amount !== undefined
      ? t(KIND_LABELS[item.kind])
      : [t(KIND_LABELS[item.kind]), item.symbol].filter(Boolean).join(' ')
  const party =
    item.counterparty &&
    t(incoming ? 'activityFrom' : 'activityTo', { address: shortenAddress(item.counterparty) })
  const time = item.time !== undefined ? formatTime(item.time, now) : undefined
  const content = (
    <>
      <span className={`activity-icon${incoming ? ' in' : ''}`} data-pending={item.status === 'pending'}>
        {item.iconUrl ? (
          <Picture
            name={item.symbol ?? title}
            url={item.iconUrl}
            className="picture round"
            letterClassName="letter"
          />
        ) : incoming ? (
          <ArrowDownLeftIcon />
        ) : outgoing || item.kind === 'self' ? (
          <ArrowUpRightIcon />
        ) : (
          <RepeatIcon />
        )}
        {item.iconUrl && (
          <span className="activity-badge" aria-hidden="true">
            {incoming ? <ArrowDownLeftIcon /> : <ArrowUpRightIcon />}
          </span>
        )}
      </span>
      <span className="row-text">
        <span className="row-title">{title}</span>
        <span className="row-sub">
          {party ??
            (item.moreTransfers > 0 ? t('activityMore', { count: item.moreTransfers }) : item.tokenName)}
        </span>
      </span>
      <span className="row-figures">
        {item.amount !== undefined && (
          <span
            className={`row-title${incoming ? ' positive' : ''}`}
            title={`${item.amount} ${item.symbol ?? ''}`}
          >
            {sign}
            {formatAmount(item.amount)} {item.symbol}
          </span>
        )}
        {item.status === 'pending' ? (
          <span className="status pending">
            <span className="spinner" aria-hidden="true" />
            {t('statusPending')}
          </span>
        ) : item.status === 'failed' ? (
          <span className="status failed">{t('statusFailed')}</span>
        ) : purchase ? (
          // A purchase says it is done in so many words: its time alone reads like a transfer.
          <span className="row-sub">{[pt('complete'), time].filter(Boolean).join(' · ')}</span>
        ) : (
          time && <span className="row-sub">{time}</span>
        )}
      </span>
    </>
  )
  return (
    <li tabIndex={-1}>
      {isSafeLinkUrl(item.explorerUrl) ? (
        <a
          className="activity-row link"
          href={item.explorerUrl}
          target="_blank"
          rel="noopener noreferrer"
          title={t('viewTransaction')}
        >
          {content}
          <span className="visually-hidden">{t('opensInNewTab')}</span>
        </a>
      ) : (
        <div className="activity-row">{content}</div>
      )}
    </li>
  )
}
