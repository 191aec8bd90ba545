import {
  getModal,
  type RegistryWallet,
  searchConnectors,
  selectMobileWallet,
  watchModal,
} from '@portico/core'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { moveFocusInList } from '../../components/focus.js'
import { SearchIcon } from '../../components/icons.js'
import { LegalCheckbox, legalCss } from '../../components/LegalCheckbox.js'
import { RegistryWalletRow } from '../../components/RegistryWalletRow.js'
import { useSelectWallet } from '../../components/useSelectWallet.js'
import { WalletRow, walletTag } from '../../components/WalletRow.js'
import { usePortico } from '../../hooks/usePortico.js'
import { usePorticoRead } from '../../hooks/usePorticoRead.js'
import { useRouter } from '../../hooks/useRouter.js'
import { useWalletList } from '../../hooks/useWalletList.js'
import { useT } from '../../i18n/MessagesContext.js'
import { useStyles } from '../../styles/StyleContext.js'
import { allWalletsCss } from './AllWallets.css.js'

/**
 * Every wallet available: installed, recent and featured ones first, then the registry's mobile
 * wallets (reached over WalletConnect), with a search field that filters them all by name.
 */
export function AllWallets() {
  useStyles(allWalletsCss)
  useStyles(legalCss)
  const portico = usePortico()
  const { legalAccepted } = usePorticoRead(getModal, watchModal)
  const legal = portico.options.features.legalCheckbox
  const { route } = useRouter()
  const t = useT()
  const select = useSelectWallet()
  const selectRegistryWallet = useCallback(
    (wallet: RegistryWallet) => {
      // Pairs over WalletConnect; the connecting view opens the wallet by its link or shows the QR code.
      void selectMobileWallet(portico, { walletId: wallet.id })
    },
    [portico],
  )
  const [query, setQuery] = useState('')
  const input = useRef<HTMLInputElement>(null)
  const inputId = useId()
  const namespace = route.view === 'AllWallets' ? route.params?.namespace : undefined
  // Re-rendered when the list changes: a wallet announced, the registry arriving.
  useWalletList(namespace ? { namespace } : {})
  const items = searchConnectors(portico, namespace ? { query, namespace } : { query })

  // Focus the search field on arrival (done here rather than with autoFocus, which fires before
  // the dialog has moved focus inside itself).
  useEffect(() => input.current?.focus(), [])

  return (
    <>
      {legal && <LegalCheckbox />}
      <div className="search">
        <SearchIcon />
        <label htmlFor={inputId} className="visually-hidden">
          {t('searchWallets')}
        </label>
        <input
          ref={input}
          id={inputId}
          type="search"
          placeholder={t('searchPlaceholder')}
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') {
              event.preventDefault()
              event.currentTarget.closest('.body')?.querySelector<HTMLElement>('[data-list-item]')?.focus()
            }
          }}
        />
      </div>
      <p className="visually-hidden" aria-live="polite">
        {items.length === 1 ? t('walletCountOne') : t('walletCountOther', { count: items.length })}
      </p>
      {items.length === 0 ? (
        <div className="no-result">
          <strong>{t('noWalletFound')}</strong>
          <span>{query.trim() ? t('nothingMatches', { query: query.trim() }) : t('noWalletAvailable')}</span>
        </div>
      ) : (
        // Until the legal checkbox is ticked, a disabled fieldset keeps every row from connecting.
        <fieldset className="connect-set" disabled={legal && !legalAccepted}>
          <ul className="list" aria-label={t('wallets')} onKeyDown={moveFocusInList}>
            {items.map((item) =>
              'wallet' in item ? (
                <li key={`registry:${item.wallet.id}`}>
                  <RegistryWalletRow wallet={item.wallet} onSelect={selectRegistryWallet} />
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
          </ul>
        </fieldset>
      )}
    </>
  )
}
