import {
  type ConnectMethod,
  getModal,
  type RegistryWallet,
  selectMobileWallet,
  watchModal,
} from '@portico/core'
import { type ReactNode, useCallback, useState } from 'react'
import { EmailForm } from '../../components/EmailForm.js'
import { moveFocusInList } from '../../components/focus.js'
import { ChevronIcon, WalletIcon } from '../../components/icons.js'
import { LegalCheckbox, legalCss } from '../../components/LegalCheckbox.js'
import { RegistryWalletRow } from '../../components/RegistryWalletRow.js'
import { useSelectWallet } from '../../components/useSelectWallet.js'
import { WalletRow, walletTag } from '../../components/WalletRow.js'
import { useEmailLogin } from '../../hooks/useEmailLogin.js'
import { usePortico } from '../../hooks/usePortico.js'
import { usePorticoRead } from '../../hooks/usePorticoRead.js'
import { useWalletList } from '../../hooks/useWalletList.js'
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

export const connectOptionsCss = `
.connect-set { margin: 0; padding: 0; border: 0; min-width: 0; }
.connect-set:disabled .row, .connect-set:disabled .email-line { opacity: 0.55; }
.continue-wallet .picture { align-items: center; justify-content: center; background: var(--p-base-3); color: var(--p-text); }
`

/**
 * The Connect view with the layouts a site turns on: the legal checkbox above every way of
 * connecting, which stay disabled until it is ticked (`legalCheckbox`); the wallets behind one
 * 'Continue with a wallet' row (`collapseWallets`, or `emailShowWallets: false` next to the e-mail
 * field), opened in place; the site's own wallets (`customWallets`) in their section's place.
 */
export function ConnectWithOptions() {
  useStyles(legalCss)
  useStyles(connectOptionsCss)
  const portico = usePortico()
  const email = useEmailLogin()
  const methods = useConnectMethods()
  const socialEntries = useSocialEntries()
  const t = useT()
  const { legalAccepted } = usePorticoRead(getModal, watchModal)
  const [expanded, setExpanded] = useState(false)
  const { features } = portico.options
  const pending = features.legalCheckbox && !legalAccepted
  const collapsed = !expanded && (features.collapseWallets || (email.enabled && !features.emailShowWallets))

  const sections: { method: ConnectMethod; node: ReactNode }[] = []
  for (const method of methods) {
    if (method === 'email' && email.enabled) sections.push({ method, node: <EmailForm /> })
    // Farcaster is one of the social logins (SPEC §1): its entry alone is a social section too.
    if (method === 'social' && socialEntries > 0)
      sections.push({ method, node: <SocialLogins entries={socialEntries} /> })
    if (method === 'wallet')
      sections.push({
        method,
        node: collapsed ? <ContinueWithWallet onOpen={() => setExpanded(true)} /> : <WalletOptions />,
      })
  }
  return (
    <>
      {features.legalCheckbox && <LegalCheckbox />}
      {/* A disabled fieldset disables every control in it: rows, the e-mail field, its button. */}
      <fieldset className="connect-set" disabled={pending}>
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
      </fieldset>
      <p className="footer">{t('poweredBy')}</p>
    </>
  )
}

/** One row that stands for every wallet until the visitor opens them. */
function ContinueWithWallet({ onOpen }: { onOpen: () => void }) {
  const t = useT()
  return (
    <ul className="list">
      <li>
        <button type="button" className="row continue-wallet" data-list-item onClick={onOpen}>
          <span className="picture">
            <WalletIcon />
          </span>
          <span className="row-name">{t('continueWithWallet')}</span>
          <span className="row-end">
            <ChevronIcon />
          </span>
        </button>
      </li>
    </ul>
  )
}

/** The wallets of the Connect view with the site's own ones in the `custom` section's place. */
function WalletOptions() {
  const portico = usePortico()
  const t = useT()
  const select = useSelectWallet()
  const namespace = useConnectNamespace()
  const list = useWalletList(namespace ? { namespace } : {})
  const selectCustom = useCallback(
    (wallet: RegistryWallet) => void selectMobileWallet(portico, { walletId: wallet.id }),
    [portico],
  )
  // The registry's wallets stay in AllWallets; Connect lists what is here and the site's own.
  const items = list.filter((item) => item.section !== 'registry' && item.section !== 'featured')
  if (items.length === 0) return <NoWallet />
  return (
    <ul className="list" aria-label={t('wallets')} onKeyDown={moveFocusInList}>
      {items.map((item) =>
        'wallet' in item ? (
          <li key={`custom:${item.wallet.id}`}>
            <RegistryWalletRow wallet={item.wallet} onSelect={selectCustom} />
          </li>
        ) : (
          <li key={`${item.section}:${item.connector.id}`}>
            <WalletRow
              connector={item.connector}
              tag={walletTag(item.connector, item.section)}
              onSelect={select}
            />
          </li>
        ),
      )}
      <AllWalletsRow />
    </ul>
  )
}
