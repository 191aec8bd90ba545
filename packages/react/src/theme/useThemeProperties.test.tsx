import { setTheme } from '@portico/core'
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { modalRoot, open, renderPortico, run } from '../testkit/render.testkit.js'

afterEach(cleanup)

function host() {
  return modalRoot()?.host as HTMLElement
}

describe('theme', () => {
  test('theme variables become custom properties on the modal host and on the button', async () => {
    const { portico } = await renderPortico({
      config: { themeVariables: { accent: '#0ea5e9', borderRadius: 4, zIndex: 5000 } },
    })
    await open(portico)
    expect(host().style.getPropertyValue('--portico-accent')).toBe('#0ea5e9')
    expect(host().style.getPropertyValue('--portico-border-radius')).toBe('4px')
    expect(host().style.getPropertyValue('--portico-z-index')).toBe('5000')
    const button = screen.getByRole('button', { name: 'Connect Wallet' }).parentElement as HTMLElement
    expect(button.style.getPropertyValue('--portico-accent')).toBe('#0ea5e9')
    // Set through the CSSOM: nothing in the markup a CSP would have to allow.
    expect(host().getAttribute('style') ?? '').not.toContain('url(')
  })

  test('follows theme changes, drops refused values and logs why', async () => {
    const { portico } = await renderPortico()
    const warn = vi.spyOn(portico.internal.logger, 'warn')
    await open(portico)
    await run(() => setTheme(portico, { themeVariables: { accent: '#16a34a' } }))
    expect(host().style.getPropertyValue('--portico-accent')).toBe('#16a34a')
    await run(() => setTheme(portico, { themeVariables: { accent: 'red;}*{display:none' } }))
    expect(host().style.getPropertyValue('--portico-accent')).toBe('')
    expect(warn).toHaveBeenCalledWith('theme: ignored themeVariables.accent', expect.any(String))
  })

  test('dark by default, light on request, for the modal and the button', async () => {
    const { portico } = await renderPortico()
    await open(portico)
    const root = modalRoot()?.querySelector('.root') as HTMLElement
    const button = screen.getByRole('button', { name: 'Connect Wallet' }).parentElement as HTMLElement
    expect(root.dataset.theme).toBe('dark')
    expect(button.dataset.theme).toBe('dark')
    await run(() => setTheme(portico, { themeMode: 'light' }))
    expect(root.dataset.theme).toBe('light')
    expect(button.dataset.theme).toBe('light')
  })

  test('the modal styles are adopted constructed stylesheets, not style elements', async () => {
    const { portico } = await renderPortico()
    await open(portico)
    const root = modalRoot() as ShadowRoot
    expect(root.adoptedStyleSheets.length).toBeGreaterThanOrEqual(2)
    expect(root.querySelector('style')).toBeNull()
  })
})
