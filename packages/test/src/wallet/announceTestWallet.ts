export interface TestWalletInfo {
  name: string
  /** Reverse-domain id, e.g. `dev.portico.wallet`. */
  rdns: string
  /** A fresh v4 UUID when omitted. */
  uuid?: string
  /** A data URI or https URL. */
  icon: string
}

export interface AnnounceOptions {
  /** Where the events are dispatched and listened to; `window` by default. */
  target?: EventTarget
}

/**
 * Announces a provider the EIP-6963 way: now, and again on every `eip6963:requestProvider`.
 * Returns a function that stops answering requests.
 * @example
 * const unannounce = announceTestWallet(wallet, { name: 'Portico Dev Wallet', rdns: 'dev.portico.wallet', icon })
 */
export function announceTestWallet(
  provider: unknown,
  info: TestWalletInfo,
  options: AnnounceOptions = {},
): () => void {
  const target = options.target ?? (globalThis as unknown as { window?: EventTarget }).window
  if (!target) throw new Error('announceTestWallet needs a window (or an explicit target).')
  const detail = Object.freeze({
    info: Object.freeze({
      uuid: info.uuid ?? randomUuid(),
      name: info.name,
      icon: info.icon,
      rdns: info.rdns,
    }),
    provider,
  })
  const announce = () => target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  target.addEventListener('eip6963:requestProvider', announce)
  announce()
  return () => target.removeEventListener('eip6963:requestProvider', announce)
}

// crypto.randomUUID exists only in secure contexts; a test page may be served from a plain host.
function randomUuid(): string {
  if (typeof globalThis.crypto?.randomUUID === 'function') return globalThis.crypto.randomUUID()
  const bytes = new Uint8Array(16)
  globalThis.crypto.getRandomValues(bytes)
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
