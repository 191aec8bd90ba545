// The parts of Connect that its lazily loaded layouts (ConnectWithOptions) use too, in a module of
// their own so neither imports the other.
import {
  type ConnectMethod,
  connectMethodsOrder,
  getFarcasterLogin,
  navigate,
  selectMobileWallet,
  watchFarcasterLogin,
} from '@portico/core'
import { lazy, Suspense } from 'react'
import { ChevronIcon, GridIcon, WalletIcon } from '../../components/icons.js'
import { useConnectors } from '../../hooks/useConnectors.js'
import { usePortico } from '../../hooks/usePortico.js'
import { usePorticoRead } from '../../hooks/usePorticoRead.js'
import { useRouter } from '../../hooks/useRouter.js'
import { useSocialLogin } from '../../hooks/useSocialLogin.js'
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

// The social buttons and their marks, fetched only by sites that offer social logins.
const SocialSection = lazy(() => import('./SocialSection.js').then((m) => ({ default: m.SocialSection })))

/**
 * How many entries the social section shows: the site's providers and Farcaster's. Known when the
 * view opens (the site's options and its embedded wallet), and so is the section's size.
 */
export function useSocialEntries(): number {
  const { providers } = useSocialLogin()
  return providers.length + (usePorticoRead(getFarcasterLogin, watchFarcasterLogin).enabled ? 1 : 0)
}

/**
 * The social logins (`features.socials`, and Farcaster's entry), in a chunk of their own. Until it
 * is there, a placeholder of the section's size (its first row, and the row of icons under it when
 * there are more entries) holds its place: the dividers around it never stand next to each other,
 * and nothing below moves under the visitor's pointer when it arrives.
 */
export function SocialLogins({ entries }: { entries: number }) {
  return (
    <Suspense
      fallback={
        <div className="skeleton social-skeleton" aria-hidden="true">
          <div />
          {entries > 1 && <div className="icons" />}
        </div>
      }
    >
      <SocialSection />
    </Suspense>
  )
}

/**
 * The order of Connect's sections (SPEC §9 'wallet, email, social when injected wallets exist'): the
 * browser's own wallets first when it has some, the e-mail and social logins first when not.
 */
export function useConnectMethods(): ConnectMethod[] {
  const portico = usePortico()
  const namespace = useConnectNamespace()
  const items = useConnectors(namespace ? { namespace } : {})
  const injected = items.some(
    ({ connector }) => connector.type === 'ANNOUNCED' || connector.type === 'INJECTED',
  )
  return connectMethodsOrder(portico.config.features, portico.options.features, injected)
}
