import type { Adapter, ContractsCapability, SendCapability } from '../adapterKit/contract.js'
import { getIsSmartAccount } from '../connection/smartAccount.js'
import type { ChainNamespace, Network } from '../network/types.js'
import type { Portico } from '../portico.js'
import { SwapUnavailableError, SwapValidationError } from './swapErrors.js'

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
 * Checks that the active account can swap and gathers what the wallet needs. Throws
 * `SwapValidationError('notConnected')` without a connected address (SPEC §5: a swap needs one),
 * `SwapUnavailableError` when the adapter cannot call contracts.
 */
export function resolveSwapAccount(portico: Portico): SwapAccount {
  const { state, internal } = portico
  const namespace = state.modal.activeChain
  const chain = namespace ? state.chains[namespace] : undefined
  const account = chain?.accountState
  const network = chain?.networkState.caipNetwork
  if (!namespace || !account || account.status !== 'connected' || !account.address || !network)
    throw new SwapValidationError('notConnected', {
      details: `No connected account on ${namespace ?? 'any namespace'}.`,
    })
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
