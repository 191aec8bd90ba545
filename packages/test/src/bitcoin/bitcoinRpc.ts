/** A JSON-RPC refusal from the node, with Bitcoin Core's code (-26 rejected, -25 missing inputs, …). */
export class BitcoinNodeRpcError extends Error {
  override readonly name = 'BitcoinNodeRpcError' as const
  readonly method: string
  readonly code: number
  readonly reason: string
  constructor(method: string, code: number, reason: string) {
    super(`${method} failed: ${reason} (${code})`)
    this.method = method
    this.code = code
    this.reason = reason
  }
}

/**
 * Calls the test node's JSON-RPC over HTTP (bcoin serves it on its REST port), so a test in another
 * process than the node's (Playwright's workers) can mine or broadcast. Times out after 10 s.
 */
export async function bitcoinRpc<T = unknown>(
  url: string,
  method: string,
  params: unknown[] = [],
): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method, params, id: 1 }),
    signal: AbortSignal.timeout(10_000),
  })
  const body = (await response.json()) as { result?: T; error?: { code: number; message: string } | null }
  if (body.error) throw new BitcoinNodeRpcError(method, body.error.code, body.error.message)
  return body.result as T
}

/** The address `mineBitcoinBlocks` pays by default: a key no test wallet holds (test key 998). */
export const BITCOIN_BURN_ADDRESS = 'bcrt1qxesr08repa4fnjdhr8cu454w8spn6yhyucmese'

/** Mines `n` blocks on the node at `url` (e.g. to confirm a payment in an end-to-end test). */
export function mineBitcoinBlocks(url: string, n = 1, address = BITCOIN_BURN_ADDRESS): Promise<string[]> {
  return bitcoinRpc<string[]>(url, 'generatetoaddress', [n, address])
}
