// Turns an avatar source into an image the modal can show: the bytes are read with a size limit,
// and kept only when they are a raster image of the type they claim, then handed over as a data:
// URL, so what the page finally loads is exactly what was checked.

import { BaseError } from '../errors/base.js'
import type { AvatarSource } from './avatarSource.js'

/** SPEC §9 gives no avatar size: 512 KiB is several times a 400×400 photo. */
export const AVATAR_MAX_BYTES = 512 * 1024
const AVATAR_TIMEOUT_MS = 10_000

/** The avatar could not be shown; `reason` says why (the visitor sees the generated avatar). */
export class AvatarRefusedError extends BaseError {
  override name = 'AvatarRefusedError' as const
  constructor(
    readonly reason: 'tooLarge' | 'notAnImage' | 'unreachable',
    options: { details?: string; cause?: unknown } = {},
  ) {
    super('The avatar cannot be shown.', { details: options.details ?? reason, cause: options.cause })
  }
}
export type AvatarRefusedErrorType = AvatarRefusedError & { name: 'AvatarRefusedError' }

export interface LoadAvatarImageOptions {
  maxBytes?: number
  timeoutMs?: number
  /** The page's fetch by default. */
  fetch?: typeof fetch
}

/**
 * The avatar as a `data:image/…;base64` URL. Rejects with `AvatarRefusedError` when it is larger
 * than `maxBytes`, not a PNG, JPEG, GIF, WebP or AVIF image (by its bytes, not only its label), or
 * cannot be fetched in time.
 * @example
 * const image = await loadAvatarImage({ kind: 'fetch', url: 'https://example.com/a.png' })
 */
export async function loadAvatarImage(
  source: AvatarSource,
  options: LoadAvatarImageOptions = {},
): Promise<string> {
  const maxBytes = options.maxBytes ?? AVATAR_MAX_BYTES
  if (source.kind === 'data') {
    const comma = source.url.indexOf(',')
    const declared = source.url.slice('data:'.length, source.url.indexOf(';')).toLowerCase()
    const encoded = source.url.slice(comma + 1)
    if (Math.floor((encoded.length * 3) / 4) > maxBytes + 2) throw new AvatarRefusedError('tooLarge')
    let bytes: Uint8Array
    try {
      bytes = fromBase64(encoded)
    } catch (error) {
      throw new AvatarRefusedError('notAnImage', { cause: error })
    }
    if (bytes.length > maxBytes) throw new AvatarRefusedError('tooLarge')
    if (sniffImageType(bytes) !== declared) throw new AvatarRefusedError('notAnImage', { details: declared })
    return source.url
  }
  const fetcher = options.fetch ?? globalThis.fetch
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? AVATAR_TIMEOUT_MS)
  try {
    let response: Response
    try {
      response = await fetcher(source.url, {
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
        redirect: 'follow',
        signal: controller.signal,
      })
    } catch (error) {
      throw new AvatarRefusedError('unreachable', { cause: error, details: source.url })
    }
    if (!response.ok)
      throw new AvatarRefusedError('unreachable', { details: `${source.url}: ${response.status}` })
    const length = Number(response.headers.get('content-length') ?? Number.NaN)
    if (length > maxBytes) throw new AvatarRefusedError('tooLarge', { details: `${length} bytes` })
    const bytes = await readLimited(response, maxBytes, controller)
    const type = sniffImageType(bytes)
    const declared = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase()
    if (!type || (declared && declared !== type && declared !== 'application/octet-stream'))
      throw new AvatarRefusedError('notAnImage', { details: `${source.url}: ${declared || 'no type'}` })
    return `data:${type};base64,${toBase64(bytes)}`
  } finally {
    clearTimeout(timer)
  }
}

async function readLimited(
  response: Response,
  maxBytes: number,
  controller: AbortController,
): Promise<Uint8Array> {
  const reader = response.body?.getReader()
  if (!reader) return new Uint8Array(await response.arrayBuffer())
  const chunks: Uint8Array[] = []
  let total = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      total += value.length
      if (total > maxBytes) {
        controller.abort()
        throw new AvatarRefusedError('tooLarge', { details: `more than ${maxBytes} bytes` })
      }
      chunks.push(value)
    }
  } catch (error) {
    if (error instanceof AvatarRefusedError) throw error
    throw new AvatarRefusedError('unreachable', { cause: error })
  }
  const bytes = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.length
  }
  return bytes
}

/** The image type its first bytes say, among the raster types an avatar may have. */
export function sniffImageType(bytes: Uint8Array): string | undefined {
  const starts = (signature: readonly number[], at = 0) =>
    signature.every((byte, index) => bytes[at + index] === byte)
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (starts([0x47, 0x49, 0x46, 0x38])) return 'image/gif'
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp'
  if (starts([0x66, 0x74, 0x79, 0x70, 0x61, 0x76, 0x69, 0x66], 4)) return 'image/avif'
  return undefined
}

function fromBase64(encoded: string): Uint8Array {
  const binary = atob(encoded)
  const bytes = new Uint8Array(binary.length)
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index)
  return bytes
}

function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let index = 0; index < bytes.length; index += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000))
  return btoa(binary)
}
