import type { TokenBalance } from '@portico/core'
import { Picture } from '../../components/Picture.js'

/** A token's icon, or its first letter on a colour of its own. */
export function TokenPicture({ token }: { token: Pick<TokenBalance, 'symbol' | 'iconUrl'> }) {
  return (
    <Picture name={token.symbol} url={token.iconUrl} className="picture round" letterClassName="letter" />
  )
}
