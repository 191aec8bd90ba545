import type { SwapFormToken } from '@portico/core'

/** A swap token as `TokenPicture` takes it. */
export function pictureOf(token: Pick<SwapFormToken, 'symbol' | 'iconUrl'>): {
  symbol: string
  iconUrl?: string
} {
  return token.iconUrl ? { symbol: token.symbol, iconUrl: token.iconUrl } : { symbol: token.symbol }
}
