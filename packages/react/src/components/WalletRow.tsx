import type { Connector } from '@portico/core'
import { useT } from '../i18n/MessagesContext.js'
import { Picture } from './Picture.js'

/** The text key of a wallet row's tag. */
export type WalletTag = 'tagInstalled' | 'tagRecent'

export type WalletRowProps = {
  connector: Connector
  tag: WalletTag | undefined
  onSelect: (connector: Connector) => void
}

/** One wallet in a list: its picture, its name and an optional tag ('Installed', 'Recent'). */
export function WalletRow({ connector, tag, onSelect }: WalletRowProps) {
  const t = useT()
  return (
    <button type="button" className="row" data-list-item onClick={() => onSelect(connector)}>
      <Picture name={connector.name} url={connector.imageUrl} className="picture" letterClassName="letter" />
      <span className="row-name">{connector.name}</span>
      {tag && <span className="tag">{t(tag)}</span>}
    </button>
  )
}

/** The tag a wallet row shows: recent wallets first, then wallets found in this browser. */
export function walletTag(connector: Connector, section: string): WalletTag | undefined {
  if (section === 'recent') return 'tagRecent'
  if (connector.installed && connector.type !== 'EXTERNAL' && connector.type !== 'WALLET_CONNECT')
    return 'tagInstalled'
  return undefined
}
