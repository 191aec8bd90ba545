import type { EmbeddedWallet } from '@portico/core'
import type {
  CreateEmbeddedWalletClientParameters,
  EmbeddedWalletClient,
} from './client/createEmbeddedWalletClient.js'
import type { EmbeddedWalletProvider } from './client/createEmbeddedWalletProvider.js'
import type { WalletRequests } from './client/walletRequests.js'
import { PROTOCOL_VERSION } from './protocol/version.js'

export interface CreateEmbeddedWalletOptions
  extends Omit<CreateEmbeddedWalletClientParameters, 'frameUrl' | 'projectId'> {
  /** The Portico server; the frame is served from it, on its own origin (`{apiUrl}/frame/`). */
  apiUrl: string
  projectId: string
  /** Another frame address than `{apiUrl}/frame/`. */
  frameUrl?: string
  /**
   * Where the frame shows its approval screen when no modal takes it (see `onApprovalChange`);
   * over the whole page when absent.
   */
  approvalContainer?: () => Element | undefined
}

/**
 * How long a request waits for a view to take the approval screen (`showApproval`) before the frame
 * shows it over `approvalContainer` or the page by itself: a modal that never renders must not leave
 * the visitor with a request they cannot see.
 */
export const APPROVAL_SHOW_FALLBACK_MS = 1_000

/**
 * APP_SYNC_DAPP_DATA's payload: the site's metadata, and which page speaks to the frame (the
 * protocol version stands for the SDK's: it is what the frame can act on).
 */
function dappDataOf(projectId: string) {
  return (metadata: { name: string; description?: string; url?: string; icons?: string[] }) => ({
    metadata,
    sdkType: 'portico',
    sdkVersion: PROTOCOL_VERSION,
    projectId,
  })
}

/** The embedded wallet for `createPortico({ embeddedWallet })` and `evm({ embeddedWallet })`. */
export interface PorticoEmbeddedWallet extends EmbeddedWallet {
  /** EIP-1193 provider over the frame, for the EVM adapter's AUTH connector. */
  readonly provider: EmbeddedWalletProvider
  /** The frame client, loaded and created on first use. */
  client(): Promise<EmbeddedWalletClient>
  /** Removes the frame. */
  destroy(): void
}

type Listener = (payload: never) => void

/**
 * The embedded (e-mail) wallet over its secure frame. Its code and the frame are loaded on first
 * use (the first e-mail login, or restoring an earlier one), not with the page. Requests the
 * visitor must approve show the frame, whose own screen asks; it hides again once answered.
 *
 * @example
 * const embeddedWallet = createEmbeddedWallet({ apiUrl, projectId, chainId: 1 })
 * createPortico({ networks, embeddedWallet, adapters: [evm({ embeddedWallet })] })
 */
