import { ApiRefusal } from './apiError.js'
import { findUnstorableText } from './storableText.js'

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

/** Refuses a parsed body holding text the database cannot store (see `storableText.ts`). */
export function refuseUnstorableText(value: unknown, what: string): void {
  const where = findUnstorableText(value)
  if (where === undefined) return
  throw new ApiRefusal(
    'BAD_REQUEST',
    `The ${what} body is not valid: ${where} holds a NUL character or an unpaired UTF-16 surrogate, which no field accepts.`,
  )
}

/**
 * A JSON request body (`{}` when empty), refusing invalid JSON, and text no field can hold, with
 * 400 naming `what` was sent.
 */
export async function readJsonBody(request: Request, maxBytes: number, what: string): Promise<unknown> {
  const text = await readBody(request, maxBytes)
  if (text.trim() === '') return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new ApiRefusal('BAD_REQUEST', `The ${what} body is not valid JSON.`)
  }
  refuseUnstorableText(parsed, what)
  return parsed
}

/** A body schema, as zod's `safeParse` answers. */
export interface BodySchema<T> {
  safeParse(
    input: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } }
}

/**
 * A JSON request body checked by `schema` (see `readJsonBody`), refusing one that does not fit with
 * 400 naming `what` was sent and its first wrong field.
 */
export async function parseJsonBody<T>(
  request: Request,
  maxBytes: number,
  schema: BodySchema<T>,
  what: string,
): Promise<T> {
  const parsed = schema.safeParse(await readJsonBody(request, maxBytes, what))
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const where = issue?.path.length ? issue.path.map(String).join('.') : 'body'
  throw new ApiRefusal(
    'BAD_REQUEST',
    `The ${what} body is not valid: ${where}: ${issue?.message ?? 'invalid'}.`,
  )
}
