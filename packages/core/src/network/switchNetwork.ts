import { refreshAccountAssets } from '../balances/refreshAccountAssets.js'
import { refreshBalance } from '../balances/refreshBalance.js'
import {
  InvalidChainIdError,
  NetworkNotFoundError,
  UnrecognizedChainError,
  UserRejectedRequestError,
} from '../errors/base.js'
import { goBack } from '../modal/goBack.js'
import { ERROR_CODES, type Notice, SWITCH_NETWORK_MESSAGES } from '../notices/messages.js'
import { showAlert } from '../notices/showAlert.js'
import type { Portico } from '../portico.js'
import { resetSend } from '../send/resetSend.js'
import { checkUnsupportedChain } from './checkUnsupportedChain.js'
import { setWalletNetwork } from './setWalletNetwork.js'
import type { CaipNetworkId } from './types.js'

export type SwitchNetworkParameters = { networkId: CaipNetworkId }
export type SwitchNetworkReturnType = { switched: boolean }
export type SwitchNetworkErrorType = NetworkNotFoundError

function alertCode(error: unknown): number {
  if (error instanceof UnrecognizedChainError) return ERROR_CODES.unrecognizedChain
  if (error instanceof InvalidChainIdError) return ERROR_CODES.invalidChainId
  return ERROR_CODES.default
}

/**
 * Makes a listed network active. When that namespace is connected the wallet is asked to switch
 * (it may add the network first); otherwise the choice is only recorded. A switch made from the
 * Networks view returns to the previous view. A network that is not listed shows 'Network Not
 * Found' (SPEC §8).
 *
 * @example
 * await switchNetwork(portico, { networkId: 'eip155:10' })
 */
export async function switchNetwork(
  portico: Portico,
  parameters: SwitchNetworkParameters,
): Promise<SwitchNetworkReturnType> {
  const { state, internal } = portico
  const network = state.networks.find((candidate) => candidate.caipNetworkId === parameters.networkId)
  if (!network) {
    showAlert(portico, { message: { key: 'networkNotFound' } })
    throw new NetworkNotFoundError(parameters.networkId)
  }
  const { namespace } = network
  const chain = state.chains[namespace]
  if (!chain) throw new NetworkNotFoundError(parameters.networkId)
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
    modal.activeChain = namespace
    internal.storage.set('activeNamespace', namespace)
    chain.networkState.caipNetwork = network
    setWalletNetwork(portico, namespace, network.id)
    checkUnsupportedChain(portico, namespace)
    // A switch made from the network picker is done: return to where the visitor came from.
    if (state.router.route.view === 'Networks') goBack(portico)
    internal.track({ type: 'track', event: 'SWITCH_NETWORK', properties: { network: network.caipNetworkId } })
    void refreshBalance(portico, { namespace })
    refreshAccountAssets(portico, { namespace })
    return { switched: true }
  } catch (error) {
    internal.logger.warn(`switchNetwork: ${network.caipNetworkId} failed`, error)
    if (error instanceof UserRejectedRequestError) {
      connection.switchError = { key: 'switchDeclined' }
    } else {
      const code = alertCode(error)
      const message: Notice = { key: SWITCH_NETWORK_MESSAGES[code] ?? 'somethingWentWrong' } as Notice
      connection.switchError = message
      showAlert(portico, { message, code })
    }
    return { switched: false }
  } finally {
    connection.pendingNetworkId = undefined
    if (otherNamespace) connection.switchingNamespace = false
  }
}
