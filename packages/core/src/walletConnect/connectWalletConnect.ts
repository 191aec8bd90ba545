import { cancelReconnect } from '../connection/cancelReconnect.js'
import { type ConnectErrorType, connect } from '../connection/connect.js'
import { asProviderError } from '../errors/asProviderError.js'
import {
  BaseError,
  type BaseErrorType,
  type ProviderRequestErrorType,
  type ProviderTimeoutErrorType,
  RequestCancelledError,
  type RequestCancelledErrorType,
  UserRejectedRequestError,
  type UserRejectedRequestErrorType,
} from '../errors/base.js'
import type { CaipNetworkId, ChainNamespace } from '../network/types.js'
import { type Notice, toUserMessage } from '../notices/messages.js'
import type { Portico } from '../portico.js'
import { SIWX_CHECK_TIMEOUT_MS, SiwxTimeoutError } from '../siwx/siwxTimeout.js'
import type { SiwxSession } from '../siwx/types.js'
import { withTimeout } from '../timeout.js'
import { applyBasicSession, WALLET_CONNECT_CONNECTOR_ID } from './basicMode.js'
import { isBasicWalletConnect } from './isBasicWalletConnect.js'
import type { WalletConnect, WalletConnectAuthRequest } from './types.js'

// In a module of its own so closing the modal does not load the pairing code.
export { cancelWalletConnect } from './cancelWalletConnect.js'
export { WALLET_CONNECT_CONNECTOR_ID } from './walletConnectConnectorId.js'

/** `walletConnect` is not configured, so there is no pairing with mobile wallets. */
export class WalletConnectNotConfiguredError extends BaseError {
  override name = 'WalletConnectNotConfiguredError' as const
  constructor() {
    super('Mobile wallets are not available on this site.', {
      details: 'Pass `walletConnect` to createPortico (and to the adapters) to offer them.',
    })
  }
}
export type WalletConnectNotConfiguredErrorType = WalletConnectNotConfiguredError & {
  name: 'WalletConnectNotConfiguredError'
}

/** The wallet approved a session with no account on any namespace this site has an adapter for. */
export class WalletConnectNoAccountError extends BaseError {
  override name = 'WalletConnectNoAccountError' as const
  constructor() {
    super('The wallet approved no account on the networks of this site.')
  }
}
export type WalletConnectNoAccountErrorType = WalletConnectNoAccountError & {
  name: 'WalletConnectNoAccountError'
}

function requireWalletConnect(portico: Portico): WalletConnect {
  const service = portico.config.walletConnect
  if (!service) throw new WalletConnectNotConfiguredError()
  return service
}

export type ConnectWalletConnectParameters = {
  /** The registry wallet the visitor picked; its link opens it on a phone. */
  walletId?: string
}

export type ConnectWalletConnectReturnType = {
  /** The namespaces the session connected, the active one first. */
  namespaces: ChainNamespace[]
}

/**
 * What `connectWalletConnect` rejects with: no `walletConnect` configured, the wallet refused the
 * pairing (EIP-1193 4001) or failed, a session with no usable account, the pairing abandoned
 * (`cancelWalletConnect`, a newer pairing, closing the modal), or what `connect` threw for the
 * session's accounts.
 */
export type ConnectWalletConnectErrorType =
  | WalletConnectNotConfiguredErrorType
  | WalletConnectNoAccountErrorType
  | UserRejectedRequestErrorType
  | ProviderTimeoutErrorType
  | ProviderRequestErrorType
  | RequestCancelledErrorType
  | ConnectErrorType
  | BaseErrorType

/**
 * Pairs with a mobile wallet: publishes the pairing in `walletConnect.pairing` (a new one when it
 * expires, to show as a QR code or open as a link), and once the wallet approves, connects every
 * namespace the session has accounts for through its adapter's WALLET_CONNECT connector (in basic
 * mode the session's accounts are the connection). A failure is kept in `walletConnect.error` and
 * thrown; an abandoned pairing rejects with `RequestCancelledError`. It never moves the modal: the
 * modal's `selectMobileWallet` does.
 *
 * @example
 * try {
 *   const { namespaces } = await connectWalletConnect(portico, { walletId: 'me.rainbow' })
 * } catch (e) {
 *   const error = e as ConnectWalletConnectErrorType
 *   if (error.name === 'UserRejectedRequestError') showDeclined()
 * }
 */
