import { describe, expect, test } from 'vitest'
import { toThemeProperties } from './themeProperties.js'

describe('toThemeProperties', () => {
  test('turns valid theme variables into --portico-* properties with units', () => {
    const { properties, refused } = toThemeProperties({
      accent: '#0ea5e9',
      fontFamily: 'Inter, system-ui, sans-serif',
      borderRadius: 6,
      zIndex: 2000,
      colorMix: 'rgb(10 20 30)',
      colorMixStrength: 15,
    })
    expect(refused).toEqual([])
    expect(Object.fromEntries(properties)).toEqual({
      '--portico-accent': '#0ea5e9',
      '--portico-font-family': 'Inter, system-ui, sans-serif',
      '--portico-border-radius': '6px',
      '--portico-z-index': '2000',
      '--portico-color-mix': 'rgb(10 20 30)',
      '--portico-color-mix-strength': '15%',
    })
  })

  test('refuses strings that could break out of a declaration or load something', () => {
    const { properties, refused } = toThemeProperties({
      accent: 'red; } body { display: none',
      fontFamily: 'x", url(https://tracker.example/font)',
      colorMix: '\\72 ed',
    })
    expect(properties).toEqual([])
    expect(refused.map((item) => item.variable)).toEqual(['accent', 'fontFamily', 'colorMix'])
  })

  test('refuses numbers that are not numbers or out of range', () => {
    const { properties, refused } = toThemeProperties({
      borderRadius: Number.NaN,
      zIndex: 1.5,
      colorMixStrength: 150,
      // A value that slipped past the types (say, from JSON config) is refused too.
      ...({ accent: 42 } as object),
    })
    expect(properties).toEqual([])
    expect(refused.map((item) => item.variable).sort()).toEqual(
      ['accent', 'borderRadius', 'colorMixStrength', 'zIndex'].sort(),
    )
  })
})
