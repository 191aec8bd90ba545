import { type Address, type Hex, isAddressEqual, numberToHex, parseUnits } from 'viem'
import * as z from 'zod/mini'
import { FrameRpcError, InvalidRpcParamsError } from './rpcErrors.js'

/** One token of the server's portfolio (`GET /v1/account/{address}/balance`, SPEC §3 token balance). */
const portfolioSchema = z.object({
  balances: z.array(
    z.object({
      name: z.string(),
      symbol: z.string(),
      chainId: z.string(),
      address: z.optional(z.string()),
      quantity: z.object({ decimals: z.string(), numeric: z.string() }),
    }),
  ),
})

const requestSchema = z.object({
  account: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
  chainFilter: z.optional(z.array(z.string().check(z.regex(/^0x[0-9a-fA-F]{1,16}$/))).check(z.maxLength(20))),
  assetTypeFilter: z.optional(z.array(z.string())),
})

/** An asset as EIP-7811 `wallet_getAssets` answers it. */
export interface WalletAsset {
  address: Address | 'native'
  balance: Hex
  type: 'native' | 'erc20'
  metadata: { name: string; symbol: string; decimals: number }
}

/**
 * EIP-7811 `wallet_getAssets`, answered from the server's portfolio (the balances Account shows):
 * per requested chain (the current one by default), the native token and the ERC-20 tokens.
 */
export async function getWalletAssets(
  params: unknown,
  options: {
    own: Address
    chainId: number
    /** The portfolio of `address` on a CAIP-2 chain, as the server answers it. */
    portfolio(address: Address, caipNetworkId: string): Promise<unknown>
  },
): Promise<Record<Hex, WalletAsset[]>> {
  const parsed = requestSchema.safeParse(Array.isArray(params) ? params[0] : undefined)
  if (!parsed.success) throw new InvalidRpcParamsError('wallet_getAssets', z.prettifyError(parsed.error))
  const request = parsed.data
  if (!isAddressEqual(request.account as Address, options.own))
    throw new FrameRpcError(`The account ${request.account} is not this wallet's account.`, 4100)
  const chains = request.chainFilter?.map(Number) ?? [options.chainId]
  const types = request.assetTypeFilter
  const entries = await Promise.all(
    chains.map(async (chainId): Promise<[Hex, WalletAsset[]]> => {
      const body = portfolioSchema.safeParse(await options.portfolio(options.own, `eip155:${chainId}`))
      if (!body.success)
        throw new FrameRpcError(`The portfolio of eip155:${chainId} has an unexpected shape.`, -32603)
      const assets = body.data.balances.flatMap((token): WalletAsset[] => {
        const decimals = Number(token.quantity.decimals)
        let balance: bigint
        try {
          balance = parseUnits(token.quantity.numeric, decimals)
        } catch {
          return []
        }
        // CAIP-10 (`eip155:1:0x…`) for a token, absent for the chain's native currency.
        const tokenAddress = token.address?.split(':')[2]
        const metadata = { name: token.name, symbol: token.symbol, decimals }
        if (token.address === undefined)
          return [{ address: 'native', balance: numberToHex(balance), type: 'native', metadata }]
        if (!tokenAddress || !/^0x[0-9a-fA-F]{40}$/.test(tokenAddress)) return []
        return [{ address: tokenAddress as Address, balance: numberToHex(balance), type: 'erc20', metadata }]
      })
      return [numberToHex(chainId), types ? assets.filter((asset) => types.includes(asset.type)) : assets]
    }),
  )
  return Object.fromEntries(entries)
}
