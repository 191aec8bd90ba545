import type { TokenBalance } from '@portico/core'
import { Picture } from './Picture.js'

/** A token's icon, or its first letter on a colour of its own. */
export function TokenPicture({
  token,
  className,
}: {
  token: Pick<TokenBalance, 'symbol' | 'iconUrl'>
  /** Added to the round picture's classes, e.g. for another size. */
  className?: string
}) {
  return (
    <Picture
      name={token.symbol}
      url={token.iconUrl}
      className={className ? `picture round ${className}` : 'picture round'}
      letterClassName="letter"
    />
  )
}
