import type { Adapter, ContractsCapability, SendCapability } from '../adapterKit/contract.js'
import { getIsSmartAccount } from '../connection/smartAccount.js'
import type { ChainNamespace, Network } from '../network/types.js'
import type { Portico } from '../portico.js'
import { SwapAccountNotFoundError, SwapUnavailableError, SwapValidationError } from './swapErrors.js'

/** The account, network and adapter a swap goes through. */
export interface SwapAccount {
  namespace: ChainNamespace
  adapter: Adapter
  contracts: ContractsCapability
  send: SendCapability
  connectorId: string | undefined
  address: string
  network: Network
  isSmartAccount: boolean
}

/**
 * Checks that the active account can swap and gathers what the wallet needs. Without a connected
 * address it throws `SwapValidationError('notConnected')` when quoting (SPEC §5: a swap needs one;
 * 'No address found to swap the tokens from.') and `SwapAccountNotFoundError` when the wallet is
 * to sign (SPEC §8 'Address or auth connector not found'), as it does when no connector holds the
 * address. `SwapUnavailableError` when the adapter cannot call contracts.
 */
export function resolveSwapAccount(portico: Portico, purpose: 'quote' | 'send' = 'quote'): SwapAccount {
  const { state, internal } = portico
  const namespace = state.modal.activeChain
  const chain = namespace ? state.chains[namespace] : undefined
  const account = chain?.accountState
  const network = chain?.networkState.caipNetwork
  if (!namespace || !account || account.status !== 'connected' || !account.address || !network) {
    const details = `No connected account on ${namespace ?? 'any namespace'}.`
    if (purpose === 'send') throw new SwapAccountNotFoundError(details)
    throw new SwapValidationError('notConnected', { details })
  }
  if (purpose === 'send' && !chain.connectorId)
    throw new SwapAccountNotFoundError(`No connector holds ${account.address} on ${namespace}.`)
  const adapter = internal.adapters.get(namespace)
  if (!adapter?.contracts || !adapter.send)
    throw new SwapUnavailableError(`The ${namespace} adapter cannot call contracts.`)
  return {
    namespace,
    adapter,
    contracts: adapter.contracts,
    send: adapter.send,
    connectorId: chain.connectorId,
    address: account.address,
    network,
    isSmartAccount: getIsSmartAccount(portico),
  }
}
