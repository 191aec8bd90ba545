/**
 * A phone beside a QR code: Portico's own picture for the WALLET_CONNECT connector every adapter
 * offers (not a vendor's logo), so the row looks the same in each namespace.
 */
export const WALLET_CONNECT_ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="#3b5bdb"/><rect x="9" y="8" width="13" height="24" rx="3" fill="none" stroke="#fff" stroke-width="2.2"/><path d="M14 28h3" stroke="#fff" stroke-width="2.2" stroke-linecap="round"/><path fill="#fff" d="M25 12h6v6h-6zm0 10h2.5v2.5H25zm3.5 3.5H31V28h-2.5zM25 28h2.5v2.5H25zm3.5-6H31v2.5h-2.5z"/></svg>',
)}`