export function createEmbeddedWallet(options: CreateEmbeddedWalletOptions): PorticoEmbeddedWallet {
  const { apiUrl, frameUrl, approvalContainer, ...rest } = options
  const dappData = dappDataOf(options.projectId)
  const listeners = new Map<string, Set<Listener>>()
  const approvalListeners = new Set<(waiting: boolean) => void>()
  // Requests waiting for the visitor's approval, and the view that shows the frame's screen for them.
  let waiting = 0
  let approvalView: Element | undefined
  // The site's metadata (syncMetadata), sent to every frame this wallet loads before its first request.
  let metadata: { name: string; description?: string; url?: string; icons?: string[] } | undefined
  let fallbackTimer: ReturnType<typeof setTimeout> | undefined
  let loading:
    | Promise<{
        client: EmbeddedWalletClient
        provider: EmbeddedWalletProvider
        needsApproval: (method: string) => boolean
        requests: WalletRequests
      }>
    | undefined

  const load = () => {
    loading ??= (async () => {
      const [{ createEmbeddedWalletClient }, { createEmbeddedWalletProvider }, rpc, { walletRequests }] =
        await Promise.all([
          import('./client/createEmbeddedWalletClient.js'),
          import('./client/createEmbeddedWalletProvider.js'),
          import('./protocol/rpc.js'),
          import('./client/walletRequests.js'),
        ])
      const client = createEmbeddedWalletClient({
        ...rest,
        frameUrl: frameUrl ?? new URL('frame/', apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`).href,
      })
      // A frame that failed to load stays failed: it is dropped, so the next use starts a new one
      // (its server may be back). Later, so its requests first fail with the load error itself.
      const attempt = loading
      client.ready().catch(() =>
        setTimeout(() => {
          if (loading !== attempt) return
          loading = undefined
          client.destroy()
        }, 0),
      )
      // Sent first: the frame takes messages in order, so no approval is described without the site's name.
      if (metadata) void client.syncDappData(dappData(metadata)).catch(() => {})
      const provider = createEmbeddedWalletProvider(client)
      for (const [event, set] of listeners) for (const listener of set) provider.on(event, listener)
      const needsApproval = (method: string) =>
        rpc.isSupportedRpcMethod(method) && !rpc.isSafeRpcMethod(method)
      return { client, provider, needsApproval, requests: walletRequests }
    })()
    return loading
  }
  const client = async () => (await load()).client
  // A method that relays one request to the frame: its code loads with the client (walletRequests).
  const relay = <K extends keyof WalletRequests>(name: K) =>
    (async (...args: unknown[]) => {
      const loaded = await load()
      return (loaded.requests[name] as (...all: unknown[]) => unknown)(loaded.client, ...args)
    }) as NonNullable<EmbeddedWallet[K]>

  const notifyApproval = (isWaiting: boolean) => {
    for (const listener of approvalListeners) {
      try {
        listener(isWaiting)
      } catch (error) {
        console.error('[portico] An approval listener threw.', error)
      }
    }
  }

  /**
   * The frame's screen is needed: an approval (`announce`: the modal is told, and shows its
   * ApproveTransaction view) or an e-mail change (the modal's view for it is on screen already).
   */
  const startApproval = (loaded: { client: EmbeddedWalletClient }, announce = true) => {
    waiting++
    if (waiting > 1) return
    if (approvalListeners.size === 0) {
      loaded.client.show(approvalContainer?.())
      return
    }
    if (announce) notifyApproval(true)
    if (approvalView) loaded.client.show(approvalView)
    else {
      fallbackTimer = setTimeout(() => {
        if (waiting > 0 && !approvalView) loaded.client.show(approvalContainer?.())
      }, APPROVAL_SHOW_FALLBACK_MS)
    }
  }

  const endApproval = (loaded: { client: EmbeddedWalletClient }, announce = true) => {
    waiting--
    if (waiting > 0) return
    clearTimeout(fallbackTimer)
    loaded.client.hide()
    if (announce && approvalListeners.size > 0) notifyApproval(false)
  }

  const provider: EmbeddedWalletProvider = {
    async request(args) {
      const loaded = await load()
      if (!loaded.needsApproval(args.method)) return loaded.provider.request(args)
      startApproval(loaded)
      try {
        return await loaded.provider.request(args)
      } finally {
        endApproval(loaded)
      }
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
      void loading?.then((loaded) => loaded.provider.on(event, listener))
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      void loading?.then((loaded) => loaded.provider.removeListener(event, listener))
    },
  }

  return {
    provider,
    client,
    destroy() {
      clearTimeout(fallbackTimer)
      void loading?.then((loaded) => loaded.client.destroy())
      loading = undefined
    },
    connectEmail: relay('connectEmail'),
    connectDevice: relay('connectDevice'),
    connectOtp: relay('connectOtp'),
    getSocialRedirectUri: relay('getSocialRedirectUri'),
    connectSocial: relay('connectSocial'),
    getUser: relay('getUser'),
    getSmartAccountEnabledNetworks: relay('getSmartAccountEnabledNetworks'),
    getFarcasterUri: relay('getFarcasterUri'),
    connectFarcaster: relay('connectFarcaster'),
    // A frame that was never loaded has nothing to drop or to sync.
    reload: async () => void (await (await loading)?.client.request('APP_RELOAD')),
    syncDappData: async (data) => (await loading)?.client.syncDappData(data),
    setPreferredAccount: relay('setPreferredAccount'),
    isConnected: relay('isConnected'),
    signOut: relay('signOut'),
    async updateEmail({ email }) {
      // The frame shows its own code screen over the view that called `showApproval` (the modal's
      // e-mail change view), like an approval: the codes are typed there, never in the page.
      const loaded = await load()
      startApproval(loaded, false)
      try {
        return await loaded.client.request('APP_UPDATE_EMAIL', { email })
      } finally {
        endApproval(loaded, false)
      }
    },
    onApprovalChange(listener) {
      approvalListeners.add(listener)
      return () => {
        approvalListeners.delete(listener)
      }
    },
    showApproval(container) {
      approvalView = container
      clearTimeout(fallbackTimer)
      if (waiting > 0) void loading?.then((loaded) => loaded.client.show(container))
    },
    hideApproval() {
      approvalView = undefined
      void loading?.then((loaded) => loaded.client.hide())
    },
    syncMetadata(next) {
      metadata = next
      if (next) void loading?.then((loaded) => loaded.client.syncDappData(dappData(next))).catch(() => {})
    },
    syncTheme({ themeMode, themeVariables }) {
      // Only what the frame's screens take (SPEC §3 Theme); the frame checks each value again and
      // keeps its own text and background colours whatever the page sends.
      const variables: { accent?: string; borderRadius?: number; fontFamily?: string } = {}
      if (themeVariables.accent) variables.accent = themeVariables.accent
      if (themeVariables.fontFamily) variables.fontFamily = themeVariables.fontFamily
      if (themeVariables.borderRadius !== undefined) variables.borderRadius = themeVariables.borderRadius
      void client().then((loaded) => loaded.syncTheme({ themeMode, themeVariables: variables }))
    },
    rejectApprovals() {
      if (waiting === 0) return
      void loading?.then((loaded) => loaded.client.rejectRpcRequests())
    },
  }
}
