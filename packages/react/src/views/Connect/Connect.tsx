import { navigate } from '@portico/core'
import { ChevronIcon, GridIcon, WalletIcon } from '../../components/icons.js'
import { useSelectWallet } from '../../components/useSelectWallet.js'
import { WalletRow, walletTag } from '../../components/WalletRow.js'
import { useConnectors } from '../../hooks/useConnectors.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useRouter } from '../../hooks/useRouter.js'
import { useT } from '../../i18n/MessagesContext.js'
import { moveFocusInList } from '../../Modal/focus.js'
import { useStyles } from '../../styles/StyleContext.js'
import { connectCss } from './Connect.css.js'

/** The first view: the wallets found for this site, recent ones first, and a way to see all. */
export function Connect() {
  useStyles(connectCss)
  const portico = usePortico()
  const { route } = useRouter()
  const t = useT()
  const select = useSelectWallet()
  const namespace = route.view === 'Connect' ? route.params?.namespace : undefined
  const items = useConnectors().filter(({ connector }) => !namespace || connector.namespace === namespace)

  if (items.length === 0)
    return (
      <div className="empty">
        <span className="empty-icon">
          <WalletIcon />
        </span>
        <h3>{t('noWalletInBrowser')}</h3>
        <p>{t('installWallet')}</p>
      </div>
    )

  return (
    <>
      <ul className="list" aria-label={t('wallets')} onKeyDown={moveFocusInList}>
        {items.map(({ connector, section }) => (
          <li key={`${section}:${connector.id}`}>
            <WalletRow connector={connector} tag={walletTag(connector, section)} onSelect={select} />
          </li>
        ))}
        {portico.options.features.allWallets && (
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
        )}
      </ul>
      <p className="footer">{t('poweredBy')}</p>
    </>
  )
}
