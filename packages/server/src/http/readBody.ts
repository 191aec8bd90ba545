import { ApiRefusal } from './apiError.js'

/**
 * Reads a request body, refusing it with 413 `PAYLOAD_TOO_LARGE` as soon as it passes `maxBytes`:
 * a declared `Content-Length` over the limit is refused before reading, and a body without one is
 * counted while it arrives, so an endless body is cut off instead of filling memory.
 */
export async function readBody(request: Request, maxBytes: number): Promise<string> {
  const tooLarge = () =>
    new ApiRefusal(
      'PAYLOAD_TOO_LARGE',
      `The request body is larger than ${maxBytes} bytes, the most this server accepts.`,
    )
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge()
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > maxBytes) {
      await reader.cancel().catch(() => {})
      throw tooLarge()
    }
    chunks.push(value)
  }
  const joined = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    joined.set(chunk, offset)
    offset += chunk.byteLength
  }
  return new TextDecoder().decode(joined)
}

/** A JSON request body (`{}` when empty), refusing invalid JSON with 400 naming `what` was sent. */
export async function readJsonBody(request: Request, maxBytes: number, what: string): Promise<unknown> {
  const text = await readBody(request, maxBytes)
  if (text.trim() === '') return {}
  try {
    return JSON.parse(text)
  } catch {
    throw new ApiRefusal('BAD_REQUEST', `The ${what} body is not valid JSON.`)
  }
}
