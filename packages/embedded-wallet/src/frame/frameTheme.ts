/**
 * The page's theme, as far as the frame lets it in. The frame draws the screens that decide over the
 * wallet (approvals, account-change codes), so the page must not be able to change what they show:
 * it may pick light or dark, an accent, a corner radius and a font from a list. The frame chooses
 * every text and background colour itself, and each value is checked before it reaches the CSS.
 */

export type FrameThemeMode = 'light' | 'dark'

/** What the page asks for (APP_SYNC_THEME), before the frame checks it. */
export interface FrameThemeRequest {
  themeMode: FrameThemeMode
  themeVariables?:
    | { accent?: string | undefined; borderRadius?: number | undefined; fontFamily?: string | undefined }
    | undefined
}

/** A page value the frame did not take, and why. */
export interface IgnoredThemeValue {
  name: 'accent' | 'borderRadius' | 'fontFamily'
  reason: string
}

/** The checked theme: only values the frame accepted, in the form it writes them. */
export interface FrameThemeSettings {
  mode: FrameThemeMode
  /** `#rrggbb`, readable against the mode's background. */
  accent?: string
  /** The text on the accent: the frame's dark or light text, whichever reads better. */
  accentText?: string
  /** In px. */
  radius?: number
  /** A CSS font-family list made only of allowed names. */
  fontFamily?: string
}

/** The frame's own background in each mode; the page cannot change it. */
export const FRAME_BACKGROUND: Readonly<Record<FrameThemeMode, string>> = {
  dark: '#141414',
  light: '#ffffff',
}

/** The least contrast an accent needs against the frame's background (WCAG 2 for UI parts: 3:1). */
export const MIN_ACCENT_CONTRAST = 3
/** The largest corner radius, in px, the frame draws. */
export const MAX_RADIUS_PX = 32

// Font names the frame may be asked for. The frame loads no font (its CSP allows no font source):
// a name the visitor's system lacks falls back to the next one.
const ALLOWED_FONTS = [
  'system-ui',
  '-apple-system',
  'BlinkMacSystemFont',
  'ui-sans-serif',
  'ui-serif',
  'ui-monospace',
  'ui-rounded',
  'sans-serif',
  'serif',
  'monospace',
  'Inter',
  'Roboto',
  'Segoe UI',
  'Helvetica Neue',
  'Helvetica',
  'Arial',
  'Noto Sans',
  'Open Sans',
  'Lato',
  'Ubuntu',
  'Cantarell',
  'Georgia',
  'Times New Roman',
  'Menlo',
  'Consolas',
  'SFMono-Regular',
] as const
const FONT_BY_KEY = new Map(ALLOWED_FONTS.map((name) => [name.toLowerCase(), name]))
const GENERIC_FONTS = new Set([
  'system-ui',
  'ui-sans-serif',
  'ui-serif',
  'ui-monospace',
  'ui-rounded',
  'sans-serif',
  'serif',
  'monospace',
])

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/
// Integers only, with commas or spaces: no percentages, no alpha, no functions inside.
const RGB = /^rgb\(\s*(\d{1,3})(?:\s*,\s*|\s+)(\d{1,3})(?:\s*,\s*|\s+)(\d{1,3})\s*\)$/

/** Reads `#rgb`, `#rrggbb` or `rgb(r, g, b)` as its three channels; anything else is undefined. */
export function parseColor(value: string): [number, number, number] | undefined {
  const text = value.trim().toLowerCase()
  const hex = HEX.exec(text)?.[1]
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex
    return [0, 2, 4].map((at) => Number.parseInt(full.slice(at, at + 2), 16)) as [number, number, number]
  }
  const rgb = RGB.exec(text)
  if (!rgb) return undefined
  const channels = [rgb[1], rgb[2], rgb[3]].map(Number) as [number, number, number]
  return channels.every((channel) => channel <= 255) ? channels : undefined
}

