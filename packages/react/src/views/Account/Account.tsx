import { disconnect, navigate, shortenAddress } from '@portico/core'
import { useEffect, useState } from 'react'
import { AddressAvatar } from '../../components/AddressAvatar.js'
import { CheckIcon, ChevronIcon, CopyIcon, DisconnectIcon, ExternalLinkIcon } from '../../components/icons.js'
import { Picture } from '../../components/Picture.js'
import { isSafeLinkUrl } from '../../components/safeUrl.js'
import { useAccount } from '../../hooks/useAccount.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useT } from '../../i18n/MessagesContext.js'
import { useFormatAmount } from '../../i18n/useFormatAmount.js'
import { useStyles } from '../../styles/StyleContext.js'
import { accountCss } from './Account.css.js'

/** How long 'Copied' stays after copying the address. */
export const COPIED_FEEDBACK_MS = 1_500

type CopyState = 'idle' | 'copied' | 'failed'

/** The connected account: address with copy, native balance, network, explorer link, disconnect. */
export function Account() {
  useStyles(accountCss)
  const portico = usePortico()
  const account = useAccount()
  const formatAmount = useFormatAmount()
  const t = useT()
  const [copy, setCopy] = useState<CopyState>('idle')
  const [leaving, setLeaving] = useState(false)

  useEffect(() => {
    if (copy === 'idle') return
    const timer = setTimeout(() => setCopy('idle'), COPIED_FEEDBACK_MS)
    return () => clearTimeout(timer)
  }, [copy])

  const { address, network } = account
  if (!address) return null
  const balance =
    account.balance !== undefined
      ? `${formatAmount(account.balance)} ${account.balanceSymbol ?? ''}`.trim()
      : account.balanceLoading
        ? t('loadingBalance')
        : undefined

  const copyAddress = () => {
    const clipboard = globalThis.navigator?.clipboard
    if (!clipboard) return setCopy('failed')
    clipboard.writeText(address).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    )
  }

  return (
    <div className="account">
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
      {balance && <p className="balance">{balance}</p>}
      {network && (
        <button
          type="button"
          className="chip"
          aria-label={t('networkButton', { network: network.name })}
          onClick={() => navigate(portico, { view: 'Networks' })}
        >
          <Picture
            name={network.name}
            url={network.iconUrl}
            className="picture round"
            letterClassName="letter"
          />
          {network.name}
          <ChevronIcon />
        </button>
      )}
      <div className="actions">
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
