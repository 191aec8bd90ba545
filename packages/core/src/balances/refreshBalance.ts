import { formatUnits } from '../format/formatUnits.js'
import { toCaipAddress } from '../network/caip.js'
import type { ChainNamespace } from '../network/types.js'
import type { Portico } from '../portico.js'

export type RefreshBalanceParameters = { namespace?: ChainNamespace }

/**
 * Reads the native balance of the connected account on its active network. A reply that arrives
 * after the account or network changed is dropped. When the read fails, the last balance read for
 * this very account and network stays, marked `balanceStale` (the Account view and the account
 * button say so); a balance of another account or network is cleared.
 */
export async function refreshBalance(
  portico: Portico,
  parameters: RefreshBalanceParameters = {},
): Promise<void> {
  const { state, internal } = portico
  const namespace = parameters.namespace ?? state.modal.activeChain
  const chain = namespace && state.chains[namespace]
  const adapter = namespace && internal.adapters.get(namespace)
  const address = chain?.accountState.address
  const network = chain?.networkState.caipNetwork
  if (!namespace || !chain || !adapter || !address || !network || chain.networkState.unsupportedCaipNetworkId)
    return
  const owner = toCaipAddress(network.caipNetworkId, address)
  const request = (internal.balanceRequest[namespace] ?? 0) + 1
  internal.balanceRequest[namespace] = request
  chain.accountState.balanceLoading = true
  try {
    const balance = await adapter.getBalance({ address, network })
    if (internal.balanceRequest[namespace] !== request) return
    internal.balanceOwner[namespace] = owner
    chain.accountState.balanceStale = false
    chain.accountState.balance = formatUnits(balance.value, balance.decimals)
    chain.accountState.balanceSymbol = balance.symbol
    const { parts } = balance
    chain.accountState.balanceParts = parts
      ? {
          free: formatUnits(parts.free, balance.decimals),
          reserved: formatUnits(parts.reserved, balance.decimals),
          transferable: formatUnits(parts.transferable, balance.decimals),
        }
      : undefined
  } catch (error) {
    if (internal.balanceRequest[namespace] !== request) return
    const known = internal.balanceOwner[namespace] === owner && chain.accountState.balance !== undefined
    chain.accountState.balanceStale = known
    if (!known) {
      delete internal.balanceOwner[namespace]
      chain.accountState.balance = undefined
      chain.accountState.balanceSymbol = undefined
      chain.accountState.balanceParts = undefined
    }
    internal.logger.warn(`balance: cannot read ${address} on ${network.caipNetworkId}`, error)
  } finally {
    // SPEC §4: balanceLoading covers the token balances too; their fetch clears it when it ends.
    if (internal.balanceRequest[namespace] === request && !internal.tokenBalanceFetching.has(namespace))
      chain.accountState.balanceLoading = false
  }
}
