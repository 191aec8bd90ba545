import { type AccountTab, setAccountTab } from '@portico/core'
import { type KeyboardEvent, Suspense, useContext, useId, useRef } from 'react'
import { AccountNftsSlot } from '../../components/accountNftsSlot.js'
import { ListSkeleton } from '../../components/ListState.js'
import { useAccountTabs } from '../../hooks/useAccountTabs.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useT } from '../../i18n/MessagesContext.js'
import { ActivityList } from './ActivityList.js'
import { TokenList } from './TokenList.js'

const LABELS: Record<AccountTab, 'tabTokens' | 'tabActivity' | 'tabNFTs'> = {
  Tokens: 'tabTokens',
  Activity: 'tabActivity',
  NFTs: 'tabNFTs',
}

/**
 * The Account view's tabs (SPEC §2: Tokens, NFTs, Activity) as an ARIA
 * tablist: the selected tab is the one in tab order, arrow keys, Home and End move and select.
 */
export function AccountTabs() {
  const portico = usePortico()
  const t = useT()
  const { tabs, current } = useAccountTabs()
  const id = useId()
  const buttons = useRef(new Map<AccountTab, HTMLButtonElement>())
  // A chunk of its own (with core's NFTs entry and the zod schema its answers are checked with),
  // provided by the modal: an Account view whose NFTs tab is never opened does not download it.
  const AccountNfts = useContext(AccountNftsSlot)

  const select = (tab: AccountTab, focus: boolean) => {
    setAccountTab(portico, { tab })
    if (focus) buttons.current.get(tab)?.focus()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.indexOf(current)
    const target =
      event.key === 'ArrowRight'
        ? tabs[(index + 1) % tabs.length]
        : event.key === 'ArrowLeft'
          ? tabs[(index - 1 + tabs.length) % tabs.length]
          : event.key === 'Home'
            ? tabs[0]
            : event.key === 'End'
              ? tabs[tabs.length - 1]
              : undefined
    if (!target) return
    event.preventDefault()
    select(target, true)
  }

  return (
    <section className="assets">
      {tabs.length > 1 && (
        <div className="tabs" role="tablist" aria-label={t('accountTabs')} onKeyDown={onKeyDown}>
          {tabs.map((tab) => (
            <button
              key={tab}
              ref={(element) => {
                if (element) buttons.current.set(tab, element)
                else buttons.current.delete(tab)
              }}
              type="button"
              role="tab"
              id={`${id}-${tab}-tab`}
              aria-selected={tab === current}
              aria-controls={`${id}-${tab}-panel`}
              tabIndex={tab === current ? 0 : -1}
              className="tab"
              onClick={() => select(tab, false)}
            >
              {t(LABELS[tab])}
            </button>
          ))}
        </div>
      )}
      <div
        className="tab-panel"
        {...(tabs.length > 1
          ? { role: 'tabpanel', id: `${id}-${current}-panel`, 'aria-labelledby': `${id}-${current}-tab` }
          : { 'aria-label': t('tabTokens'), role: 'region' })}
      >
        {current === 'Activity' ? (
          <ActivityList />
        ) : current === 'NFTs' && AccountNfts ? (
          <Suspense fallback={<ListSkeleton label={t('loading')} />}>
            <AccountNfts />
          </Suspense>
        ) : (
          <TokenList />
        )}
      </div>
    </section>
  )
}
