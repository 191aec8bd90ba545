import { WalletIcon } from '../../components/icons.js'
import { useT } from '../../i18n/MessagesContext.js'
import { useStyles } from '../../styles/StyleContext.js'
import { connectCss } from '../Connect/Connect.css.js'

/**
 * Opened when the site configured no wallet adapter (SPEC §2). Pairing with a phone arrives with
 * WalletConnect support; until then this says plainly that nothing can connect here.
 */
export function ConnectingWalletConnectBasic() {
  useStyles(connectCss)
  const t = useT()
  return (
    <div className="empty">
      <span className="empty-icon">
        <WalletIcon />
      </span>
      <h3>{t('noAdapters')}</h3>
      <p>{t('noAdaptersHelp')}</p>
    </div>
  )
}
