import type { Network } from '@portico/core'
import { Picture } from './Picture.js'

/** A network's round icon, or its first letter where it has none, as the modal's lists show it. */
export function NetworkIcon({ network }: { network: Pick<Network, 'name' | 'iconUrl'> }) {
  return (
    <Picture name={network.name} url={network.iconUrl} className="picture round" letterClassName="letter" />
  )
}
