import type * as z from 'zod/mini'
import { InvalidFrameMessageError } from './errors.js'
import {
  APP_MESSAGE_TYPES,
  type AppMessage,
  appMessageSchema,
  FRAME_ERROR_TYPE,
  type FrameMessage,
  frameErrorReplySchema,
  frameEventSchema,
  frameReplySchema,
  replyTypeOf,
} from './messages.js'

// Replies to the requests this side knows are checked against their own schema, so a malformed
// reply to a known request is still refused and named.
const KNOWN_REPLY_TYPES: ReadonlySet<string> = new Set(
  APP_MESSAGE_TYPES.flatMap((type) => [replyTypeOf(type, 'SUCCESS'), replyTypeOf(type, 'ERROR')]),
)

function readString(data: unknown, key: 'id' | 'type'): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const value = (data as Record<string, unknown>)[key]
  return typeof value === 'string' ? value : undefined
}

function readAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined
    value = (value as Record<PropertyKey, unknown>)[key]
  }
  return value
}

function toError(data: unknown, issues: readonly z.core.$ZodIssue[]): InvalidFrameMessageError {
  const issue = issues[0]
  const path = issue?.path ?? []
  let reason = issue?.message && issue.message !== 'Invalid input' ? issue.message : 'is invalid'
  if (issue?.code === 'unrecognized_keys') reason = `has unknown keys ${issue.keys.join(', ')}`
  else if (issue?.code === 'invalid_union' && path.length > 0) reason = 'is not a known value'
  else if (issue?.code === 'invalid_type')
    reason =
      issue.expected === 'nonoptional' || readAt(data, path) === undefined
        ? 'is missing'
        : `should be ${issue.expected}`
  const messageId = readString(data, 'id')
  const messageType = readString(data, 'type')
  return new InvalidFrameMessageError({
    field: path.length > 0 ? path.map(String).join('.') : 'message',
    reason,
    ...(messageId ? { messageId } : {}),
    ...(messageType ? { messageType } : {}),
    cause: issues,
  })
}

/**
 * Checks a message the frame received from the page; returns it typed or throws
 * `InvalidFrameMessageError` naming the first wrong field.
 */
export function parseAppMessage(data: unknown): AppMessage {
  const result = appMessageSchema.safeParse(data)
  if (!result.success) throw toError(data, result.error.issues)
  return result.data
}

/**
 * Checks a message the page received from the frame (a reply or an unsolicited event); returns it
 * typed or throws `InvalidFrameMessageError` naming the first wrong field.
 */
export function parseFrameMessage(data: unknown): FrameMessage {
  const type = readString(data, 'type')
  const schema =
    type === 'FRAME_READY' || type === 'FRAME_SESSION_UPDATE'
      ? frameEventSchema
      : type !== undefined && FRAME_ERROR_TYPE.test(type) && !KNOWN_REPLY_TYPES.has(type)
        ? frameErrorReplySchema
        : frameReplySchema
  const result = (schema as z.ZodMiniType<FrameMessage>).safeParse(data)
  if (!result.success) throw toError(data, result.error.issues)
  return result.data
}
