import { refreshAccountAssets } from '../balances/refreshAccountAssets.js'
import { refreshBalance } from '../balances/refreshBalance.js'
import { asProviderError } from '../errors/asProviderError.js'
import {
  type BaseErrorType,
  InvalidChainIdError,
  type InvalidChainIdErrorType,
  NetworkNotFoundError,
  type NetworkNotFoundErrorType,
  type ProviderRequestErrorType,
  type ProviderTimeoutErrorType,
  UnrecognizedChainError,
  type UnrecognizedChainErrorType,
  UserRejectedRequestError,
  type UserRejectedRequestErrorType,
} from '../errors/base.js'
import { ERROR_CODES, type Notice, SWITCH_NETWORK_MESSAGES } from '../notices/messages.js'
import type { Portico } from '../portico.js'
import { resetSend } from '../send/resetSend.js'
import { setWalletNetwork } from './setWalletNetwork.js'
import type { CaipNetworkId, Network } from './types.js'

export type SwitchNetworkParameters = { networkId: CaipNetworkId }
export type SwitchNetworkReturnType = { network: Network }
/**
 * What `switchNetwork` rejects with: the network is not in the site's list, the visitor declined
 * in the wallet (EIP-1193 4001), the wallet does not know the chain (4902) or reported an invalid
 * chain id, did not answer in time, or failed otherwise.
 */
export type SwitchNetworkErrorType =
  | NetworkNotFoundErrorType
  | UserRejectedRequestErrorType
  | UnrecognizedChainErrorType
  | InvalidChainIdErrorType
  | ProviderTimeoutErrorType
  | ProviderRequestErrorType
  | BaseErrorType

/** The SPEC §8 "Codes" code of a failed switch: 4902, 32603, or 5000 for any other failure. */
export function switchErrorCode(error: unknown): number {
  if (error instanceof UnrecognizedChainError) return ERROR_CODES.unrecognizedChain
  if (error instanceof InvalidChainIdError) return ERROR_CODES.invalidChainId
  return ERROR_CODES.default
}

/** The SPEC §8 text of a failed switch, by its code; a refusal has its own. */
export function describeSwitchError(error: unknown): Notice {
  if (error instanceof UserRejectedRequestError) return { key: 'switchDeclined' }
  return { key: SWITCH_NETWORK_MESSAGES[switchErrorCode(error)] ?? 'somethingWentWrong' } as Notice
}

/**
 * Makes a listed network active. When that namespace is connected the wallet is asked to switch
 * (it may add the network first); otherwise the choice is only recorded. While the wallet is asked,
 * `connection.pendingNetworkId` names the network; a failure is kept in `connection.switchError`
 * (a message key) and thrown. It never moves the modal or shows an alert: the modal's
 * `selectNetwork` does.
 *
 * @example
 * try {
 *   await switchNetwork(portico, { networkId: 'eip155:10' })
 * } catch (e) {
 *   const error = e as SwitchNetworkErrorType
 *   if (error.name === 'UserRejectedRequestError') showDeclined()
 * }
 */
export async function switchNetwork(
  portico: Portico,
  parameters: SwitchNetworkParameters,
): Promise<SwitchNetworkReturnType> {
  const { state, internal } = portico
  const network = state.networks.find((candidate) => candidate.caipNetworkId === parameters.networkId)
  const chain = network && state.chains[network.namespace]
  if (!network || !chain) throw new NetworkNotFoundError(parameters.networkId)
  const { namespace } = network
  const { connection, modal } = state
  const otherNamespace = modal.activeChain !== namespace
  if (otherNamespace) {
    // SPEC §4: switching to another namespace sets the flag and resets the send form.
    connection.switchingNamespace = true
    resetSend(portico)
  }
  connection.switchError = undefined

  const adapter = internal.adapters.get(namespace)
  try {
    if (chain.accountState.status === 'connected' && adapter && chain.connectorId) {
      connection.pendingNetworkId = network.caipNetworkId
      await adapter.switchNetwork({ connectorId: chain.connectorId, network })
    }
  } catch (error) {
    connection.switchError = describeSwitchError(error)
    throw asProviderError(error)
  } finally {
    connection.pendingNetworkId = undefined
    if (otherNamespace) connection.switchingNamespace = false
  }
  modal.activeChain = namespace
  internal.storage.set('activeNamespace', namespace)
  chain.networkState.caipNetwork = network
  setWalletNetwork(portico, namespace, network.id)
  internal.track({ type: 'track', event: 'SWITCH_NETWORK', properties: { network: network.caipNetworkId } })
  void refreshBalance(portico, { namespace })
  refreshAccountAssets(portico, { namespace })
  return { network }
}
