import type { ConnectMethod } from '@portico/core'
import { lazy, type ReactNode, Suspense } from 'react'
import { connectCss } from '../../components/connect.css.js'
import { needsConnectOptions } from '../../components/connectLayout.js'
import { EmailForm, emailFormCss } from '../../components/EmailForm.js'
import { moveFocusInList } from '../../components/focus.js'
import { useSelectWallet } from '../../components/useSelectWallet.js'
import { WalletRow, walletTag } from '../../components/WalletRow.js'
import { useConnectors } from '../../hooks/useConnectors.js'
import { useEmailLogin } from '../../hooks/useEmailLogin.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useT } from '../../i18n/MessagesContext.js'
import { useStyles } from '../../styles/StyleContext.js'
import {
  AllWalletsRow,
  NoWallet,
  SocialLogins,
  useConnectMethods,
  useConnectNamespace,
  useSocialEntries,
} from './connectParts.js'

// The legal checkbox, 'Continue with a wallet' and the site's own wallets, fetched only by sites
// that turn them on.
const ConnectWithOptions = lazy(() =>
  import('./ConnectWithOptions.js').then((m) => ({ default: m.ConnectWithOptions })),
)

/** The first view: the ways to connect this site offers (wallets, e-mail, social logins) in the configured order. */
export function Connect() {
  useStyles(connectCss)
  useStyles(emailFormCss)
  const portico = usePortico()
  const email = useEmailLogin()
  const methods = useConnectMethods()
  const socialEntries = useSocialEntries()
  const t = useT()

  if (needsConnectOptions(portico, email.enabled))
    return (
      <Suspense fallback={null}>
        <ConnectWithOptions />
      </Suspense>
    )

  // SPEC §9 connect method order: each method the site offers, in the configured order.
  const sections: { method: ConnectMethod; node: ReactNode }[] = []
  for (const method of methods) {
    if (method === 'email' && email.enabled) sections.push({ method, node: <EmailForm /> })
    // Farcaster is one of the social logins (SPEC §1): its entry alone is a social section too.
    if (method === 'social' && socialEntries > 0)
      sections.push({ method, node: <SocialLogins entries={socialEntries} /> })
    if (method === 'wallet') sections.push({ method, node: <WalletSection /> })
  }
  return (
    <>
      {sections.map(({ method, node }, index) => (
        <div key={method}>
          {index > 0 && (
            <div className="divider" aria-hidden="true">
              {t('orWallet')}
            </div>
          )}
          {node}
        </div>
      ))}
      <p className="footer">{t('poweredBy')}</p>
    </>
  )
}

/** The wallets found for this site, recent ones first, and a way to see all. */
function WalletSection() {
  const t = useT()
  const select = useSelectWallet()
  const namespace = useConnectNamespace()
  const items = useConnectors(namespace ? { namespace } : {})

  if (items.length === 0) return <NoWallet />

  return (
    <ul className="list" aria-label={t('wallets')} onKeyDown={moveFocusInList}>
      {items.map(({ connector, section }) => (
        <li key={`${section}:${connector.id}`}>
          <WalletRow connector={connector} tag={walletTag(connector, section)} onSelect={select} />
        </li>
      ))}
      <AllWalletsRow />
    </ul>
  )
}
