import { type AdapterTokenBalance, type Network, ProviderRequestError } from '@portico/core'
import { type Address, isAddress } from '@solana/kit'
import { isSafeIconUrl } from './createDiscovery.js'
import type { RpcRequest } from './rpc.js'
import { TOKEN_PROGRAMS } from './splToken.js'

/** A token the site names, since SPL mints carry no name or symbol the adapter can read cheaply. */
export interface SolanaKnownToken {
  mint: string
  name: string
  symbol: string
  /** A `data:image/…` or https URL. */
  iconUrl?: string
  /** The CAIP-2 network the mint lives on; every Solana network when absent. */
  caipNetworkId?: string
}

export interface GetTokenBalancesParameters {
  address: string
  network: Network
}

const UNKNOWN_TOKEN_NAME = 'Unknown token'

/**
 * Reads an owner's SPL balances (Token and Token-2022) straight from the network's RPC, for sites
 * without a Portico server. One entry per mint (accounts of the same mint are added up), empty
 * accounts left out.
 */
export function createGetTokenBalances(options: {
  request: RpcRequest
  knownTokens: readonly SolanaKnownToken[]
}): (parameters: GetTokenBalancesParameters) => Promise<AdapterTokenBalance[]> {
  return async ({ address, network }) => {
    if (!isAddress(address))
      throw new ProviderRequestError('This is not a Solana address.', { details: address.slice(0, 100) })
    const lists = await Promise.all(
      TOKEN_PROGRAMS.map((programId) =>
        options.request(network, 'getTokenAccountsByOwner', (rpc, abortSignal) =>
          rpc
            .getTokenAccountsByOwner(
              address,
              { programId },
              { encoding: 'jsonParsed', commitment: 'confirmed' },
            )
            .send({ abortSignal }),
        ),
      ),
    )
    const byMint = new Map<string, { amount: bigint; decimals: number }>()
    for (const list of lists) {
      for (const entry of list.value) {
        const holding = parseHolding(entry.account.data)
        if (!holding || holding.amount === 0n) continue
        const seen = byMint.get(holding.mint)
        // Two accounts of one mint can only disagree on decimals if the RPC is broken; keep the first.
        if (seen) seen.amount += holding.amount
        else byMint.set(holding.mint, { amount: holding.amount, decimals: holding.decimals })
      }
    }
    return [...byMint].map(([mint, { amount, decimals }]) => {
      const known = options.knownTokens.find(
        (token) =>
          token.mint === mint &&
          (token.caipNetworkId === undefined || token.caipNetworkId === network.caipNetworkId),
      )
      const balance: AdapterTokenBalance = {
        token: mint,
        name: known?.name ?? UNKNOWN_TOKEN_NAME,
        symbol: known?.symbol ?? `${mint.slice(0, 4)}…${mint.slice(-4)}`,
        decimals,
        value: amount,
      }
      if (known?.iconUrl && isSafeIconUrl(known.iconUrl)) balance.iconUrl = known.iconUrl
      return balance
    })
  }
}

/** The mint, raw amount and decimals of a jsonParsed token account; undefined for anything else. */
function parseHolding(data: unknown): { mint: Address; amount: bigint; decimals: number } | undefined {
  const info = (data as { parsed?: { info?: unknown } } | null)?.parsed?.info as
    | { mint?: unknown; tokenAmount?: { amount?: unknown; decimals?: unknown } }
    | undefined
  const mint = info?.mint
  const amount = info?.tokenAmount?.amount
  const decimals = info?.tokenAmount?.decimals
  if (typeof mint !== 'string' || !isAddress(mint)) return undefined
  if (typeof amount !== 'string' || !/^\d{1,20}$/.test(amount)) return undefined
  // SPEC §3 writes decimals with at most two digits; SPL allows up to 255 but no real mint uses more than 18.
  if (typeof decimals !== 'number' || !Number.isInteger(decimals) || decimals < 0 || decimals > 99)
    return undefined
  return { mint, amount: BigInt(amount), decimals }
}
