import { getNfts, loadNfts, type NftItem, watchNfts } from '@portico/core/nfts'
import { useEffect, useRef, useState } from 'react'
import { WarningIcon } from '../../components/icons.js'
import { EmptyList, ListSkeleton } from '../../components/ListState.js'
import { Picture } from '../../components/Picture.js'
import { isSafeLinkUrl } from '../../components/safeUrl.js'
import { useAccount } from '../../hooks/useAccount.js'
import { usePortico } from '../../hooks/usePortico.js'
import { usePorticoRead } from '../../hooks/usePorticoRead.js'
import { useT } from '../../i18n/MessagesContext.js'
import { noticeText } from '../../i18n/messages.js'
import { useStyles } from '../../styles/StyleContext.js'
import { accountNftsCss } from './AccountNfts.css.js'
import { useNftsT } from './nftsCatalogue.js'

/**
 * The Account view's NFTs tab (SPEC §2 Account tabs), in a chunk of its own loaded when the tab is
 * first shown: a grid of the account's NFTs (spam left out) with their picture, name and
 * collection, a detail with the explorer link on click, and the loading, empty and error states.
 * Pictures are shown only through `<img>`: an SVG loaded that way cannot run script or reach the
 * page, and nothing from a token's metadata is ever inlined as markup.
 */
export function AccountNfts() {
  useStyles(accountNftsCss)
  const portico = usePortico()
  const t = useT()
  const nt = useNftsT()
  const { network, address } = useAccount()
  const { items, loading, loaded, empty, hasMore, error } = usePorticoRead(getNfts, watchNfts)
  const [selected, setSelected] = useState<string>()
  const tiles = useRef(new Map<string, HTMLButtonElement>())
  const returnTo = useRef<string>(undefined)

  // Loaded again for another account or network: `loadNfts` reads which from the state.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the network and address stand for that state
  useEffect(() => {
    void loadNfts(portico)
  }, [portico, network?.caipNetworkId, address])
  // Back from the detail, the focus returns to the tile it was opened from.
  useEffect(() => {
    if (selected !== undefined || !returnTo.current) return
    tiles.current.get(returnTo.current)?.focus()
    returnTo.current = undefined
  }, [selected])

  const retry = () => void loadNfts(portico, loaded ? { more: true } : { reset: true })
  const failure = error && (
    <div className="notice error" role="alert">
      <WarningIcon />
      <div className="notice-text">
        <p className="notice-title">{noticeText(t, error.message)}</p>
        {error.serverUnavailable && <p>{nt('serverDown')}</p>}
      </div>
      <button type="button" className="button secondary small" disabled={loading} onClick={retry}>
        {t('tryAgain')}
      </button>
    </div>
  )

  const detail = selected !== undefined ? items.find((item) => item.id === selected) : undefined
  if (detail)
    return (
      <NftDetail
        item={detail}
        onBack={() => {
          returnTo.current = detail.id
          setSelected(undefined)
        }}
      />
    )
  if (items.length === 0 && !loaded) return failure || <ListSkeleton label={nt('loading')} />
  if (empty) return <EmptyList title={nt('empty')} text={nt('emptyText', { network: network?.name ?? '' })} />
  return (
    <div className="nfts">
      <ul className="nft-grid">
        {items.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className="nft-tile"
              ref={(element) => {
                if (element) tiles.current.set(item.id, element)
                else tiles.current.delete(item.id)
              }}
              aria-label={nt('details', { name: nftName(item) })}
              onClick={() => setSelected(item.id)}
            >
              <NftPicture item={item} />
              <span className="nft-name">{nftName(item)}</span>
              <span className="nft-collection">{item.collection ?? shortContract(item.contract)}</span>
            </button>
          </li>
        ))}
      </ul>
      {failure}
      {hasMore && !error && (
        <button
          type="button"
          className="button secondary wide load-more"
          disabled={loading}
          aria-busy={loading}
          onClick={() => void loadNfts(portico, { more: true })}
        >
          {loading ? t('loading') : t('loadMore')}
        </button>
      )}
    </div>
  )
}

/** The token's own name, else the collection's with the id, else the id. */
function nftName(item: NftItem): string {
  return item.name ?? (item.collection ? `${item.collection} #${item.tokenId}` : `#${item.tokenId}`)
}

const shortContract = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

function NftPicture({ item }: { item: NftItem }) {
  const nt = useNftsT()
  return (
    <span className="nft-picture">
      <Picture
        name={item.collection ?? item.name ?? item.contract}
        url={item.imageUrl}
        className="nft-image"
        letterClassName="letter"
      />
      {item.standard === 'erc1155' && item.amount !== '1' && (
        <span className="nft-count">{nt('count', { count: item.amount })}</span>
      )}
    </span>
  )
}

function NftDetail({ item, onBack }: { item: NftItem; onBack: () => void }) {
  const t = useT()
  const nt = useNftsT()
  const back = useRef<HTMLButtonElement>(null)
  useEffect(() => back.current?.focus(), [])
  return (
    <article className="nft-detail" aria-label={nftName(item)}>
      <button ref={back} type="button" className="link-button nft-back" onClick={onBack}>
        {nt('back')}
      </button>
      <NftPicture item={item} />
      <h3>{nftName(item)}</h3>
      {item.description && <p>{item.description}</p>}
      <dl className="nft-facts">
        <dt>{nt('tokenId')}</dt>
        <dd>{item.tokenId}</dd>
        {item.collection && (
          <>
            <dt>{nt('collection')}</dt>
            <dd>{item.collection}</dd>
          </>
        )}
        {item.standard === 'erc1155' && (
          <>
            <dt>{nt('amount')}</dt>
            <dd>{item.amount}</dd>
          </>
        )}
      </dl>
      {isSafeLinkUrl(item.explorerUrl) && (
        <a
          className="button secondary wide"
          href={item.explorerUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('viewOnExplorer')}
          <span className="visually-hidden">{t('opensInNewTab')}</span>
        </a>
      )}
    </article>
  )
}