function luminance([r, g, b]: readonly number[]): number {
  const linear = (channel: number) => {
    const c = channel / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * linear(r ?? 0) + 0.7152 * linear(g ?? 0) + 0.0722 * linear(b ?? 0)
}

/** The WCAG 2 contrast ratio of two colours, from 1 (equal) to 21 (black on white). */
export function contrastRatio(a: readonly number[], b: readonly number[]): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

function toHex(channels: readonly number[]): string {
  return `#${channels.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`
}

function checkAccent(value: string, mode: FrameThemeMode): { accent: string; accentText: string } | string {
  const channels = parseColor(value)
  if (!channels) return 'is not a #rgb, #rrggbb or rgb(r, g, b) colour'
  const background = parseColor(FRAME_BACKGROUND[mode]) as [number, number, number]
  const ratio = contrastRatio(channels, background)
  if (ratio < MIN_ACCENT_CONTRAST) {
    return `has a contrast of ${ratio.toFixed(2)}:1 against the frame's ${mode} background; it needs ${MIN_ACCENT_CONTRAST}:1`
  }
  const darkText = [20, 20, 20]
  const lightText = [255, 255, 255]
  const accentText =
    contrastRatio(channels, lightText) >= contrastRatio(channels, darkText) ? '#ffffff' : '#141414'
  return { accent: toHex(channels), accentText }
}

function checkFontFamily(value: string): string | undefined {
  if (value.length > 200) return undefined
  const names: string[] = []
  for (const part of value.split(',')) {
    const unquoted = part.trim().replace(/^(["'])(.*)\1$/, '$2')
    const name = FONT_BY_KEY.get(unquoted.toLowerCase())
    if (!name) return undefined
    names.push(GENERIC_FONTS.has(name) || !/\s/.test(name) ? name : `"${name}"`)
  }
  return names.length > 0 ? names.join(', ') : undefined
}

/**
 * Checks the page's theme: the mode always applies, each other value only when it is of the allowed
 * form. What is refused is listed with the reason, and the frame's own value is used instead.
 * @example readFrameTheme({ themeMode: 'dark', themeVariables: { accent: 'transparent' } })
 * // { settings: { mode: 'dark' }, ignored: [{ name: 'accent', reason: 'is not a #rgb, … colour' }] }
 */
export function readFrameTheme(request: FrameThemeRequest): {
  settings: FrameThemeSettings
  ignored: IgnoredThemeValue[]
} {
  const mode: FrameThemeMode = request.themeMode === 'light' ? 'light' : 'dark'
  const settings: FrameThemeSettings = { mode }
  const ignored: IgnoredThemeValue[] = []
  const variables = request.themeVariables ?? {}
  if (variables.accent !== undefined) {
    const checked =
      typeof variables.accent === 'string' ? checkAccent(variables.accent, mode) : 'is not a string'
    if (typeof checked === 'string') ignored.push({ name: 'accent', reason: checked })
    else Object.assign(settings, checked)
  }
  if (variables.borderRadius !== undefined) {
    const radius = variables.borderRadius
    if (typeof radius === 'number' && Number.isFinite(radius) && radius >= 0 && radius <= MAX_RADIUS_PX)
      settings.radius = Math.round(radius)
    else ignored.push({ name: 'borderRadius', reason: `is not a number of px from 0 to ${MAX_RADIUS_PX}` })
  }
  if (variables.fontFamily !== undefined) {
    const family =
      typeof variables.fontFamily === 'string' ? checkFontFamily(variables.fontFamily) : undefined
    if (family) settings.fontFamily = family
    else
      ignored.push({
        name: 'fontFamily',
        reason: `names a font the frame does not allow; allowed: ${ALLOWED_FONTS.join(', ')}`,
      })
  }
  return { settings, ignored }
}

// The only properties the frame ever writes on its screens.
const WRITTEN = ['--portico-accent', '--portico-accent-text', '--portico-radius', '--portico-font-family']

/**
 * Puts checked settings on `root` (the frame's `<html>`): the mode as `data-theme`, the rest as the
 * frame's own custom properties. Values left out fall back to the frame's defaults.
 */
export function applyFrameTheme(root: HTMLElement, settings: FrameThemeSettings): void {
  root.dataset.theme = settings.mode
  for (const name of WRITTEN) root.style.removeProperty(name)
  // CSSOM writes are allowed under the frame's `style-src 'self'` policy.
  if (settings.accent) root.style.setProperty('--portico-accent', settings.accent)
  if (settings.accentText) root.style.setProperty('--portico-accent-text', settings.accentText)
  if (settings.radius !== undefined) root.style.setProperty('--portico-radius', `${settings.radius}px`)
  if (settings.fontFamily) root.style.setProperty('--portico-font-family', settings.fontFamily)
}
