import fc from 'fast-check'
import { expect } from 'vitest'
import type { SafeParser } from './valueCheck.js'

interface ZodLike {
  safeParse(value: unknown): { success: boolean; data?: unknown }
}

/** The check answers `value` as the zod schema does: the same acceptance, the same value kept. */
export function expectSameAnswer(check: SafeParser<unknown>, schema: ZodLike, value: unknown): void {
  const expected = schema.safeParse(value)
  const actual = check.safeParse(value)
  expect({ value, success: actual.success }).toEqual({ value, success: expected.success })
  if (expected.success && actual.success) expect(actual.data).toEqual(expected.data)
}

/**
 * Values made of `words` (field names and strings the shape uses), numbers, arrays, objects and the
 * valid `samples`, and changes of a sample (a field replaced, removed or added at any depth): many
 * are close to valid, so both sides of each rule are reached.
 */
export function nearValidValues(samples: unknown[], words: string[]): fc.Arbitrary<unknown> {
  const word = fc.constantFrom(...words, '', 'x', '__proto__', 'constructor')
  const { json } = fc.letrec<{ json: unknown }>((tie) => ({
    json: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      word,
      fc.constantFrom(0, 1, -1, 1.5, Number.POSITIVE_INFINITY, Number.NaN, true, false, null),
      fc.array(tie('json'), { maxLength: 3 }),
      fc.array(fc.tuple(word, tie('json')), { maxLength: 5 }).map((entries) => Object.fromEntries(entries)),
      fc.constantFrom(...samples),
    ),
  }))
  const mutate = (value: unknown, path: string[], replacement: unknown, remove: boolean): unknown => {
    const [first = ''] = path
    if (typeof value !== 'object' || value === null || path.length === 0) return replacement
    const copy = (Array.isArray(value) ? [...value] : { ...value }) as Record<string, unknown>
    const fields = Object.keys(copy)
    // Mostly an existing field, sometimes a new one.
    const field =
      first.length % 4 === 3 ? first : (fields[first.length % Math.max(fields.length, 1)] ?? first)
    if (remove && path.length === 1) delete copy[field]
    else copy[field] = mutate(copy[field], path.slice(1), replacement, remove)
    return copy
  }
  const changed = fc
    .tuple(fc.constantFrom(...samples), fc.array(word, { minLength: 1, maxLength: 6 }), json, fc.boolean())
    .map(([sample, path, replacement, remove]) => mutate(sample, path, replacement, remove))
  return fc.oneof(json, changed, changed)
}
