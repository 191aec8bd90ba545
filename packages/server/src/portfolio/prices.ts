/**
 * Where USD prices come from. The server ships a static table from its config; the interface lets
 * another source (an oracle, a price API) be plugged in without touching the portfolio or history.
 */

/** A token on a chain: `address` is omitted for the chain's native currency. */
export interface PricedToken {
  /** CAIP-2, e.g. `eip155:1`. */
  chainId: string
  /** The token contract (any case); absent for the native currency. */
  address?: `0x${string}` | undefined
}

/** USD prices of tokens; `undefined` when the source does not know a token. */
export interface PriceSource {
  getPrice(token: PricedToken): number | undefined
}

/** The config key of a token's price: `<caip2>/native` or `<caip2>/<address lower-case>`. */
function priceKey(token: PricedToken): string {
  return `${token.chainId}/${token.address ? token.address.toLowerCase() : 'native'}`
}

/**
 * A `PriceSource` over the config's static table (`ServerConfig.prices`), keys compared
 * case-insensitively.
 * @example
 * const prices = createStaticPriceSource({ 'eip155:1/native': 3000 })
 * prices.getPrice({ chainId: 'eip155:1' }) // 3000
 */
export function createStaticPriceSource(table: Record<string, number>): PriceSource {
  const byKey = new Map<string, number>()
  for (const [key, price] of Object.entries(table)) {
    if (Number.isFinite(price) && price >= 0) byKey.set(key.toLowerCase(), price)
  }
  return { getPrice: (token) => byKey.get(priceKey(token).toLowerCase()) }
}
