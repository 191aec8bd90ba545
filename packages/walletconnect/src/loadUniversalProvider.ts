import type { UniversalProvider } from '@walletconnect/universal-provider'
import type { WalletConnectStorage } from './createMemoryStorage.js'

/** A universal-provider 2.21.8 instance. */
export type Provider = InstanceType<typeof UniversalProvider>

export interface LoadUniversalProviderParameters {
  projectId: string
  relayUrl: string
  metadata: { name: string; description: string; url: string; icons: string[] }
  storagePrefix: string
  /** Undefined lets the client use its own browser storage. */
  storage: WalletConnectStorage | undefined
  /** `false` skips Verify, a string points it at another Verify server. */
  verify: boolean | string
}

interface VerifyInternals {
  isDevEnv?: boolean
  verifyUrlV3?: string
}

/**
 * Imports and starts universal-provider. The dynamic import keeps WalletConnect's client (and its
 * crypto) out of the bundle of a site whose visitors never pick a mobile wallet.
 */
export async function loadUniversalProvider(parameters: LoadUniversalProviderParameters): Promise<Provider> {
  await provideBuffer()
  const { UniversalProvider } = await import('@walletconnect/universal-provider')
  const provider = await UniversalProvider.init({
    projectId: parameters.projectId,
    relayUrl: parameters.relayUrl,
    metadata: parameters.metadata,
    customStoragePrefix: parameters.storagePrefix,
    // Portico reports through its own logger; WalletConnect's pino output would flood the console.
    logger: 'silent',
    // Portico sends nothing to WalletConnect's analytics endpoint.
    telemetryEnabled: false,
    ...(parameters.storage ? { storage: parameters.storage } : {}),
  })
  forgetGlobalCore(provider)
  const verify = provider.client.core.verify as unknown as VerifyInternals
  // sign-client 2.21.8 has no option for Verify; its dev-mode switch is what skips the attestation
  // frame (whose unreachable host otherwise costs 5 s per proposal and request).
  if (parameters.verify === false) verify.isDevEnv = true
  else if (typeof parameters.verify === 'string') {
    verify.verifyUrlV3 = `${parameters.verify.replace(/\/$/, '')}/v3`
  }
  return provider
}

// sign-client 2.21.8 parks each client's core on globalThis by storage prefix and hands it to the
// next client made with that prefix, storage and relay socket included. Taking it off again keeps
// two services (two Portico instances, or a service made again after destroy) independent.
function forgetGlobalCore(provider: Provider) {
  const key = `_walletConnectCore_${provider.client.core.customStoragePrefix.replace(/^:/, '')}`
  const globals = globalThis as Record<string, unknown>
  if (globals[key] === provider.client.core) {
    delete globals[key]
    delete globals[`${key}_count`]
  }
}

/** Stops a client's heartbeat and relay socket, which would otherwise keep reconnecting forever. */
export async function closeProvider(provider: Provider): Promise<void> {
  provider.client.core.heartbeat.stop()
  await provider.client.core.relayer.transportClose().catch(() => undefined)
}

/**
 * WalletConnect's utilities reach for Node's global `Buffer` (sign-in while pairing encodes and
 * reads its ReCap with it), which browsers do not have. When the page has none, the `buffer`
 * package's is installed, once, as the global a WalletConnect-based dapp is expected to provide.
 */
async function provideBuffer(): Promise<void> {
  const globals = globalThis as { Buffer?: unknown }
  if (globals.Buffer !== undefined) return
  const { Buffer } = await import('buffer')
  globals.Buffer ??= Buffer
}
