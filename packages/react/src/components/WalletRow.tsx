import type { Connector } from '@portico/core'
import { Picture } from './Picture.js'

export type WalletRowProps = {
  connector: Connector
  tag: string | undefined
  onSelect: (connector: Connector) => void
}

/** One wallet in a list: its picture, its name and an optional tag ('Installed', 'Recent'). */
export function WalletRow({ connector, tag, onSelect }: WalletRowProps) {
  return (
    <button type="button" className="row" data-list-item onClick={() => onSelect(connector)}>
      <Picture name={connector.name} url={connector.imageUrl} className="picture" letterClassName="letter" />
      <span className="row-name">{connector.name}</span>
      {tag && <span className="tag">{tag}</span>}
    </button>
  )
}

/** The tag a wallet row shows: recent wallets first, then wallets found in this browser. */
export function walletTag(connector: Connector, section: string): string | undefined {
  if (section === 'recent') return 'Recent'
  if (connector.installed && connector.type !== 'EXTERNAL' && connector.type !== 'WALLET_CONNECT')
    return 'Installed'
  return undefined
}
