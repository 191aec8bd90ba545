/**
 * The portfolio: an address's native balance and its balances of the chain's configured tokens,
 * read in one round trip (a Multicall3 `aggregate3`, or one JSON-RPC batch where the chain has no
 * multicall contract).
 */
import type { BalanceResponse, TokenBalance } from '@portico/core/api'
import { type Address, createPublicClient, erc20Abi, http, multicall3Abi, type PublicClient } from 'viem'
import type { ChainConfig, TokenConfig } from '../config.js'
import type { Logger } from '../logger.js'
import { toDecimalString, usdValue } from './amounts.js'
import { UpstreamError } from './errors.js'
import type { PriceSource } from './prices.js'

/** Where Multicall3 lives on nearly every EVM chain. */
export const CANONICAL_MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11'

/** SPEC §9: HTTP default timeout 10000 ms. */
const RPC_TIMEOUT_MS = 10_000

export interface GetBalancesParameters {
  chain: ChainConfig
  address: `0x${string}`
  prices: PriceSource
  logger: Logger
}
export type GetBalancesReturnType = BalanceResponse
export type GetBalancesErrorType = UpstreamError

interface ChainReader {
  client: PublicClient
  /** Whether the multicall contract has code; settled once per chain, after the first answer. */
  hasMulticall: boolean | undefined
}

/**
 * One reader per chain config object. Keyed weakly by the config the server parsed at start-up, so
 * the client (and what was learnt about the chain) lives exactly as long as that config.
 */
const readers = new WeakMap<ChainConfig, ChainReader>()

function getReader(chain: ChainConfig): ChainReader {
  let reader = readers.get(chain)
  if (!reader) {
    reader = {
      // Requests issued in the same tick go out as one JSON-RPC batch (the fallback path relies on it).
      client: createPublicClient({
        transport: http(chain.rpcUrl, { batch: true, timeout: RPC_TIMEOUT_MS, retryCount: 0 }),
      }) as PublicClient,
      hasMulticall: undefined,
    }
    readers.set(chain, reader)
  }
  return reader
}

interface RawBalances {
  native: bigint
  /** Per configured token, in order: the balance, or the reason it could not be read. */
  tokens: ({ ok: true; balance: bigint } | { ok: false; error: unknown })[]
}

async function readWithMulticall(
  client: PublicClient,
  multicallAddress: Address,
  address: Address,
  tokens: readonly TokenConfig[],
  chainId: string,
): Promise<RawBalances> {
  const contracts = [
    {
      address: multicallAddress,
      abi: multicall3Abi,
      functionName: 'getEthBalance',
      args: [address],
    } as const,
    ...tokens.map(
      (token) =>
        ({
          address: token.address as Address,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [address],
        }) as const,
    ),
  ]
  let results: { status: 'success' | 'failure'; result?: unknown; error?: unknown }[]
  try {
    results = (await client.multicall({
      contracts,
      multicallAddress,
      allowFailure: true,
      // Everything in one aggregate3 call, however many tokens are configured.
      batchSize: 0,
    })) as typeof results
  } catch (error) {
    throw new UpstreamError({ chainId, action: 'reading balances through multicall', cause: error })
  }
  const [native, ...rest] = results
  if (native?.status !== 'success' || typeof native.result !== 'bigint') {
    throw new UpstreamError({ chainId, action: 'reading the native balance', cause: native?.error })
  }
  return {
    native: native.result,
    tokens: rest.map((entry) =>
      entry.status === 'success' && typeof entry.result === 'bigint'
        ? { ok: true, balance: entry.result }
        : { ok: false, error: entry.error },
    ),
  }
}

async function readWithBatch(
  client: PublicClient,
  address: Address,
  tokens: readonly TokenConfig[],
  chainId: string,
): Promise<RawBalances> {
  // Started together, so the transport sends them as one JSON-RPC batch.
  const [native, ...rest] = await Promise.allSettled([
    client.getBalance({ address }),
    ...tokens.map((token) =>
      client.readContract({
        address: token.address as Address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [address],
      }),
    ),
  ])
  if (native?.status !== 'fulfilled') {
    throw new UpstreamError({ chainId, action: 'reading the native balance', cause: native?.reason })
  }
  return {
    native: native.value,
    tokens: rest.map((entry) =>
      entry.status === 'fulfilled' ? { ok: true, balance: entry.value } : { ok: false, error: entry.reason },
    ),
  }
}

/**
 * The native balance (first, always) and the non-zero balances of the chain's configured tokens,
 * sorted by USD value then symbol. Tokens with zero decimals are dropped (SPEC §5); a token whose
 * `balanceOf` fails is logged and left out. Throws `UpstreamError` when the RPC node fails.
 * @example
 * const { balances } = await getBalances({ chain, address, prices: createStaticPriceSource(config.prices), logger })
 */
export async function getBalances(parameters: GetBalancesParameters): Promise<GetBalancesReturnType> {
  const { chain, address, prices, logger } = parameters
  const chainId = chain.caipNetworkId
  const reader = getReader(chain)
  // SPEC §5: "Token balances with zero decimals are dropped as low quality."
  const tokens = chain.tokens.filter((token) => token.decimals > 0)
  const multicallAddress = (chain.multicallAddress ?? CANONICAL_MULTICALL3_ADDRESS) as Address

  if (reader.hasMulticall === undefined) {
    let code: string | undefined
    try {
      code = await reader.client.getCode({ address: multicallAddress })
    } catch (error) {
      throw new UpstreamError({ chainId, action: 'looking for the multicall contract', cause: error })
    }
    reader.hasMulticall = code !== undefined && code !== '0x'
    if (!reader.hasMulticall) {
      logger.info('no multicall contract on the chain; balances are read with JSON-RPC batches', {
        chainId,
        multicallAddress,
      })
    }
  }

  const raw = reader.hasMulticall
    ? await readWithMulticall(reader.client, multicallAddress, address, tokens, chainId)
    : await readWithBatch(reader.client, address, tokens, chainId)

  const { nativeCurrency } = chain
  const nativePrice = prices.getPrice({ chainId }) ?? 0
  const native: TokenBalance = {
    name: nativeCurrency.name,
    symbol: nativeCurrency.symbol,
    chainId,
    value: usdValue(raw.native, nativeCurrency.decimals, nativePrice),
    price: nativePrice,
    quantity: {
      decimals: String(nativeCurrency.decimals),
      numeric: toDecimalString(raw.native, nativeCurrency.decimals),
    },
    ...(nativeCurrency.iconUrl ? { iconUrl: nativeCurrency.iconUrl } : {}),
  }

  const held: TokenBalance[] = []
  tokens.forEach((token, index) => {
    const entry = raw.tokens[index]
    if (!entry) return
    if (!entry.ok) {
      logger.warn('a token balance could not be read; it is left out', {
        chainId,
        token: token.address,
        symbol: token.symbol,
        err: entry.error,
      })
      return
    }
    if (entry.balance === 0n) return
    const price = prices.getPrice({ chainId, address: token.address as Address }) ?? 0
    held.push({
      name: token.name,
      symbol: token.symbol,
      chainId,
      address: `${chainId}:${token.address}`,
      value: usdValue(entry.balance, token.decimals, price),
      price,
      quantity: { decimals: String(token.decimals), numeric: toDecimalString(entry.balance, token.decimals) },
      ...(token.iconUrl ? { iconUrl: token.iconUrl } : {}),
    })
  })
  held.sort((a, b) => b.value - a.value || a.symbol.localeCompare(b.symbol))
  return { balances: [native, ...held] }
}
