import { clearEmailLoginCache } from '../email/clearEmailLoginCache.js'
import { EMBEDDED_WALLET_CONNECTOR_ID } from '../email/embeddedWalletConnectorId.js'
import { ProviderTimeoutError } from '../errors/base.js'
import type { CaipAddress, ChainNamespace } from '../network/types.js'
import type { Portico } from '../portico.js'
import { splitSiwxAccount } from '../siwx/siwxAccount.js'
import { SIWX_CHECK_TIMEOUT_MS, SiwxTimeoutError } from '../siwx/siwxTimeout.js'
import { withTimeout } from '../timeout.js'
import { isBasicWalletConnect } from '../walletConnect/isBasicWalletConnect.js'
import { WALLET_CONNECT_CONNECTOR_ID } from '../walletConnect/walletConnectConnectorId.js'
import { cancelReconnect } from './cancelReconnect.js'
import { clearConnection } from './clearConnection.js'

export type DisconnectParameters = { namespace?: ChainNamespace }
export type DisconnectReturnType = { failures: { namespace: ChainNamespace; error: unknown }[] }
/** `disconnect` never rejects: a namespace whose wallet failed to disconnect is in `failures`. */
export type DisconnectErrorType = never

/** Connectors that hold several namespaces in one session: disconnecting one ends all (SPEC §4). */
const SHARED_SESSION_TYPES = new Set(['WALLET_CONNECT', 'AUTH'])

/** Signs the account out when sign-in says so (`signOutOnDisconnect`, on by default); never throws. */
async function signOutSiwx(portico: Portico, caipAddress: CaipAddress | undefined): Promise<void> {
  const siwx = portico.config.siwx
  if (!siwx || siwx.signOutOnDisconnect === false || !caipAddress) return
  const { chainId, address } = splitSiwxAccount(caipAddress)
  try {
    await withTimeout(
      siwx.revokeSession(chainId, address),
      SIWX_CHECK_TIMEOUT_MS,
      () => new SiwxTimeoutError('signing out', SIWX_CHECK_TIMEOUT_MS),
    )
  } catch (error) {
    portico.internal.logger.error(`sign-in: signing ${caipAddress} out failed`, error)
  }
}

/**
 * Disconnects one namespace, or every connected one. A failure in one namespace does not stop the
 * others; failures are collected, logged and returned (SPEC §4). State is cleared either way.
 * With sign-in configured, the accounts are signed out too (unless `signOutOnDisconnect` is false).
 *
 * @example
 * const { failures } = await disconnect(portico)
 */
export async function disconnect(
  portico: Portico,
  parameters: DisconnectParameters = {},
): Promise<DisconnectReturnType> {
  const { state, internal } = portico
  // A connection of the last visit still coming back is given up and forgotten too: the visitor
  // asked to leave, so its late answer must not connect them again.
  const coming = (Object.keys(state.chains) as ChainNamespace[]).filter(
    (namespace) =>
      state.chains[namespace]?.accountState.status === 'reconnecting' &&
      (!parameters.namespace || namespace === parameters.namespace),
  )
  if (coming.length > 0) {
    const stored = internal.storage.get('connections') ?? {}
    cancelReconnect(portico, { namespaces: coming })
    for (const namespace of coming) {
      if (stored[namespace]?.connectorId === EMBEDDED_WALLET_CONNECTOR_ID) clearEmailLoginCache(portico)
      clearConnection(portico, namespace)
    }
  }
  const connected = (Object.keys(state.chains) as ChainNamespace[]).filter(
    (namespace) => state.chains[namespace]?.accountState.status === 'connected',
  )
  let targets = parameters.namespace
    ? connected.filter((namespace) => namespace === parameters.namespace)
    : connected
  for (const namespace of [...targets]) {
    const chain = state.chains[namespace]
    const type = chain?.accountState.connectedWalletInfo?.type
    if (type && SHARED_SESSION_TYPES.has(type))
      targets = [
        ...new Set([
          ...targets,
          ...connected.filter((other) => state.chains[other]?.connectorId === chain?.connectorId),
        ]),
      ]
  }

  // SPEC §4: the e-mail login cache goes with the embedded wallet's connection.
  const leavesEmbeddedWallet = targets.some(
    (namespace) => state.chains[namespace]?.accountState.connectedWalletInfo?.type === 'AUTH',
  )
  const failures: DisconnectReturnType['failures'] = []
  // Basic WalletConnect mode has no adapter to end the session: core ends it, once for all namespaces.
  if (
    isBasicWalletConnect(portico) &&
    targets.some((namespace) => state.chains[namespace]?.connectorId === WALLET_CONNECT_CONNECTOR_ID)
  ) {
    try {
      await portico.config.walletConnect?.disconnect()
    } catch (error) {
      failures.push({ namespace: targets[0]!, error })
      internal.logger.error('disconnect: the WalletConnect session did not end', error)
    }
  }
  await Promise.all(
    targets.map(async (namespace) => {
      const connectorId = state.chains[namespace]?.connectorId
      const adapter = internal.adapters.get(namespace)
      const signOut = signOutSiwx(portico, state.chains[namespace]?.accountState.caipAddress)
      try {
        if (adapter && connectorId) await adapter.disconnect({ connectorId })
      } catch (error) {
        failures.push({ namespace, error })
        internal.logger.error(`disconnect: ${namespace} failed`, error)
      }
      await signOut
      clearConnection(portico, namespace)
    }),
  )
  if (leavesEmbeddedWallet) {
    clearEmailLoginCache(portico)
    // The frame's session ends too, so the next e-mail login asks for a code again.
    const embedded = portico.config.embeddedWallet
    if (embedded)
      await withTimeout(
        embedded.signOut(),
        SIWX_CHECK_TIMEOUT_MS,
        () => new ProviderTimeoutError({ timeoutMs: SIWX_CHECK_TIMEOUT_MS }),
      ).catch((error: unknown) =>
        internal.logger.error('disconnect: the embedded wallet did not sign out', error),
      )
  }
  internal.track({
    type: 'track',
    event: failures.length ? 'DISCONNECT_ERROR' : 'DISCONNECT_SUCCESS',
    properties: { namespaces: targets },
  })
  return { failures }
}
