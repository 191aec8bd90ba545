import { afterEach, describe, expect, test } from 'vitest'
import { applyFrameTheme, contrastRatio, FRAME_BACKGROUND, parseColor, readFrameTheme } from './frameTheme.js'

afterEach(() => {
  document.documentElement.removeAttribute('style')
  delete document.documentElement.dataset.theme
})

function accentOf(accent: string, themeMode: 'light' | 'dark' = 'dark') {
  return readFrameTheme({ themeMode, themeVariables: { accent } })
}

describe('readFrameTheme: the accent', () => {
  test('takes #rgb, #rrggbb and rgb() colours readable against the background, written as #rrggbb', () => {
    expect(accentOf('#3396ff').settings).toMatchObject({ mode: 'dark', accent: '#3396ff' })
    expect(accentOf('#39F').settings.accent).toBe('#3399ff')
    expect(accentOf('rgb(51, 150, 255)').settings.accent).toBe('#3396ff')
    expect(accentOf('rgb(51 150 255)', 'light').settings.accent).toBe('#3396ff')
  })

  test.each([
    'transparent',
    'currentColor',
    'red',
    'var(--portico-frame-bg)',
    'url(https://evil.example/x.png)',
    'calc(1px)',
    '#3396ff; color: transparent',
    '#3396ff00',
    '#3396',
    'rgba(51, 150, 255, 0)',
    'rgb(51, 150, 255, 0)',
    'rgb(51 150 255 / 0)',
    'rgb(300, 0, 0)',
    'rgb(var(--x), 0, 0)',
    'hsl(210 100% 60%)',
    '#3396ff !important',
    '',
  ])('refuses %j: only plain colour syntax reaches the CSS', (accent) => {
    const { settings, ignored } = accentOf(accent)
    expect(settings.accent).toBeUndefined()
    expect(ignored).toEqual([{ name: 'accent', reason: expect.stringContaining('is not a #rgb') }])
  })

  test("refuses an accent too close to the frame's own background in that mode", () => {
    // Equal to the dark background, and white on the light one: invisible buttons.
    expect(accentOf(FRAME_BACKGROUND.dark, 'dark').ignored[0]?.reason).toMatch(/contrast of 1\.00:1/)
    expect(accentOf('#ffffff', 'light').ignored[0]?.reason).toMatch(/contrast of 1\.00:1 .* light/)
    expect(accentOf('#222222', 'dark').settings.accent).toBeUndefined()
    expect(accentOf('#eeeeee', 'light').settings.accent).toBeUndefined()
    // The same colours are fine on the other background.
    expect(accentOf('#eeeeee', 'dark').settings.accent).toBe('#eeeeee')
    expect(accentOf('#222222', 'light').settings.accent).toBe('#222222')
  })

  test('picks the text on the accent itself: dark on a light accent, white on a dark one', () => {
    expect(accentOf('#ffd60a').settings.accentText).toBe('#141414')
    expect(accentOf('#1a237e', 'light').settings.accentText).toBe('#ffffff')
  })
})

describe('readFrameTheme: radius and font', () => {
  test('takes a radius of 0 to 32 px, nothing else', () => {
    const ok = readFrameTheme({ themeMode: 'dark', themeVariables: { borderRadius: 8.4 } })
    expect(ok.settings.radius).toBe(8)
    for (const borderRadius of [-1, 33, 1e9, Number.NaN, Number.POSITIVE_INFINITY]) {
      const { settings, ignored } = readFrameTheme({ themeMode: 'dark', themeVariables: { borderRadius } })
      expect(settings.radius).toBeUndefined()
      expect(ignored[0]?.name).toBe('borderRadius')
    }
  })

  test('takes a font list made only of allowed names, quoted where needed', () => {
    const { settings } = readFrameTheme({
      themeMode: 'dark',
      themeVariables: { fontFamily: '\'inter\', Segoe UI, "Helvetica Neue", sans-serif' },
    })
    expect(settings.fontFamily).toBe('Inter, "Segoe UI", "Helvetica Neue", sans-serif')
  })

  test.each([
    'Comic Sans MS',
    'Inter, url(https://evil.example/f.woff)',
    'var(--x)',
    'Inter; font-size: 0',
    'Inter, ',
    '',
    'Inter !important',
  ])('refuses the font %j whole', (fontFamily) => {
    const { settings, ignored } = readFrameTheme({ themeMode: 'dark', themeVariables: { fontFamily } })
    expect(settings.fontFamily).toBeUndefined()
    expect(ignored[0]).toMatchObject({ name: 'fontFamily', reason: expect.stringContaining('allowed:') })
  })

  test('keeps the good values when others are refused', () => {
    const { settings, ignored } = readFrameTheme({
      themeMode: 'light',
      themeVariables: { accent: 'transparent', borderRadius: 12, fontFamily: 'url(x)' },
    })
    expect(settings).toEqual({ mode: 'light', radius: 12 })
    expect(ignored.map((item) => item.name)).toEqual(['accent', 'fontFamily'])
  })

  test('a mode other than light is dark, and values of the wrong type are refused (saved JSON)', () => {
    const { settings, ignored } = readFrameTheme({
      themeMode: 'sepia',
      themeVariables: { accent: 0x3396ff, borderRadius: '8px', fontFamily: ['Inter'] },
    } as never)
    expect(settings).toEqual({ mode: 'dark' })
    expect(ignored).toHaveLength(3)
  })
})

describe('parseColor and contrastRatio', () => {
  test('reads channels and rates contrast as WCAG 2 does', () => {
    expect(parseColor('#000')).toEqual([0, 0, 0])
    expect(parseColor('rgb(255,255,255)')).toEqual([255, 255, 255])
    expect(contrastRatio([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5)
    expect(contrastRatio([20, 20, 20], [20, 20, 20])).toBe(1)
  })
})

describe('applyFrameTheme', () => {
  test('writes only the mode and the four frame variables, and clears what a new theme leaves out', () => {
    const root = document.documentElement
    applyFrameTheme(
      root,
      readFrameTheme({
        themeMode: 'light',
        themeVariables: { accent: '#cc0000', borderRadius: 4, fontFamily: 'Inter' },
      }).settings,
    )
    expect(root.dataset.theme).toBe('light')
    expect(root.style.getPropertyValue('--portico-accent')).toBe('#cc0000')
    expect(root.style.getPropertyValue('--portico-accent-text')).toBe('#ffffff')
    expect(root.style.getPropertyValue('--portico-radius')).toBe('4px')
    expect(root.style.getPropertyValue('--portico-font-family')).toBe('Inter')
    expect(root.style.length).toBe(4)

    applyFrameTheme(
      root,
      readFrameTheme({ themeMode: 'dark', themeVariables: { accent: 'transparent' } }).settings,
    )
    expect(root.dataset.theme).toBe('dark')
    expect(root.style.length).toBe(0)
  })
})
