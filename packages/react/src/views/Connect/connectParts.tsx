// The parts of Connect that its lazily loaded layouts (ConnectWithOptions) use too, in a module of
// their own so neither imports the other.
import { navigate, selectMobileWallet } from '@portico/core'
import { ChevronIcon, GridIcon, WalletIcon } from '../../components/icons.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useRouter } from '../../hooks/useRouter.js'
import { useT } from '../../i18n/MessagesContext.js'

/** The namespace Connect was opened for, if any. */
export function useConnectNamespace() {
  const { route } = useRouter()
  return route.view === 'Connect' ? route.params?.namespace : undefined
}

/** The last row of the wallet list: every wallet, when the site offers the list. */
export function AllWalletsRow() {
  const portico = usePortico()
  const t = useT()
  const namespace = useConnectNamespace()
  if (!portico.options.features.allWallets) return null
  return (
    <li>
      <button
        type="button"
        className="row all-wallets"
        data-list-item
        onClick={() =>
          navigate(
            portico,
            namespace ? { view: 'AllWallets', params: { namespace } } : { view: 'AllWallets' },
          )
        }
      >
        <span className="picture">
          <GridIcon />
        </span>
        <span className="row-name">{t('allWallets')}</span>
        <span className="row-end">
          <ChevronIcon />
        </span>
      </button>
    </li>
  )
}

/**
 * No wallet in this browser and none listed: never a dead end. Get a wallet (install pages and what
 * a wallet is) and, when the site pairs with phones, a wallet on the visitor's phone.
 */
export function NoWallet() {
  const portico = usePortico()
  const t = useT()
  return (
    <div className="empty">
      <span className="empty-icon">
        <WalletIcon />
      </span>
      <h3>{t('noWalletInBrowser')}</h3>
      <p>{t('installWallet')}</p>
      <button type="button" className="button" onClick={() => navigate(portico, { view: 'GetWallet' })}>
        {t('getWallet')}
      </button>
      {portico.config.walletConnect && (
        <button type="button" className="button secondary" onClick={() => void selectMobileWallet(portico)}>
          {t('useMobileWallet')}
        </button>
      )}
    </div>
  )
}
