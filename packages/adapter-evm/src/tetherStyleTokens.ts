import { type Network, ProviderRequestError } from '@portico/core'

/** Token contracts per EVM chain id whose `transfer` returns nothing (SPEC §9). */
export type TetherStyleTokens = Readonly<Record<number, readonly string[]>>

/**
 * SPEC §9 "Tether-style token contracts use a different ERC20 transfer signature": USDT on
 * Ethereum mainnet is the one every site meets. Sites add others with the `tetherStyleTokens` option.
 */
export const DEFAULT_TETHER_STYLE_TOKENS: TetherStyleTokens = {
  1: ['0xdAC17F958D2ee523a2206206994597C13D831ec7'],
}

/**
 * Whether a token on a network is Tether-style, from the defaults and the site's list. Built when
 * the adapter is created (not when the send code loads), so a bad entry fails the configuration
 * at once rather than the first send.
 */
export function createTetherStyleLookup(
  extra: TetherStyleTokens | undefined,
): (network: Network, token: string) => boolean {
  const known = new Set<string>()
  for (const list of [DEFAULT_TETHER_STYLE_TOKENS, extra ?? {}]) {
    for (const [chainId, addresses] of Object.entries(list)) {
      for (const address of addresses) {
        if (!/^0x[0-9a-fA-F]{40}$/.test(address)) {
          throw new ProviderRequestError('A tetherStyleTokens entry is not an EVM address.', {
            details: `chain ${chainId}: ${address}`,
          })
        }
        known.add(`${Number(chainId)}:${address.toLowerCase()}`)
      }
    }
  }
  return (network, token) => known.has(`${Number(network.id)}:${token.toLowerCase()}`)
}
