import {
  checkSwapSupport,
  disconnect,
  getSmartAccountOffered,
  getWalletFeatures,
  navigate,
  setAccountType,
  setEmbeddedAccountType,
  shortenAddress,
  type WalletFeature,
  watchSmartAccountOffered,
  watchWalletFeatures,
} from '@portico/core'
import { lazy, type ReactElement, Suspense, useEffect, useState } from 'react'
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
  UserIcon,
} from '../../components/icons.js'
import { NetworkIcon } from '../../components/NetworkIcon.js'
import { ProfileAvatar } from '../../components/ProfileAvatar.js'
import { isSafeLinkUrl } from '../../components/safeUrl.js'
import { useCopy } from '../../components/useCopy.js'
import { useAccount } from '../../hooks/useAccount.js'
import { useAccountTypes } from '../../hooks/useAccountTypes.js'
import { useEmailLogin } from '../../hooks/useEmailLogin.js'
import { usePortico } from '../../hooks/usePortico.js'
import { usePorticoRead } from '../../hooks/usePorticoRead.js'
import { useSocialLogin } from '../../hooks/useSocialLogin.js'
import { useTokenBalances } from '../../hooks/useTokenBalances.js'
import { useFormatUsd } from '../../i18n/formatUsd.js'
import { useT } from '../../i18n/MessagesContext.js'
import { useFormatAmount } from '../../i18n/useFormatAmount.js'
import { useStyles } from '../../styles/StyleContext.js'
import { accountCss } from './Account.css.js'
import { AccountTabs } from './AccountTabs.js'
import { usePurchaseT } from './purchaseTexts.js'
import { useNamesOffered } from './useNamesOffered.js'

// The social login's row and its provider marks, fetched only for an account that logged in so.
const SocialAccountRow = lazy(() =>
  import('./SocialAccountRow.js').then((module) => ({ default: module.SocialAccountRow })),
)

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
  const social = useSocialLogin()
  const accountTypes = useAccountTypes()
  const [switching, setSwitching] = useState(false)
  const [switchError, setSwitchError] = useState<string>()

  const { address, network } = account
  // The switch shows only where the wallet offers a smart account on this network (SPEC §6).
  const smartAccountOffered = usePorticoRead(getSmartAccountOffered, watchSmartAccountOffered)
  const caipNetworkId = network?.caipNetworkId
  const namesOffered = useNamesOffered(address, caipNetworkId)
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
        <ProfileAvatar address={address} image={account.profileImage} className="avatar" />
        <div className="address-line">
          <span title={address}>{account.profileName ?? shortenAddress(address)}</span>
          <button type="button" className="icon-button" aria-label={t('copyAddress')} onClick={copyAddress}>
            {copy === 'copied' ? <CheckIcon /> : <CopyIcon />}
          </button>
        </div>
        {account.profileName && <p className="name-address">{shortenAddress(address)}</p>}
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
        {account.accountType !== undefined && smartAccountOffered && (
          // SPEC §6: the e-mail wallet's EOA or its smart account (same address, EIP-7702).
          <fieldset className="account-types" aria-label={t('embeddedAccountType')} disabled={switching}>
            {(['eoa', 'smartAccount'] as const).map((type) => (
              <button
                key={type}
                type="button"
                className="account-type"
                aria-pressed={type === account.accountType}
                onClick={() => {
                  if (type === account.accountType) return
                  setSwitching(true)
                  setSwitchError(undefined)
                  setEmbeddedAccountType(portico, type)
                    .catch((error: unknown) =>
                      setSwitchError(
                        t('embeddedAccountSwitchFailed', {
                          reason: error instanceof Error ? error.message : String(error),
                        }),
                      ),
                    )
                    .finally(() => setSwitching(false))
                }}
              >
                {t(type === 'eoa' ? 'embeddedAccountEoa' : 'embeddedAccountSmart')}
              </button>
            ))}
          </fieldset>
        )}
        {account.accountType === 'smartAccount' && (
          // SPEC §8: a site may not verify a smart account's signatures; said before it is tried.
          <p className="account-note">{t('smartAccountSignFailed')}</p>
        )}
        {switchError && (
          <p className="account-note" role="alert">
            {switchError}
          </p>
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
        {account.connector?.type === 'AUTH' && social.accountProvider && (
          <Suspense fallback={null}>
            <SocialAccountRow
              provider={social.accountProvider}
              username={social.accountUsername}
              image={social.accountImage}
            />
          </Suspense>
        )}
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
        {namesOffered && (
          <button
            type="button"
            className="row"
            onClick={() => navigate(portico, { view: 'RegisterAccountName' })}
          >
            <UserIcon />
            <span className="row-name">{t('featureName')}</span>
            <span className="row-end">
              <ChevronIcon />
            </span>
          </button>
        )}
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
