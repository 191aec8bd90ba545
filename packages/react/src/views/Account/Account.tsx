import {
  checkSwapSupport,
  disconnect,
  getWalletFeatures,
  navigate,
  setAccountType,
  shortenAddress,
  type WalletFeature,
  watchWalletFeatures,
} from '@portico/core'
import { type ReactElement, useEffect, useState } from 'react'
import { AddressAvatar } from '../../components/AddressAvatar.js'
import { FarcasterAccountRow } from '../../components/FarcasterAccountRow.js'
import {
  CardIcon,
  CheckIcon,
  ChevronIcon,
  CopyIcon,
  DisconnectIcon,
  ExternalLinkIcon,
  MailIcon,
  ReceiveIcon,
  SendIcon,
  SwapIcon,
} from '../../components/icons.js'
import { NetworkIcon } from '../../components/NetworkIcon.js'
import { isSafeLinkUrl } from '../../components/safeUrl.js'
import { useCopy } from '../../components/useCopy.js'
import { useAccount } from '../../hooks/useAccount.js'
import { useAccountTypes } from '../../hooks/useAccountTypes.js'
import { useEmailLogin } from '../../hooks/useEmailLogin.js'
import { usePortico } from '../../hooks/usePortico.js'
import { usePorticoRead } from '../../hooks/usePorticoRead.js'
import { useTokenBalances } from '../../hooks/useTokenBalances.js'
import { useFormatUsd } from '../../i18n/formatUsd.js'
import { useT } from '../../i18n/MessagesContext.js'
import { useFormatAmount } from '../../i18n/useFormatAmount.js'
import { useStyles } from '../../styles/StyleContext.js'
import { accountCss } from './Account.css.js'
import { AccountTabs } from './AccountTabs.js'
import { usePurchaseT } from './purchaseTexts.js'

/** The buttons the wallet features row can show, in `walletFeaturesOrder` (SPEC §9: Buy first). */
const FEATURE_BUTTONS: Partial<
  Record<
    WalletFeature,
    {
      label: 'featureReceive' | 'featureSend' | 'featureSwap' | { purchase: 'featureBuy' }
      icon: () => ReactElement
      view: 'Buy' | 'WalletReceive' | 'WalletSend' | 'Swap'
    }
  >
> = {
  onramp: { label: { purchase: 'featureBuy' }, icon: CardIcon, view: 'Buy' },
  swaps: { label: 'featureSwap', icon: SwapIcon, view: 'Swap' },
  receive: { label: 'featureReceive', icon: ReceiveIcon, view: 'WalletReceive' },
  send: { label: 'featureSend', icon: SendIcon, view: 'WalletSend' },
}

/**
 * The connected account: address with copy, total value and native balance, network, the wallet
 * features (Buy, Swap, Receive, Send), the Tokens and Activity tabs, an explorer link and disconnect.
 */
