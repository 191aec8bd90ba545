import type { ChainNamespace, WalletConnectEvent, WalletConnectNamespaceRequest } from '@portico/core'
import { authenticationChainsOf } from './authenticationChains.js'
import type { CreateWalletConnectParameters, WalletConnectService } from './createWalletConnectParameters.js'

/**
 * Creates the WalletConnect service behind Portico's mobile wallets (core's `WalletConnect`). This
 * part is small and is all a page downloads up front: the service's code, and the WalletConnect
 * client after it, are loaded when a pairing starts or a stored session is restored.
 *
 * @example
 * const walletConnect = createWalletConnect({
 *   projectId: 'my-project',
 *   metadata: { name: 'My dapp', description: 'Swaps', url: 'https://dapp.example', icons: [] },
 * })
 * const portico = createPortico({ networks, adapters: [evm({ walletConnect })], walletConnect })
 */
export function createWalletConnect(parameters: CreateWalletConnectParameters): WalletConnectService {
  const registered: [ChainNamespace, WalletConnectNamespaceRequest][] = []
  const listeners = new Set<(event: WalletConnectEvent) => void>()
  let loading: Promise<WalletConnectService> | undefined
  let loaded: WalletConnectService | undefined

  const load = () => {
    loading ??= import('./walletConnectService.js').then(
      ({ createWalletConnectService }) => {
        const service = createWalletConnectService(parameters)
        for (const [namespace, request] of registered) service.registerNamespace(namespace, request)
        service.subscribe((event) => {
          for (const listener of [...listeners]) {
            try {
              listener(event)
            } catch (error) {
              parameters.logger?.error('A WalletConnect listener threw', error)
            }
          }
        })
        loaded = service
        return service
      },
      (error: unknown) => {
        // A failed download (offline, a new deploy) is tried again on the next use.
        loading = undefined
        throw error
      },
    )
    return loading
  }

  return {
    registerNamespace(namespace, request) {
      registered.push([namespace, request])
      loaded?.registerNamespace(namespace, request)
    },
    // Known before anything loads: the rule depends only on what was registered.
    authenticationChains: () => authenticationChainsOf(registered),
    connect: async (connectParameters) => (await load()).connect(connectParameters),
    reconnect: async () => (await load()).reconnect(),
    getSession: () => loaded?.getSession(),
    request: async (requestParameters) => (await load()).request(requestParameters),
    async disconnect() {
      // Nothing was loaded, so there is no session to end.
      if (loading) await (await load()).disconnect()
    },
    async destroy() {
      listeners.clear()
      if (loading) await (await loading.catch(() => undefined))?.destroy()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}
