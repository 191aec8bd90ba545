import type { ThemeVariables } from '@portico/core'

/** A CSS custom property Portico reads, and the value to give it. */
export type ThemeProperty = readonly [name: `--portico-${string}`, value: string]

/** Why a theme variable was not applied. */
export type RefusedThemeVariable = { variable: keyof ThemeVariables; reason: string }

// A value set through `style.setProperty` cannot escape its declaration, but `;{}` have no place in
// a colour or a font list, `url(` would let a theme make network requests, and `\` escapes hide both.
const UNSAFE_TEXT = /[;{}<>\\]|url\s*\(|expression\s*\(|@import/i
const MAX_TEXT_LENGTH = 200

function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const trimmed = value.trim()
  if (!trimmed || trimmed.length > MAX_TEXT_LENGTH || UNSAFE_TEXT.test(trimmed)) return undefined
  return trimmed
}

function number(value: unknown, min: number, max: number, integer = false): number | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined
  if (value < min || value > max || (integer && !Number.isInteger(value))) return undefined
  return value
}

/**
 * Turns theme variables into `--portico-*` custom properties, refusing any value that is not a plain
 * colour/font string or an in-range number. The modal and the button read these with fallbacks, so a
 * refused value simply leaves the default in place.
 */
export function toThemeProperties(variables: Readonly<ThemeVariables>): {
  properties: ThemeProperty[]
  refused: RefusedThemeVariable[]
} {
  const properties: ThemeProperty[] = []
  const refused: RefusedThemeVariable[] = []
  const add = (
    variable: keyof ThemeVariables,
    name: ThemeProperty[0],
    value: string | undefined,
    reason: string,
  ) => {
    if (variables[variable] === undefined) return
    if (value === undefined) refused.push({ variable, reason })
    else properties.push([name, value])
  }
  const accent = text(variables.accent)
  add('accent', '--portico-accent', accent, 'expected a CSS colour without ; { } \\ or url()')
  add(
    'fontFamily',
    '--portico-font-family',
    text(variables.fontFamily),
    'expected a font list without ; { } \\ or url()',
  )
  const radius = number(variables.borderRadius, 0, 32)
  add(
    'borderRadius',
    '--portico-border-radius',
    radius === undefined ? undefined : `${radius}px`,
    'expected a number of px from 0 to 32',
  )
  const zIndex = number(variables.zIndex, -2147483647, 2147483647, true)
  add('zIndex', '--portico-z-index', zIndex === undefined ? undefined : String(zIndex), 'expected an integer')
  add(
    'colorMix',
    '--portico-color-mix',
    text(variables.colorMix),
    'expected a CSS colour without ; { } \\ or url()',
  )
  const strength = number(variables.colorMixStrength, 0, 100)
  add(
    'colorMixStrength',
    '--portico-color-mix-strength',
    strength === undefined ? undefined : `${strength}%`,
    'expected a number from 0 to 100',
  )
  return { properties, refused }
}

/** Every property `toThemeProperties` can produce, so a changed theme can clear the old ones. */
export const THEME_PROPERTY_NAMES = [
  '--portico-accent',
  '--portico-font-family',
  '--portico-border-radius',
  '--portico-z-index',
  '--portico-color-mix',
  '--portico-color-mix-strength',
] as const
