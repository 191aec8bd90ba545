import { getDefaultRoute, openModal, shortenAddress, type View } from '@portico/core'
import { lazy, type ReactNode, Suspense, useState } from 'react'
import { Picture } from '../components/Picture.js'
import { useAccount } from '../hooks/useAccount.js'
import { useConnection } from '../hooks/useConnection.js'
import { useNetwork } from '../hooks/useNetwork.js'
import { usePortico } from '../hooks/usePortico.js'
import { useTheme } from '../hooks/useTheme.js'
import { useLocale, useT } from '../i18n/MessagesContext.js'
import { useFormatAmount } from '../i18n/useFormatAmount.js'
import { preloadView } from '../Modal/preloadModal.js'
import { useDocumentStyles } from '../styles/useDocumentStyles.js'
import { useThemeProperties } from '../theme/useThemeProperties.js'
import { connectButtonCss } from './ConnectButton.css.js'

// The avatar (the name's picture, or the address's gradient) loads once an account is connected:
// until then the same round box stands in with the gradient's default colours, so nothing moves.
const ProfileAvatar = lazy(() =>
  import('../components/ProfileAvatar.js').then((module) => ({ default: module.ProfileAvatar })),
)

export type ConnectButtonProps = {
  /** Text of the button while no wallet is connected. Default: the locale's, 'Connect Wallet' in English. */
  label?: string
  /** Hide the network chip when connected. Default true (shown). */
  showNetwork?: boolean
  /** Hide the native balance when connected. Default true (shown). */
  showBalance?: boolean
}

/**
 * The button that opens the modal: 'Connect Wallet' when disconnected, a busy state while a wallet
 * is asked or a wallet of the last visit is still coming back ('Reconnecting…'), the network, balance and address when connected, and 'Wrong network' on an unsupported
 * network. With `enableEmbedded` it opens nothing new: its clicks take `<PorticoEmbed/>` to the view.
 *
 * @example
 * <PorticoProvider portico={portico}>
 *   <ConnectButton label="Sign in" />
 * </PorticoProvider>
 */
export function ConnectButton({ label, showNetwork = true, showBalance = true }: ConnectButtonProps) {
  const portico = usePortico()
  const t = useT()
  const locale = useLocale()
  const account = useAccount()
  const formatAmount = useFormatAmount()
  const { status } = useConnection()
  const { network, supported } = useNetwork()
  const { themeMode } = useTheme()
  const [root, setRoot] = useState<HTMLSpanElement | null>(null)
  useDocumentStyles(connectButtonCss)
  useThemeProperties(root)

  // The pointer over a control, or focus on it, starts fetching the view it opens, so the modal
  // opens on a view that is already loaded.
  const opens = (view: View) => ({
    onPointerEnter: () => preloadView(view),
    onFocus: () => preloadView(view),
  })

  let content: ReactNode
  if (account.isConnected && account.address && !supported) {
    content = (
      <button
        type="button"
        className="portico-cb-btn portico-cb-warning"
        {...opens('UnsupportedChain')}
        onClick={() => openModal(portico, { route: { view: 'UnsupportedChain' } })}
      >
        {t('wrongNetwork')}
      </button>
    )
  } else if (account.isConnected && account.address) {
    // The primary name, once read after connecting (checked to resolve back to the account).
    const short = account.profileName ?? shortenAddress(account.address)
    const amount =
      showBalance && account.balance !== undefined
        ? `${formatAmount(account.balance)} ${account.balanceSymbol ?? ''}`.trim()
        : undefined
    // The last read failed: the balance shown is the last one known for this account.
    const balance = amount && account.balanceStale ? t('staleBalance', { balance: amount }) : amount
    content = (
      <>
        {showNetwork && network && (
          <button
            type="button"
            className="portico-cb-btn"
            aria-label={t('networkButton', { network: network.name })}
            {...opens('Networks')}
            onClick={() => openModal(portico, { route: { view: 'Networks' } })}
          >
            <Picture
              name={network.name}
              url={network.iconUrl}
              className="portico-cb-icon"
              letterClassName="portico-cb-letter"
            />
            <span className="portico-cb-network-name">{network.name}</span>
          </button>
        )}
        <button
          type="button"
          className="portico-cb-btn"
          aria-label={
            balance
              ? t('accountButtonWithBalance', { address: short, balance })
              : t('accountButton', { address: short })
          }
          {...opens('Account')}
          onClick={() => openModal(portico, { route: { view: 'Account' } })}
        >
          {balance && <span className="portico-cb-balance">{balance}</span>}
          <Suspense fallback={<span className="portico-cb-avatar" aria-hidden="true" />}>
            <ProfileAvatar
              address={account.address}
              image={account.profileImage}
              className="portico-cb-avatar"
            />
          </Suspense>
          <span className="portico-cb-address">{short}</span>
        </button>
      </>
    )
  } else if (status === 'connecting' || account.isReconnecting || status === 'reconnecting') {
    // Reconnecting: a wallet of the last visit has not answered yet. The modal still opens (on
    // Connect), and picking a wallet there stops waiting for it.
    content = (
      <button
        type="button"
        className="portico-cb-btn portico-cb-primary"
        aria-busy="true"
        {...opens(getDefaultRoute(portico).view)}
        onClick={() => openModal(portico)}
      >
        <span className="portico-cb-spinner" aria-hidden="true" />
        {t(status === 'connecting' ? 'connecting' : 'reconnecting')}
      </button>
    )
  } else {
    content = (
      <button
        type="button"
        className="portico-cb-btn portico-cb-primary"
        {...opens(getDefaultRoute(portico).view)}
        onClick={() => openModal(portico)}
      >
        {label ?? t('connectWallet')}
      </button>
    )
  }

  return (
    <span ref={setRoot} className="portico-cb" data-theme={themeMode} lang={locale}>
      {content}
    </span>
  )
}
