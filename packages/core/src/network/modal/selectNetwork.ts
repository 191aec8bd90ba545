import { NetworkNotFoundError, UserRejectedRequestError } from '../../errors/base.js'
import { goBack } from '../../modal/goBack.js'
import { showAlert } from '../../notices/showAlert.js'
import type { Portico } from '../../portico.js'
import { describeSwitchError, switchErrorCode, switchNetwork } from '../switchNetwork.js'
import type { CaipNetworkId } from '../types.js'
import { checkUnsupportedChain } from './checkUnsupportedChain.js'

export type SelectNetworkParameters = { networkId: CaipNetworkId }

/**
 * The modal's network picker (Networks, UnsupportedChain; SPEC §2, §4, §8). A switch made from
 * Networks returns to the previous view; one that brings the wallet back to a listed network
 * leaves UnsupportedChain for Account. A refusal shows under the list (`connection.switchError`);
 * any other failure shows the alert of its code (4902, 32603, 5000), and a network not in the list
 * 'Network Not Found'. Never rejects: the outcome is on screen and in the log.
 *
 * @example
 * await selectNetwork(portico, { networkId: 'eip155:10' })
 */
export async function selectNetwork(portico: Portico, parameters: SelectNetworkParameters): Promise<void> {
  const { state, internal } = portico
  try {
    const { network } = await switchNetwork(portico, parameters)
    checkUnsupportedChain(portico, network.namespace)
    // A switch made from the network picker is done: return to where the visitor came from.
    if (state.router.route.view === 'Networks') goBack(portico)
  } catch (error) {
    internal.logger.warn(`switchNetwork: ${parameters.networkId} failed`, error)
    if (error instanceof NetworkNotFoundError) showAlert(portico, { message: { key: 'networkNotFound' } })
    else if (!(error instanceof UserRejectedRequestError))
      showAlert(portico, { message: describeSwitchError(error), code: switchErrorCode(error) })
  }
}
