import { expect, test } from 'vitest'
import { adoptStyles } from './adoptStyles.js'

// The texts of a root's stylesheets in cascade order, whichever way they were added.
function sheetTexts(root: ShadowRoot): string[] {
  if (root.adoptedStyleSheets.length > 0)
    return root.adoptedStyleSheets.map((sheet) => [...sheet.cssRules].map((rule) => rule.cssText).join(' '))
  return [...root.querySelectorAll('style')].map((style) => style.textContent ?? '')
}

test("a sheet adopted after the first comes right after the shell's, before sheets adopted earlier", () => {
  const root = document.createElement('div').attachShadow({ mode: 'open' })
  const sheets = new Map<string, unknown>()
  adoptStyles(root, '.shell { color: red; }', sheets)
  adoptStyles(root, '.view { color: green; }', sheets)
  adoptStyles(root, '.frame { color: blue; }', sheets, true)
  adoptStyles(root, '.later { color: gray; }', sheets)
  adoptStyles(root, '.frame { color: blue; }', sheets, true)
  const texts = sheetTexts(root)
  expect(texts).toHaveLength(4)
  expect(texts.map((text) => text.match(/\.(\w+)/)?.[1])).toEqual(['shell', 'frame', 'view', 'later'])
})

test('the style-element fallback keeps the same order', () => {
  const root = document.createElement('div').attachShadow({ mode: 'open' })
  const sheets = new Map<string, unknown>()
  // A browser without constructable stylesheets (Safari < 16.4).
  const view = document.defaultView as unknown as Record<string, unknown>
  const Sheet = view.CSSStyleSheet
  view.CSSStyleSheet = undefined
  try {
    adoptStyles(root, '.shell { color: red; }', sheets)
    adoptStyles(root, '.view { color: green; }', sheets)
    adoptStyles(root, '.frame { color: blue; }', sheets, true)
  } finally {
    view.CSSStyleSheet = Sheet
  }
  const order = [...root.querySelectorAll('style')].map((style) => style.textContent?.match(/\.(\w+)/)?.[1])
  expect(order).toEqual(['shell', 'frame', 'view'])
})
