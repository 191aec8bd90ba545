/**
 * Small hand-written checks for what core reads from outside: stored values at start-up and the
 * Portico server's answers. Core's main entry checks with these instead of zod, which would be
 * most of the page's first download; the server contract itself stays in zod (`api/schemas.ts`,
 * shared with the server), and the tests next to each check hold it to the zod schema's answers
 * on generated values. Like zod objects, a check keeps only the fields it knows, so a `__proto__`
 * or an extra field never reaches the state.
 */
import { BaseError } from './errors/base.js'

/** A value that does not have the shape it is checked against. */
export class MalformedValueError extends BaseError {
  override name = 'MalformedValueError' as const
  constructor(path: string) {
    super(`The value does not have the expected shape at ${path || 'its top'}.`)
  }
}

/** Returns the value, copied down to the fields it knows, or throws `MalformedValueError`. */
export type ValueCheck<T> = (value: unknown, path?: string) => T

/** What a check answers, in the form of zod's `safeParse`, so either can be passed where one is read. */
export type SafeParseResult<T> = { success: true; data: T } | { success: false; error: { message: string } }
export interface SafeParser<T> {
  safeParse(value: unknown): SafeParseResult<T>
}

export const parser = <T>(check: ValueCheck<T>): SafeParser<T> => ({
  safeParse(value) {
    try {
      return { success: true, data: check(value) }
    } catch (error) {
      if (error instanceof MalformedValueError) return { success: false, error }
      throw error
    }
  },
})

const malformed = (path: string): never => {
  throw new MalformedValueError(path)
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const ofType =
  <T>(type: string): ValueCheck<T> =>
  (value, path = '') =>
    typeof value === type ? (value as T) : malformed(path)

export const string = ofType<string>('string')
export const boolean = ofType<boolean>('boolean')

/** Finite, like zod's numbers (`1e999` parses to Infinity). */
export const number: ValueCheck<number> = (value, path = '') =>
  typeof value === 'number' && Number.isFinite(value) ? value : malformed(path)

export const unknown: ValueCheck<unknown> = (value) => value

export const oneOf =
  <const T extends readonly string[]>(values: T): ValueCheck<T[number]> =>
  (value, path = '') =>
    values.includes(value as string) ? (value as T[number]) : malformed(path)

/** A string that passes `test`. */
export const stringWhere =
  (test: (value: string) => boolean): ValueCheck<string> =>
  (value, path = '') =>
    test(string(value, path)) ? (value as string) : malformed(path)

export const nullable =
  <T>(check: ValueCheck<T>): ValueCheck<T | null> =>
  (value, path) =>
    value === null ? null : check(value, path)

export const arrayOf =
  <T>(item: ValueCheck<T>, maxLength = Number.POSITIVE_INFINITY, minLength = 0): ValueCheck<T[]> =>
  (value, path = '') =>
    Array.isArray(value) && value.length >= minLength && value.length <= maxLength
      ? // Array.from, not map: a hole is checked as undefined, as zod does, rather than skipped.
        Array.from(value, (entry, index) => item(entry, `${path}[${index}]`))
      : malformed(path)

/** Any string keys (`__proto__` dropped, as zod does), each value checked. */
export const recordOf =
  <T>(item: ValueCheck<T>): ValueCheck<Record<string, T>> =>
  (value, path = '') => {
    if (!isObject(value)) return malformed(path)
    const copy: Record<string, T> = {}
    for (const key of Object.keys(value))
      if (key !== '__proto__') copy[key] = item(value[key], `${path}.${key}`)
    return copy
  }

type Checked<F> = { [K in keyof F]: F[K] extends ValueCheck<infer T> ? T : never }
type Optional<F> = { [K in keyof F]?: Checked<F>[K] | undefined }

/** The `required` fields, and the `optional` ones when present; other fields are left out. */
export const object =
  <
    R extends Record<string, ValueCheck<unknown>>,
    O extends Record<string, ValueCheck<unknown>> = Record<never, never>,
  >(
    required: R,
    optional?: O,
  ): ValueCheck<Checked<R> & Optional<O>> =>
  (value, path = '') => {
    if (!isObject(value)) return malformed(path)
    const copy: Record<string, unknown> = {}
    for (const key in required) {
      // A required field must be there even when its check takes anything (zod's `unknown`).
      if (!(key in value)) return malformed(`${path}.${key}`)
      const field = required[key]?.(value[key], `${path}.${key}`)
      if (field !== undefined) copy[key] = field
    }
    for (const key in optional)
      if (value[key] !== undefined) copy[key] = optional[key]?.(value[key], `${path}.${key}`)
    return copy as Checked<R> & Optional<O>
  }
