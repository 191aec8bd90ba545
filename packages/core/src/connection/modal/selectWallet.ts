import { ConnectorNotFoundError, RequestCancelledError } from '../../errors/base.js'
import { refuseUntilLegalAccepted } from '../../modal/legalConsent.js'
import { shakeModal } from '../../modal/shakeModal.js'
import type { ChainNamespace } from '../../network/types.js'
import type { Portico } from '../../portico.js'
import { selectMobileWallet } from '../../walletConnect/modal/selectMobileWallet.js'
import { connect, findConnector } from '../connect.js'
import { showConnected } from './showConnected.js'

export type SelectWalletParameters = {
  connectorId: string
  /** Picks the namespace when one wallet offers connectors in several (multi-chain wallets). */
  namespace?: ChainNamespace
}

/**
 * The modal's wallet row and the connecting view's Try again (SPEC §2, §4). A mobile wallet
 * (WALLET_CONNECT) pairs first; any other shows ConnectingExternal while the wallet is asked, then
 * Account (or UnsupportedChain). A refusal, a timeout or a failure stays on ConnectingExternal,
 * which reads `connection.error` and offers a retry. A wallet gone since the list was drawn shakes
 * the modal, and so does any wallet while the legal checkbox is not ticked. An attempt the visitor abandoned (back, close) changes nothing. Never rejects: the
 * outcome is on screen and in the log.
 *
 * @example
 * await selectWallet(portico, { connectorId: 'io.metamask' })
 */
export async function selectWallet(portico: Portico, parameters: SelectWalletParameters): Promise<void> {
  const { state, internal } = portico
  if (refuseUntilLegalAccepted(portico)) return
  const connector = findConnector(portico, parameters.connectorId, parameters.namespace)
  if (!connector) {
    internal.logger.warn(
      `connect: ${parameters.connectorId} is no longer available`,
      new ConnectorNotFoundError(parameters.connectorId),
    )
    shakeModal(portico)
    return
  }
  // A mobile wallet pairs first (QR code or link); its adapters connect once the wallet approves.
  if (connector.type === 'WALLET_CONNECT') return selectMobileWallet(portico)

  const { router } = state
  if (router.route.view !== 'ConnectingExternal' || router.route.params.connectorId !== connector.id) {
    router.history.push(router.route)
    router.route = {
      view: 'ConnectingExternal',
      params: { connectorId: connector.id, namespace: connector.namespace },
    }
  }
  try {
    const { namespace } = await connect(portico, {
      connectorId: connector.id,
      namespace: connector.namespace,
    })
    showConnected(portico, namespace)
  } catch (error) {
    if (error instanceof RequestCancelledError) return
    if (error instanceof ConnectorNotFoundError) shakeModal(portico)
    // The view shows the refusal or failure from `connection.error`, with Try again.
    internal.logger.warn(`connect: ${connector.name} failed`, error)
  }
}
