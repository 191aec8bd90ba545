import { WalletIcon } from '../../components/icons.js'
import { useStyles } from '../../styles/StyleContext.js'
import { connectCss } from '../Connect/Connect.css.js'

/**
 * Opened when the site configured no wallet adapter (SPEC §2). Pairing with a phone arrives with
 * WalletConnect support; until then this says plainly that nothing can connect here.
 */
export function ConnectingWalletConnectBasic() {
  useStyles(connectCss)
  return (
    <div className="empty">
      <span className="empty-icon">
        <WalletIcon />
      </span>
      <h3>No wallet adapters are configured for this site</h3>
      <p>
        Wallets cannot connect here yet. If you run this site, add a wallet adapter to your Portico
        configuration.
      </p>
    </div>
  )
}
