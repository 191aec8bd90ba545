// Apart from callWallet.ts: only the lazy send and WalletConnect code needs it, not the entry.

// EIP-1193's 4200 (unsupported method), JSON-RPC's -32601 (method not found), WalletConnect's 5101
// (unsupported methods): the wallet does not offer the request at all, as opposed to declining it.
const UNSUPPORTED_CODES = new Set([4200, -32601, 5101])
// sign-client refuses a method the session did not approve before sending it: "Missing or invalid.
// request() method: signPsbt".
const UNSUPPORTED_TEXT = /request\(\) method|unsupported method|method not (found|supported)/i

/** Whether a wallet's error (or one it wraps) says it does not offer the method. */
export function isUnsupportedMethod(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    if (typeof current !== 'object') return typeof current === 'string' && UNSUPPORTED_TEXT.test(current)
    const { code, message, details, cause } = current as Record<string, unknown>
    if (typeof code === 'number' && UNSUPPORTED_CODES.has(code)) return true
    for (const text of [message, details])
      if (typeof text === 'string' && UNSUPPORTED_TEXT.test(text)) return true
    current = cause
  }
  return false
}
