/**
 * Text PostgreSQL cannot store. A NUL character is refused by `text` and `jsonb` columns, and a lone
 * UTF-16 surrogate (which JSON and percent-decoding let through) has no UTF-8 form. Either would
 * reach the database as an error and the client as a 500, so requests carrying one are refused first.
 */

// NUL is what PostgreSQL refuses; then a high surrogate not followed by a low one, or a low one
// not preceded by a high one.
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly the character looked for.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g')

/** Whether `text` holds a NUL character or a lone surrogate. */
export function isUnstorableText(text: string): boolean {
  return UNSTORABLE.test(text)
}

/**
 * The path (`props.name`, `[2].url`) of the first key or string in a parsed JSON value that holds
 * unstorable text, or undefined when there is none. Walked without recursion: a parsed body can
 * be nested deeper than the call stack.
 * @example
 * findUnstorableText({ a: ['ok', 'x\u0000'] }) // 'a[1]'
 */
export function findUnstorableText(value: unknown): string | undefined {
  const pending: Array<{ value: unknown; path: string }> = [{ value, path: '' }]
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: item, path } = next
    if (typeof item === 'string') {
      if (isUnstorableText(item)) return path || 'body'
      continue
    }
    if (typeof item !== 'object' || item === null) continue
    if (Array.isArray(item)) {
      for (let index = item.length - 1; index >= 0; index--) {
        pending.push({ value: item[index], path: `${path}[${index}]` })
      }
      continue
    }
    const entries = Object.entries(item)
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, child] = entries[index] as [string, unknown]
      // The key is named with the bad characters replaced: the path ends up in a message.
      const here = `${path ? `${path}.` : ''}${key.replace(UNSTORABLE_ALL, '?')}`
      if (isUnstorableText(key)) return here
      pending.push({ value: child, path: here })
    }
  }
  return undefined
}

/**
 * How deeply a parsed JSON value nests (a scalar is 0, `[]` and `{}` are 1), counted without
 * recursion and stopping once past `limit`.
 */
export function jsonDepth(value: unknown, limit = Number.POSITIVE_INFINITY): number {
  let deepest = 0
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }]
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue
    const depth = next.depth + 1
    deepest = Math.max(deepest, depth)
    if (deepest > limit) return deepest
    for (const child of Object.values(next.value)) pending.push({ value: child, depth })
  }
  return deepest
}
