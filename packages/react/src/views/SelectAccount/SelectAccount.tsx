import { goBack, selectAccount, shortenAddress } from '@portico/core'
import { useState } from 'react'
import { AddressAvatar } from '../../components/AddressAvatar.js'
import { moveFocusInList } from '../../components/focus.js'
import { CheckIcon } from '../../components/icons.js'
import { useAccount } from '../../hooks/useAccount.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useT } from '../../i18n/MessagesContext.js'
import { useStyles } from '../../styles/StyleContext.js'
import { selectAccountCss } from './SelectAccount.css.js'

/**
 * The accounts the wallet shared, the active one marked; choosing one makes it the active account
 * (for wallets that share several and pick none, such as Polkadot extensions).
 */
export function SelectAccount() {
  const portico = usePortico()
  const t = useT()
  useStyles(selectAccountCss)
  const { address, allAccounts } = useAccount()
  const [failed, setFailed] = useState(false)

  const choose = async (picked: string) => {
    setFailed(false)
    try {
      if (picked !== address) await selectAccount(portico, { address: picked })
      goBack(portico)
    } catch {
      setFailed(true)
    }
  }

  return (
    <>
      <p className="hint center">{t('selectAccountText')}</p>
      <ul className="list" aria-label={t('accounts')} onKeyDown={moveFocusInList}>
        {allAccounts.map((account) => {
          const current = account === address
          return (
            <li key={account}>
              <button
                type="button"
                className="row"
                data-list-item
                aria-current={current ? 'true' : undefined}
                title={account}
                onClick={() => void choose(account)}
              >
                <AddressAvatar address={account} className="picture account-avatar" />
                <span className="row-name">{shortenAddress(account)}</span>
                {current && (
                  <span className="row-end">
                    <CheckIcon />
                    <span className="visually-hidden">{t('active')}</span>
                  </span>
                )}
              </button>
            </li>
          )
        })}
      </ul>
      {failed && (
        <p className="error-text center" role="alert">
          {t('selectAccountFailed')}
        </p>
      )}
    </>
  )
}
