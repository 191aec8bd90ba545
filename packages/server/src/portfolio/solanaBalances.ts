/**
 * The portfolio of a Solana address: SOL and the SPL tokens (Token and Token-2022 programs) it
 * holds, read in one JSON-RPC batch, in the same shape as an EVM portfolio.
 */
import type { BalanceResponse, TokenBalance } from '@portico/core/api'
import type { ChainConfig, TokenConfig } from '../config.js'
import type { Logger } from '../logger.js'
import { toDecimalString, usdValue } from './amounts.js'
import { UpstreamError } from './errors.js'
import type { PriceSource } from './prices.js'
import {
  callSolanaRpc,
  resultOf,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
  toBigInt,
} from './solanaRpc.js'

export interface GetSolanaBalancesParameters {
  /** A chain whose `caipNetworkId` is `solana:…`. */
  chain: ChainConfig
  /** A base58 address, already checked. */
  address: string
  prices: PriceSource
  logger: Logger
  fetch?: typeof fetch
}
export type GetSolanaBalancesReturnType = BalanceResponse
export type GetSolanaBalancesErrorType = UpstreamError

/** Reads at `confirmed`, as wallets show balances: `finalized` lags by about 13 s. */
const COMMITMENT = 'confirmed'

/** The price of an SPL mint from a source keyed by token address. */
export function getMintPrice(prices: PriceSource, chainId: string, mint: string): number | undefined {
  // PricedToken names EVM addresses in its type, but sources key tokens by the address text alone.
  return prices.getPrice({ chainId, address: mint as `0x${string}` })
}

/**
 * The name and symbol of a mint the config does not list. No metadata program (Metaplex) runs on a
 * local validator and the server reads no off-chain metadata, so they come from the mint address.
 */
export function describeUnknownMint(mint: string): { name: string; symbol: string } {
  return { name: `Token ${mint.slice(0, 4)}…${mint.slice(-4)}`, symbol: mint.slice(0, 4).toUpperCase() }
}

interface HeldMint {
  amount: bigint
  decimals: number
}

/** Sums the owner's token accounts per mint from a jsonParsed getTokenAccountsByOwner answer. */
function addTokenAccounts(held: Map<string, HeldMint>, result: unknown): void {
  const value = (result as { value?: unknown } | null)?.value
  if (!Array.isArray(value)) throw new Error('the answer has no list of token accounts')
  for (const entry of value) {
    const info = (
      entry as { account?: { data?: { parsed?: { type?: unknown; info?: Record<string, unknown> } } } }
    )?.account?.data?.parsed
    if (info?.type !== 'account' || !info.info) continue
    const mint = info.info.mint
    const tokenAmount = info.info.tokenAmount as { amount?: unknown; decimals?: unknown } | undefined
    const amount = toBigInt(tokenAmount?.amount)
    const decimals = tokenAmount?.decimals
    if (typeof mint !== 'string' || amount === undefined || typeof decimals !== 'number') continue
    // An owner can hold one mint in several accounts (its associated one and others).
    const known = held.get(mint)
    held.set(mint, { amount: (known?.amount ?? 0n) + amount, decimals })
  }
}

/**
 * SOL first, always, then every SPL token the address holds a non-zero balance of, sorted by USD
 * value then symbol. Configured mints carry their configured name, symbol and icon; others a name
 * and symbol made from the mint. Mints with zero decimals (NFTs; SPEC §5) and the chain's spam
 * tokens are dropped. A token program whose accounts cannot be read is logged and left out.
 * Throws `UpstreamError` when the node fails.
 * @example
 * const { balances } = await getSolanaBalances({ chain, address, prices, logger })
 */
export async function getSolanaBalances(
  parameters: GetSolanaBalancesParameters,
): Promise<GetSolanaBalancesReturnType> {
  const { chain, address, prices, logger } = parameters
  const chainId = chain.caipNetworkId
  const programs = [TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS]
  const action = 'reading balances'
  const [sol, ...tokenAnswers] = await callSolanaRpc({
    chain,
    action,
    ...(parameters.fetch ? { fetch: parameters.fetch } : {}),
    calls: [
      { method: 'getBalance', params: [address, { commitment: COMMITMENT }] },
      ...programs.map((programId) => ({
        method: 'getTokenAccountsByOwner',
        params: [address, { programId }, { encoding: 'jsonParsed', commitment: COMMITMENT }],
      })),
    ],
  })
  const lamports = toBigInt((resultOf(chain, 'reading the SOL balance', sol) as { value?: unknown })?.value)
  if (lamports === undefined) {
    throw new UpstreamError({
      chainId,
      action: 'reading the SOL balance',
      cause: new Error('getBalance answered no lamports'),
    })
  }

  const held = new Map<string, HeldMint>()
  tokenAnswers.forEach((answer, index) => {
    try {
      addTokenAccounts(held, resultOf(chain, 'reading token accounts', answer))
    } catch (error) {
      logger.warn('the token accounts of a token program could not be read; they are left out', {
        chainId,
        program: programs[index],
        err: error,
      })
    }
  })

  const { nativeCurrency } = chain
  const solPrice = prices.getPrice({ chainId }) ?? 0
  const native: TokenBalance = {
    name: nativeCurrency.name,
    symbol: nativeCurrency.symbol,
    chainId,
    value: usdValue(lamports, nativeCurrency.decimals, solPrice),
    price: solPrice,
    quantity: {
      decimals: String(nativeCurrency.decimals),
      numeric: toDecimalString(lamports, nativeCurrency.decimals),
    },
    ...(nativeCurrency.iconUrl ? { iconUrl: nativeCurrency.iconUrl } : {}),
  }

  const configured = new Map<string, TokenConfig>(chain.tokens.map((token) => [token.address, token]))
  const spam = new Set(chain.spamTokens)
  const tokens: TokenBalance[] = []
  for (const [mint, { amount, decimals }] of held) {
    // SPEC §5: token balances with zero decimals are dropped as low quality.
    if (amount === 0n || decimals === 0 || decimals > 36 || spam.has(mint)) continue
    const token = configured.get(mint)
    const price = getMintPrice(prices, chainId, mint) ?? 0
    // The account's decimals are the mint's own; a config that says otherwise is wrong.
    tokens.push({
      ...(token ? { name: token.name, symbol: token.symbol } : describeUnknownMint(mint)),
      chainId,
      address: `${chainId}:${mint}`,
      value: usdValue(amount, decimals, price),
      price,
      quantity: { decimals: String(decimals), numeric: toDecimalString(amount, decimals) },
      ...(token?.iconUrl ? { iconUrl: token.iconUrl } : {}),
    })
  }
  tokens.sort((a, b) => b.value - a.value || a.symbol.localeCompare(b.symbol))
  return { balances: [native, ...tokens] }
}
