import { connect } from '../connection/connect.js'
import {
  EMBEDDED_WALLET_CONNECTOR_ID,
  emailLoginMessage,
  requireEmbeddedWallet,
} from '../email/connectEmail.js'
import { BaseError, RequestCancelledError } from '../errors/base.js'
import type { ChainNamespace } from '../network/types.js'
import type { Portico } from '../portico.js'
import { keepSocialImage } from '../social/socialImage.js'
import { socialLoginState } from '../social/socialLoginState.js'
import { farcasterLoginState } from './farcasterLoginState.js'

/** The embedded wallet in use cannot sign in with Farcaster (it predates it). */
export class FarcasterLoginUnsupportedError extends BaseError {
  override name = 'FarcasterLoginUnsupportedError' as const
  constructor() {
    super('This embedded wallet does not offer Sign In With Farcaster.')
  }
}
export type FarcasterLoginUnsupportedErrorType = FarcasterLoginUnsupportedError & {
  name: 'FarcasterLoginUnsupportedError'
}

/** The sign-in link expired before the Farcaster app answered. */
export class FarcasterLinkExpiredError extends BaseError {
  override name = 'FarcasterLinkExpiredError' as const
  constructor() {
    super('The Farcaster sign-in link expired before it was approved.')
  }
}
export type FarcasterLinkExpiredErrorType = FarcasterLinkExpiredError & { name: 'FarcasterLinkExpiredError' }

/** The social provider a Farcaster login is known by (SPEC §1 lists farcaster among the social logins). */
export const FARCASTER_PROVIDER = 'farcaster'

export type ConnectFarcasterReturnType = { namespace: ChainNamespace; address: string }

/**
 * Signs in with Farcaster through the embedded wallet (SPEC §1, §2 ConnectingFarcaster): asks the
 * frame for the sign-in link (`farcasterLogin.url`, shown as a QR code), waits while the Farcaster
 * app answers (each wait bounded; asked again until the link expires), then connects the fid's
 * embedded wallet like an e-mail login's. The server verified the signature; core never sees it.
 * Throws `FarcasterLinkExpiredError` when the link ran out, the frame's refusal (another fid, an
 * expired channel), or `RequestCancelledError` when the visitor left (`leaveFarcasterLogin`).
 *
 * @example
 * const { address } = await connectFarcaster(portico)
 */
export async function connectFarcaster(
  portico: Portico,
  { now = Date.now }: { now?: () => number } = {},
): Promise<ConnectFarcasterReturnType> {
  const { state, internal } = portico
  const service = requireEmbeddedWallet(portico)
  const login = farcasterLoginState(portico)
  if (!service.getFarcasterUri || !service.connectFarcaster) throw new FarcasterLoginUnsupportedError()
  internal.farcasterLoginAttempt = (internal.farcasterLoginAttempt ?? 0) + 1
  const attempt = internal.farcasterLoginAttempt
  const stillCurrent = (cause?: unknown) => {
    if (attempt !== internal.farcasterLoginAttempt) throw new RequestCancelledError({ cause })
  }
  Object.assign(login, { status: 'opening', url: undefined, expiresAt: undefined, error: undefined })
  try {
    const { url, expiresAt } = await service.getFarcasterUri()
    stillCurrent()
    Object.assign(login, { status: 'waiting', url, expiresAt })
    for (;;) {
      const { action } = await service.connectFarcaster()
      stillCurrent()
      if (action === 'CONNECTED') break
      if (expiresAt !== undefined && now() >= expiresAt) throw new FarcasterLinkExpiredError()
    }
    login.status = 'connecting'
    const active = state.modal.activeChain
    const offersActive =
      active !== undefined &&
      state.connectors.byNamespace[active]?.some((connector) => connector.id === EMBEDDED_WALLET_CONNECTOR_ID)
    const connected = await connect(portico, {
      connectorId: EMBEDDED_WALLET_CONNECTOR_ID,
      ...(offersActive ? { namespace: active } : {}),
    })
    stillCurrent()
    // The username and picture are display data the server passed on from the relay.
    const user = await service.getUser({}).catch(() => undefined)
    Object.assign(login, { status: 'idle', url: undefined, expiresAt: undefined })
    // Farcaster is one of the social logins (SPEC §1): its username and provider are kept as theirs are.
    Object.assign(socialLoginState(portico), {
      accountUsername: user?.userName,
      accountProvider: FARCASTER_PROVIDER,
    })
    for (const chain of Object.values(state.chains)) {
      if (chain) chain.accountState.socialProvider = FARCASTER_PROVIDER
    }
    internal.storage.set('socialProvider', FARCASTER_PROVIDER)
    if (user?.userName) internal.storage.set('socialUsername', user.userName)
    else internal.storage.remove('socialUsername')
    keepSocialImage(portico, user?.profileImage)
    return connected
  } catch (error) {
    if (error instanceof RequestCancelledError) throw error
    stillCurrent(error)
    if (error instanceof FarcasterLinkExpiredError || isExpiredRefusal(error)) {
      Object.assign(login, { status: 'expired', url: undefined, error: undefined })
    } else {
      Object.assign(login, { status: 'error', error: emailLoginMessage(error) })
    }
    throw error
  }
}

/** The frame passes the server's refusal on: an expired channel reads as the link's expiry. */
function isExpiredRefusal(error: unknown): boolean {
  return error instanceof Error && /expired before it was approved/.test(error.message)
}
