/**
 * Opaque cursors for keyset pages of one account's rows on one chain (history, NFTs). A cursor
 * holds the last position shown and a scope that ties it to the account and chain it was made for,
 * so it cannot page through another's; anything else is refused with `InvalidCursorError`.
 */
import { createHash } from 'node:crypto'
import * as z from 'zod'
import { InvalidCursorError } from './errors.js'

const scopeSchema = z.string().regex(/^[0-9a-f]{16}$/)

export interface KeysetPage<Position> {
  /** The scope of `address` on `chainId`, for `decode` and `page`. */
  scopeOf(chainId: string, address: string): string
  /** The position a cursor holds; throws `InvalidCursorError` for one this page type did not make for `scope`. */
  decode(text: string, scope: string): Position
  /** The first `limit` of `rows` (fetched with `limit + 1`) and the cursor after them, null on the last page. */
  page<Row>(
    rows: Row[],
    limit: number,
    scope: string,
    positionOf: (row: Row) => Position,
  ): { rows: Row[]; next: string | null }
}

/**
 * A cursor format for one kind of page: `label` keeps one kind's cursors from another's, `position`
 * describes (and bounds) what the cursor holds, `maxLength` refuses oversized text before parsing.
 * @example
 * const history = keysetPage('', { block: z.string(), index: z.number() }, 200)
 */
export function keysetPage<Shape extends z.ZodRawShape>(
  label: string,
  position: Shape,
  maxLength: number,
): KeysetPage<z.infer<z.ZodObject<Shape>>> {
  type Position = z.infer<z.ZodObject<Shape>>
  const schema = z.strictObject({ v: z.literal(1), ...position, scope: scopeSchema })
  const scopeOf = (chainId: string, address: string) =>
    createHash('sha256')
      .update([...(label ? [label] : []), chainId, address].join('\n'))
      .digest('hex')
      .slice(0, 16)
  return {
    scopeOf,
    decode(text, scope) {
      if (text.length > maxLength || !/^[A-Za-z0-9_-]+$/.test(text)) throw new InvalidCursorError()
      let parsed: unknown
      try {
        parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
      } catch (error) {
        throw new InvalidCursorError(error)
      }
      const result = schema.safeParse(parsed)
      const held = result.data as ({ v: 1; scope: string } & Record<string, unknown>) | undefined
      if (!held || held.scope !== scope) throw new InvalidCursorError(result.error)
      const { v: _version, scope: _scope, ...rest } = held
      return rest as Position
    },
    page(rows, limit, scope, positionOf) {
      const shown = rows.slice(0, limit)
      const last = shown.at(-1)
      const next =
        rows.length > limit && last !== undefined
          ? Buffer.from(JSON.stringify({ v: 1, ...positionOf(last), scope })).toString('base64url')
          : null
      return { rows: shown, next }
    },
  }
}
