import { showConnected } from '../../connection/modal/showConnected.js'
import { RequestCancelledError } from '../../errors/base.js'
import { navigate } from '../../modal/navigate.js'
import type { Portico } from '../../portico.js'
import { connectFarcaster } from '../connectFarcaster.js'

/**
 * The Farcaster entry of Connect (SPEC §2 ConnectingFarcaster): shows the view, whose QR code and
 * link come with the channel, and waits for the Farcaster app; once connected, Account (or
 * UnsupportedChain) like any connection. An expired link or a refusal stays on the view with a way
 * to try again (call this again from it). Never rejects: the outcome is on screen and in the log.
 *
 * @example
 * void startFarcasterLogin(portico)
 */
export async function startFarcasterLogin(portico: Portico): Promise<void> {
  if (portico.state.router.route.view !== 'ConnectingFarcaster') {
    navigate(portico, { view: 'ConnectingFarcaster' })
  }
  try {
    const { namespace } = await connectFarcaster(portico)
    showConnected(portico, namespace)
  } catch (error) {
    if (error instanceof RequestCancelledError) return
    portico.internal.logger.debug('Farcaster login: ended without a connection', error)
  }
}
