import type { Adapter, SendCapability } from '../adapterKit/contract.js'
import type { TokenBalance } from '../api/schemas.js'
import { NotConnectedError } from '../errors/base.js'
import type { ChainNamespace, Network } from '../network/types.js'
import type { Portico } from '../portico.js'
import { isNativeToken, toBaseUnits, tokenContract, tokenDecimals } from './amounts.js'
import { currentToken } from './send.js'
import { SendUnavailableError, SendValidationError } from './sendErrors.js'

/** The account, network and adapter a send or a fee estimate goes through, and what it moves. */
export interface SendTarget {
  namespace: ChainNamespace
  adapter: Adapter
  send: SendCapability
  connectorId: string | undefined
  address: string
  network: Network
  /** The token contract; undefined for the network's own currency. */
  contract: string | undefined
  decimals: number
  symbol: string
  /** What the account holds of it, in base units, when known. */
  balance: bigint | undefined
}

/**
 * Checks that the active account can send `token` (the network's own currency when undefined)
 * and gathers what the adapter needs. Throws `NotConnectedError`, `SendUnavailableError`, or
 * `SendValidationError` (`unsupportedChain`, `noToken` for a token of another network).
 */
export function resolveSendTarget(portico: Portico, token: TokenBalance | undefined): SendTarget {
  const { state, internal } = portico
  const namespace = state.modal.activeChain
  const chain = namespace ? state.chains[namespace] : undefined
  const account = chain?.accountState
  const network = chain?.networkState.caipNetwork
  if (!namespace || !chain || !account || account.status !== 'connected' || !account.address || !network)
    throw new NotConnectedError(namespace)
  const adapter = internal.adapters.get(namespace)
  if (!adapter?.send) throw new SendUnavailableError(namespace)
  if (chain.networkState.unsupportedCaipNetworkId)
    throw new SendValidationError('unsupportedChain', {
      details: `The wallet is on ${chain.networkState.unsupportedCaipNetworkId}, which is not in the networks list.`,
    })
  const tokenBalances = account.tokenBalance
  const native = !token || isNativeToken(token)
  if (token && token.chainId !== network.caipNetworkId)
    throw new SendValidationError('noToken', {
      details: `The token is on ${token.chainId}, the account on ${network.caipNetworkId}.`,
    })
  const latest = token ? currentToken(token, tokenBalances) : tokenBalances.find(isNativeToken)
  const decimals = token ? tokenDecimals(token) : network.nativeCurrency.decimals
  // The adapter's exact native balance first: the portfolio's may be rounded or older.
  const numeric = native ? (account.balance ?? latest?.quantity.numeric) : latest?.quantity.numeric
  return {
    namespace,
    adapter,
    send: adapter.send,
    connectorId: chain.connectorId,
    address: account.address,
    network,
    contract: token ? tokenContract(token) : undefined,
    decimals,
    symbol: token ? token.symbol : network.nativeCurrency.symbol,
    balance: numeric !== undefined ? toBaseUnits(numeric, decimals) : undefined,
  }
}
