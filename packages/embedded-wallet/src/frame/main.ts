// The frame's DOM entry: wires the handlers to the embedding page and the frame's own screens.
import { isCompatibleVersion, MESSAGE_MARKER, PROTOCOL_VERSION } from '../protocol/index.js'
import { createApprovalQueue } from './approvals.js'
import { createApprovalView } from './approvalView.js'
import { createAuthApi } from './authApi.js'
import type { FrameChainId } from './chains.js'
import { createEmailChangeView } from './emailChangeView.js'
import { frameStorage } from './frameStorage.js'
import { applyFrameTheme, readFrameTheme } from './frameTheme.js'
import { createFrameHandlers, type FrameLogger, type FrameTheme, THEME_STORAGE_KEY } from './handlers.js'
import { createParentChannel } from './parentChannel.js'

function parseChainId(value: string | null): FrameChainId {
  if (value === null || value === '') return 1
  return /^\d+$/.test(value) ? Number(value) : value
}

function parentOriginHint(): string | undefined {
  const ancestor = window.location.ancestorOrigins?.[0]
  if (ancestor) return ancestor
  try {
    return document.referrer ? new URL(document.referrer).origin : undefined
  } catch {
    return undefined
  }
}

function showNote(text: string): void {
  const note = document.createElement('p')
  note.className = 'portico-frame-note'
  note.textContent = text
  document.body.replaceChildren(note)
}

/** Shown inside a modal's view (`#inline`, set by the page) or over the whole page. */
function applyLayout(): void {
  document.documentElement.dataset.layout = window.location.hash === '#inline' ? 'inline' : 'overlay'
}

async function start(): Promise<void> {
  applyLayout()
  window.addEventListener('hashchange', applyLayout)
  const params = new URLSearchParams(window.location.search)
  const projectId = params.get('projectId')
  const pageVersion = params.get('version')
  const silent: FrameLogger = { warn: () => undefined }
  const logger: FrameLogger =
    params.get('enableLogger') === 'true'
      ? { warn: (message, detail) => console.warn(`[portico frame] ${message}`, detail ?? '') }
      : silent

  if (window.parent === window) {
    showNote("This is Portico's embedded wallet. It works inside a site that uses Portico.")
    return
  }
  if (!projectId) {
    logger.warn('The frame URL has no projectId.')
    return
  }
  // The page refuses an incompatible frame after FRAME_READY; the log helps whoever debugs that.
  if (pageVersion && !isCompatibleVersion(pageVersion, PROTOCOL_VERSION)) {
    logger.warn(`Loaded by a page speaking protocol ${pageVersion}; the frame speaks ${PROTOCOL_VERSION}.`)
  }

  const storage = frameStorage(window)
  const api = createAuthApi({ origin: window.location.origin, projectId, storage })
  const { allowedOrigins, smartAccountEnabledNetworks, sponsoredNetworks } = await api.frameConfig()

  const root = document.getElementById('approval')
  if (!root) throw new Error('The frame page has no #approval element.')
  const queue = createApprovalQueue()
  const view = createApprovalView({ root, queue })
  const emailRoot = document.getElementById('account-change')
  if (!emailRoot) throw new Error('The frame page has no #account-change element.')
  const emailChange = createEmailChangeView({ root: emailRoot })
  // Every theme, the saved one too, goes through the same checks before it reaches the CSS.
  const setTheme = (theme: FrameTheme) =>
    applyFrameTheme(document.documentElement, readFrameTheme(theme).settings)
  setTheme({ themeMode: 'dark' })
  const savedTheme = storage.getItem(THEME_STORAGE_KEY)
  if (savedTheme) {
    try {
      setTheme(JSON.parse(savedTheme) as FrameTheme)
    } catch {
      storage.removeItem(THEME_STORAGE_KEY)
    }
  }

  const origin = window.location.origin
  const rpcUrl = (caipNetworkId: string) =>
    `${origin}/v1/?chainId=${encodeURIComponent(caipNetworkId)}&projectId=${encodeURIComponent(projectId)}`
  // The server's RPC proxy also carries the chain's bundler (eth_*UserOperation*) and, where the
  // site pays the fees, its paymaster (ERC-7677 pm_*): one endpoint per chain, same project rules.
  const smartChains = (smartAccountEnabledNetworks ?? []).flatMap((caip) => {
    const id = /^eip155:(\d{1,16})$/.exec(caip)?.[1]
    return id === undefined ? [] : [Number(id)]
  })
  const handlers = createFrameHandlers({
    api,
    storage,
    chainId: parseChainId(params.get('chainId')),
    rpcUrl,
    async portfolio(address, caipNetworkId) {
      const url = new URL(`/v1/account/${address}/balance`, origin)
      url.searchParams.set('projectId', projectId)
      url.searchParams.set('chainId', caipNetworkId)
      const response = await fetch(url)
      if (!response.ok)
        throw new Error(`The portfolio of ${caipNetworkId} is unavailable (${response.status}).`)
      return response.json()
    },
    ...(smartChains.length > 0
      ? {
          smartAccount: {
            enabledChainIds: async () => smartChains,
            bundlerUrl: rpcUrl,
            paymasterUrl: (caip: string) => (sponsoredNetworks?.includes(caip) ? rpcUrl(caip) : undefined),
          },
        }
      : {}),
    ui: {
      requestApproval: (request) => queue.request(request),
      changeEmail: (flow) => emailChange.run(flow),
      cancelApprovals: () => {
        queue.rejectAll()
        emailChange.cancel()
      },
      syncTheme: setTheme,
      syncDappData: (data) => view.setDappData(data),
      reload: () => window.location.reload(),
    },
    emit: (event) => channel.post(event),
    parentOrigin: () => channel.parentOrigin(),
    logger,
  })

  const channel = createParentChannel({
    self: window,
    parent: window.parent,
    allowedOrigins,
    parentOriginHint: parentOriginHint(),
    logger,
    onMessage: (data) => {
      void handlers.handle(data).then((reply) => {
        if (reply) channel.post(reply)
      })
    },
  })

  channel.announce({
    portico: MESSAGE_MARKER,
    version: PROTOCOL_VERSION,
    type: 'FRAME_READY',
    payload: { version: PROTOCOL_VERSION },
  })
}

start().catch((error: unknown) => {
  // Without FRAME_READY the page reports 'Unable to load email login dependency' (SPEC §8).
  console.error('[portico frame] The embedded wallet could not start.', error)
})
