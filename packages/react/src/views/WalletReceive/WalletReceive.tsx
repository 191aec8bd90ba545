import { CheckIcon, CopyIcon, WarningIcon } from '../../components/icons.js'
import { NetworkIcon } from '../../components/NetworkIcon.js'
import { QrCode } from '../../components/QrCode.js'
import { useCopy } from '../../components/useCopy.js'
import { walletReceiveCss } from '../../components/walletReceive.css.js'
import { useAccount } from '../../hooks/useAccount.js'
import { useNetwork } from '../../hooks/useNetwork.js'
import { useT } from '../../i18n/MessagesContext.js'
import { useStyles } from '../../styles/StyleContext.js'

/**
 * The account's address to receive on: a QR code, the whole address with copy, a warning to send
 * only on the listed networks, and those networks (the site's networks of this namespace).
 */
export function WalletReceive() {
  useStyles(walletReceiveCss)
  const t = useT()
  const { address, namespace } = useAccount()
  const { networks } = useNetwork()
  const { copy, state } = useCopy(address)
  if (!address) return null
  const listed = networks.filter((network) => network.namespace === namespace)

  return (
    <div className="receive">
      <div className="qr-tile">
        <QrCode value={address} label={t('receiveQr')} />
      </div>
      <div className="receive-address">
        <span className="visually-hidden">{t('receiveAddress')}</span>
        <code>{address}</code>
        <button type="button" className="icon-button" aria-label={t('copyAddress')} onClick={copy}>
          {state === 'copied' ? <CheckIcon /> : <CopyIcon />}
        </button>
      </div>
      <p className="copied" aria-live="polite" data-failed={state === 'failed' ? 'true' : undefined}>
        {state === 'copied' ? t('copied') : state === 'failed' ? t('copyFailed') : ''}
      </p>
      <p className="receive-warning">
        <WarningIcon />
        <span>{t('receiveWarning')}</span>
      </p>
      <section className="receive-networks" aria-label={t('receiveNetworks')}>
        <h3>{t('receiveNetworks')}</h3>
        <ul>
          {listed.map((network) => (
            <li key={network.caipNetworkId}>
              <NetworkIcon network={network} />
              {network.name}
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
