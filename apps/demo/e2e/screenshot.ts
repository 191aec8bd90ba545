import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, type Locator, type Page } from '@playwright/test'

/** Screenshots a person can look at after a run: apps/demo/artifacts/screenshots/<name>.png */
export const screenshotDir = fileURLToPath(new URL('../artifacts/screenshots/', import.meta.url))

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true })
  const path = `${screenshotDir}${name}.png`
  // A view whose chunk is still loading shows a skeleton; wait for the real view. Only shown
  // skeletons count: the closed modal rendered ahead of its first opening is in the page too, hidden.
  await expect(
    page.locator('[data-portico-modal] .skeleton, [data-portico-embed] .skeleton').filter({ visible: true }),
  ).toHaveCount(0)
  // The viewport, as a person sees it: a full-page capture would draw fixed overlays mid-page. The
  // view's entrance transition (200 ms) is played to its end for the capture instead of waited out.
  await page.screenshot({ path, animations: 'disabled' })
  return path
}

export const themes = ['dark', 'light'] as const
export type Theme = (typeof themes)[number]

/** The two screens the views are shown on: a desktop window and a 360 px phone. */
export const screens = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 360, height: 740 },
] as const
export type Screen = (typeof screens)[number]

/**
 * Switches the demo's theme in place, as its theme button does, and waits until the page and the
 * modal (when it is in the page) draw it. The e-mail wallet's frame takes the theme only when one of
 * its screens opens: a frame screen already shown keeps the theme it opened with.
 */
export async function switchTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate((mode) => {
    ;(
      window as unknown as { portico: { state: { theme: { themeMode: string } } } }
    ).portico.state.theme.themeMode = mode
  }, theme)
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
  const modalRoot = page.locator('[data-portico-modal] div.root[data-theme]')
  if ((await modalRoot.count()) > 0) await expect(modalRoot.first()).toHaveAttribute('data-theme', theme)
}

/**
 * Screenshots the view as it stands in each theme on each screen (both by default), as
 * `<name>-<theme>-<screen>`, from the one loaded page; then puts the page back on the theme and
 * screen it had.
 */
export async function screenshotEverywhere(
  page: Page,
  name: string,
  only: {
    themes?: readonly Theme[]
    screens?: readonly Screen[]
    /** A part of the view below the fold on a small screen, scrolled into view for each capture. */
    show?: Locator
  } = {},
): Promise<void> {
  const startTheme = (await page.locator('html').getAttribute('data-theme')) as Theme
  const startSize = page.viewportSize()
  // The theme drawn now: a page that started light is dark after the first round, not light.
  let shown = startTheme
  for (const theme of only.themes ?? themes) {
    if (theme !== shown) await switchTheme(page, theme)
    shown = theme
    for (const screen of only.screens ?? screens) {
      await page.setViewportSize({ width: screen.width, height: screen.height })
      await only.show?.scrollIntoViewIfNeeded()
      await screenshot(page, `${name}-${theme}-${screen.name}`)
    }
  }
  if (shown !== startTheme) await switchTheme(page, startTheme)
  if (startSize) await page.setViewportSize(startSize)
}
