import { apiErrorCheck } from '../api/answerChecks.js'
import type { AnalyticsEvent, Portico } from '../portico.js'
import { reportDomainEvent } from '../reportDomainEvent.js'

/** Events are sent together at most once a second (SPEC §9 time constants). */
export const ANALYTICS_FLUSH_MS = 1_000
/** SPEC §9: HTTP requests give up after 10 s. */
export const ANALYTICS_TIMEOUT_MS = 10_000
/** Events past this count wait for the next flush. */
export const ANALYTICS_MAX_BATCH = 50
/** SPEC §7: MODAL_CREATED is never sent. */
const NEVER_SENT = new Set(['MODAL_CREATED'])

/** One event as SPEC §7 describes the body of `POST /e`. */
export interface AnalyticsPayload {
  eventId: string
  url: string
  domain: string
  timestamp: number
  props: Record<string, unknown> & { type: string; event: string; address?: string }
}

/**
 * Returns the instance's `track`. Events are queued and posted as a JSON array of SPEC §7 event
 * bodies to `{apiUrl}/e?projectId&st&sv`, off the UI path; nothing is sent unless the analytics
 * feature is on and a server is configured. A 403 shows 'Invalid App Configuration' once.
 */
export function createAnalytics(portico: Portico): (event: AnalyticsEvent) => void {
  const { options, internal } = portico
  const { apiUrl, projectId } = options
  if (!options.features.analytics || !apiUrl || !projectId || !internal.isBrowser) return () => {}
  const endpoint = new URL('/e', apiUrl)
  endpoint.searchParams.set('projectId', projectId)
  endpoint.searchParams.set('st', options.sdkType)
  endpoint.searchParams.set('sv', options.sdkVersion)

  let queue: AnalyticsPayload[] = []
  let timer: ReturnType<typeof setTimeout> | undefined

  const flush = () => {
    timer = undefined
    const batch = queue.slice(0, ANALYTICS_MAX_BATCH)
    queue = queue.slice(ANALYTICS_MAX_BATCH)
    if (queue.length > 0) timer = setTimeout(flush, ANALYTICS_FLUSH_MS)
    if (batch.length === 0) return
    const controller = new AbortController()
    const giveUp = setTimeout(() => controller.abort(), ANALYTICS_TIMEOUT_MS)
    fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(batch),
      keepalive: true,
      signal: controller.signal,
    })
      .then(async (response) => {
        if (response.status !== 403) return
        // SPEC §8: an analytics 403 shows 'Invalid App Configuration', once per instance (shared
        // with every other server call through the serverRefused event).
        const refusal = apiErrorCheck.safeParse(await response.json().catch(() => undefined))
        const apiCode = refusal.success ? refusal.data.error.code : 'ORIGIN_NOT_ALLOWED'
        reportDomainEvent(portico, { type: 'serverRefused', apiCode, status: 403 })
      })
      .catch((error: unknown) => internal.logger.debug('analytics: send failed', error))
      .finally(() => clearTimeout(giveUp))
  }

  const onPageHide = () => {
    clearTimeout(timer)
    flush()
  }
  window.addEventListener('pagehide', onPageHide)
  internal.cleanups.push(() => {
    window.removeEventListener('pagehide', onPageHide)
    clearTimeout(timer)
  })

  return (event) => {
    if (NEVER_SENT.has(event.event)) return
    const chain = portico.state.modal.activeChain && portico.state.chains[portico.state.modal.activeChain]
    const address = chain?.accountState.address
    queue.push({
      eventId: crypto.randomUUID(),
      url: window.location.href,
      domain: window.location.hostname,
      timestamp: Date.now(),
      props: { ...event.properties, type: event.type, event: event.event, ...(address ? { address } : {}) },
    })
    timer ??= setTimeout(flush, ANALYTICS_FLUSH_MS)
  }
}