export function Account() {
  useStyles(accountCss)
  const portico = usePortico()
  const account = useAccount()
  const { totalValue } = useTokenBalances()
  const features = usePorticoRead(getWalletFeatures, watchWalletFeatures)
  const formatAmount = useFormatAmount()
  const formatUsd = useFormatUsd()
  const t = useT()
  const pt = usePurchaseT()
  const { copy: copyAddress, state: copy } = useCopy(account.address)
  const [leaving, setLeaving] = useState(false)
  const email = useEmailLogin()
  const accountTypes = useAccountTypes()

  const { address, network } = account
  const caipNetworkId = network?.caipNetworkId
  // Swap shows only where the swap service offers it on this network (SPEC §9 `swaps`): asked
  // once per network, loading the swap service's code only then.
  useEffect(() => {
    if (address && caipNetworkId) void checkSwapSupport(portico)
  }, [portico, address, caipNetworkId])
  if (!address) return null
  const amount =
    account.balance !== undefined
      ? `${formatAmount(account.balance)} ${account.balanceSymbol ?? ''}`.trim()
      : undefined
  // A failed read keeps the last balance read for this account, said to be the last known one.
  const balance =
    amount !== undefined
      ? account.balanceStale
        ? t('staleBalance', { balance: amount })
        : amount
      : account.balanceLoading
        ? t('loadingBalance')
        : undefined
  const buttons = features.flatMap((feature) => {
    const button = FEATURE_BUTTONS[feature]
    return button ? [{ feature, ...button }] : []
  })

  return (
    <div className="account">
      <div className="identity">
        <AddressAvatar address={address} className="avatar" />
        <div className="address-line">
          <span title={address}>{shortenAddress(address)}</span>
          <button type="button" className="icon-button" aria-label={t('copyAddress')} onClick={copyAddress}>
            {copy === 'copied' ? <CheckIcon /> : <CopyIcon />}
          </button>
        </div>
        <p className="copied" aria-live="polite">
          {copy === 'copied' ? t('copied') : copy === 'failed' ? t('copyFailed') : ''}
        </p>
        {totalValue !== undefined && (
          <p className="total">
            <span className="visually-hidden">{t('totalValue')}: </span>
            {formatUsd(totalValue)}
          </p>
        )}
        {balance && <p className={totalValue !== undefined ? 'balance' : 'balance main'}>{balance}</p>}
        {account.balanceParts && (
          <dl className="balance-parts" aria-label={t('balanceParts')}>
            {(
              [
                ['balanceTransferable', account.balanceParts.transferable],
                ['balanceFree', account.balanceParts.free],
                ['balanceReserved', account.balanceParts.reserved],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <dt>{t(label)}</dt>
                <dd>{`${formatAmount(value)} ${account.balanceSymbol ?? ''}`.trim()}</dd>
              </div>
            ))}
          </dl>
        )}
        {account.canSelectAccount && (
          <button
            type="button"
            className="link-button"
            onClick={() => navigate(portico, { view: 'SelectAccount' })}
          >
            {t('switchAccount')}
          </button>
        )}
        {network && (
          <button
            type="button"
            className="chip"
            aria-label={t('networkButton', { network: network.name })}
            onClick={() => navigate(portico, { view: 'Networks' })}
          >
            <NetworkIcon network={network} />
            {network.name}
            <ChevronIcon />
          </button>
        )}
        {accountTypes.accounts.length > 1 && (
          // SPEC §9: a Bitcoin wallet's payment address is the default; the ordinals one is a click away.
          <fieldset className="account-types" aria-label={t('accountType')}>
            {accountTypes.accounts.map((typed) => (
              <button
                key={typed.type}
                type="button"
                className="account-type"
                aria-pressed={typed.type === accountTypes.active}
                title={typed.address}
                onClick={() => setAccountType(portico, typed.type)}
              >
                {t(typed.type === 'payment' ? 'accountTypePayment' : 'accountTypeOrdinal')}
              </button>
            ))}
          </fieldset>
        )}
      </div>
      {buttons.length > 0 && (
        <nav className="features" aria-label={t('walletFeatures')}>
          {buttons.map(({ feature, label, icon: Icon, view }) => (
            <button
              key={feature}
              type="button"
              className="feature"
              onClick={() => navigate(portico, { view })}
            >
              <span className="feature-icon">
                <Icon />
              </span>
              {typeof label === 'string' ? t(label) : pt(label.purchase)}
            </button>
          ))}
        </nav>
      )}
      <AccountTabs />
      <div className="actions">
        {account.connector?.type === 'AUTH' && email.accountEmail && (
          <button
            type="button"
            className="row"
            aria-label={`${t('changeEmailLabel')}: ${email.accountEmail}`}
            onClick={() => navigate(portico, { view: 'UpdateEmail' })}
          >
            <MailIcon />
            <span className="row-name">{email.accountEmail}</span>
            <span className="row-end">
              {t('changeEmail')}
              <ChevronIcon />
            </span>
          </button>
        )}
        {account.connector?.type === 'AUTH' && <FarcasterAccountRow />}
        {isSafeLinkUrl(account.addressExplorerUrl) && (
          <a className="row" href={account.addressExplorerUrl} target="_blank" rel="noopener noreferrer">
            <ExternalLinkIcon />
            <span className="row-name">{t('viewOnExplorer')}</span>
            <span className="visually-hidden">{t('opensInNewTab')}</span>
          </a>
        )}
        <button
          type="button"
          className="row danger"
          disabled={leaving}
          onClick={() => {
            setLeaving(true)
            void disconnect(portico).finally(() => setLeaving(false))
          }}
        >
          <DisconnectIcon />
          <span className="row-name">{leaving ? t('disconnecting') : t('disconnect')}</span>
        </button>
      </div>
    </div>
  )
}