export async function connectWalletConnect(
  portico: Portico,
  parameters: ConnectWalletConnectParameters = {},
): Promise<ConnectWalletConnectReturnType> {
  const { state, internal } = portico
  const service = requireWalletConnect(portico)
  internal.walletConnectPairing?.abort()
  // A new session takes every namespace: stored connections still coming back must not come back over it.
  cancelReconnect(portico)
  const controller = new AbortController()
  internal.walletConnectPairing = controller
  const current = () => internal.walletConnectPairing === controller && !controller.signal.aborted
  const stillCurrent = () => {
    if (!current()) throw new RequestCancelledError()
  }

  Object.assign(state.walletConnect, {
    status: 'pairing',
    pairing: undefined,
    walletId: parameters.walletId,
    error: undefined,
  })
  internal.track({
    type: 'track',
    event: 'SELECT_WALLET',
    properties: { name: parameters.walletId ?? 'WalletConnect', platform: 'qrcode' },
  })

  const fail = (message: Notice) => {
    internal.walletConnectPairing = undefined
    Object.assign(state.walletConnect, { status: 'error', pairing: undefined, error: message })
  }
  let session: Awaited<ReturnType<WalletConnect['connect']>>
  try {
    // Written only when it applies, so a plain pairing starts without waiting.
    const authenticate = canSignInWhilePairing(portico) ? await signInWhilePairing(portico) : undefined
    stillCurrent()
    session = await service.connect({
      signal: controller.signal,
      onPairing: (pairing) => {
        if (current()) state.walletConnect.pairing = { uri: pairing.uri, expiresAt: pairing.expiresAt }
      },
      ...(authenticate ? { authenticate } : {}),
    })
  } catch (error) {
    if (!current())
      throw error instanceof RequestCancelledError ? error : new RequestCancelledError({ cause: error })
    const message: Notice =
      error instanceof UserRejectedRequestError
        ? { key: 'connectionDeclined' }
        : error instanceof BaseError
          ? toUserMessage(error)
          : { key: 'connectionFailed' }
    fail(message)
    internal.track({ type: 'track', event: 'CONNECT_ERROR', properties: { message, name: 'WalletConnect' } })
    throw asProviderError(error)
  }
  stillCurrent()
  state.walletConnect.status = 'connecting'
  // Kept before the accounts connect, so the sign-in check that follows finds them.
  if (session.signIns?.length) await keepSignIns(portico, session.signIns)
  stillCurrent()
  const connected: ChainNamespace[] = []
  let firstError: unknown
  if (isBasicWalletConnect(portico)) {
    // Basic mode: no adapter to connect through; the session's accounts are the connection.
    connected.push(...applyBasicSession(portico, session))
    if (connected.length > 0)
      internal.track({
        type: 'track',
        event: 'CONNECT_SUCCESS',
        properties: { method: 'qrcode', name: session.peer.name },
      })
  } else {
    // One session for every namespace: each adapter whose namespace the wallet approved connects
    // its WALLET_CONNECT connector, which reads the session; the active namespace goes first.
    const namespaces = [...internal.adapters.keys()].filter((namespace) =>
      session.accounts.some((account) => account.startsWith(`${namespace}:`)),
    )
    const active = state.modal.activeChain
    namespaces.sort((a, b) => Number(b === active) - Number(a === active))
    for (const namespace of namespaces as ChainNamespace[]) {
      try {
        await connect(portico, { connectorId: WALLET_CONNECT_CONNECTOR_ID, namespace })
        connected.push(namespace)
      } catch (error) {
        // One namespace that does not connect leaves the others connected; it is logged.
        internal.logger.warn(`connectWalletConnect: ${namespace} did not connect`, error)
        firstError ??= error
      }
      stillCurrent()
    }
  }
  stillCurrent()
  if (connected.length === 0) {
    const error = firstError ?? new WalletConnectNoAccountError()
    fail(state.connection.error?.message ?? { key: 'wcNoAccount' })
    throw error
  }
  internal.walletConnectPairing = undefined
  Object.assign(state.walletConnect, { status: 'idle', pairing: undefined, error: undefined })
  return { namespaces: connected }
}

// The account of a sign-in request written before the wallet is known: the wallet replaces it.
const UNKNOWN_ACCOUNT = '0x0000000000000000000000000000000000000000'

/**
 * Sign-in while pairing applies when sign-in is on and the service can (SPEC §5 leaves that to it:
 * universal-provider authentication only when every namespace it asks for is eip155).
 */
function canSignInWhilePairing(portico: Portico): boolean {
  const { config } = portico
  return config.siwx !== undefined && (config.walletConnect?.authenticationChains?.().length ?? 0) > 0
}

/**
 * The sign-in to have signed while pairing: the site's message for the active network when the
 * wallet can sign in on it (else the first it can), every such network offered. Undefined when the
 * message cannot be written in time; the visitor then signs after connecting, as with any wallet.
 */
async function signInWhilePairing(portico: Portico): Promise<WalletConnectAuthRequest | undefined> {
  const { config, state, internal } = portico
  const siwx = config.siwx
  const offered = config.walletConnect?.authenticationChains?.() ?? []
  if (!siwx || offered.length === 0) return undefined
  const namespace = state.modal.activeChain
  const active = namespace ? state.chains[namespace]?.networkState.caipNetwork?.caipNetworkId : undefined
  const first = active && offered.includes(active) ? active : offered[0]!
  const chains = [first, ...offered.filter((chain) => chain !== first)]
  try {
    const { data } = await withTimeout(
      siwx.createMessage({ chainId: first as CaipNetworkId, accountAddress: UNKNOWN_ACCOUNT }),
      SIWX_CHECK_TIMEOUT_MS,
      () => new SiwxTimeoutError('writing the message', SIWX_CHECK_TIMEOUT_MS),
    )
    return {
      chains,
      domain: data.domain,
      uri: data.uri,
      nonce: data.nonce,
      ...(data.statement !== undefined ? { statement: data.statement } : {}),
      ...(data.expirationTime !== undefined ? { expirationTime: data.expirationTime } : {}),
      ...(data.notBefore !== undefined ? { notBefore: data.notBefore } : {}),
      ...(data.requestId !== undefined ? { requestId: data.requestId } : {}),
      ...(data.resources !== undefined ? { resources: data.resources } : {}),
    }
  } catch (error) {
    internal.logger.warn(
      'connectWalletConnect: pairing without sign-in, the message could not be written',
      error,
    )
    return undefined
  }
}

/**
 * Hands the sign-ins the wallet signed while pairing to the site's sign-in storage, which verifies
 * them. One it refuses is logged and left: the visitor is then asked to sign, as with any wallet.
 */
async function keepSignIns(portico: Portico, signIns: readonly SiwxSession[]): Promise<void> {
  const { config, internal } = portico
  const siwx = config.siwx
  if (!siwx) return
  for (const signIn of signIns) {
    try {
      await withTimeout(
        siwx.addSession(signIn),
        SIWX_CHECK_TIMEOUT_MS,
        () => new SiwxTimeoutError('keeping the session', SIWX_CHECK_TIMEOUT_MS),
      )
      internal.track({
        type: 'track',
        event: 'SIWX_AUTH_SUCCESS',
        properties: { network: signIn.data.chainId, isSmartAccount: false },
      })
    } catch (error) {
      internal.logger.warn(
        'connectWalletConnect: the sign-in storage refused a sign-in made while pairing',
        error,
      )
    }
  }
}
