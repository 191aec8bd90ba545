import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, type Page } from '@playwright/test'

/** Screenshots a person can look at after a run: apps/demo/artifacts/screenshots/<name>.png */
export const screenshotDir = fileURLToPath(new URL('../artifacts/screenshots/', import.meta.url))

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true })
  const path = `${screenshotDir}${name}.png`
  // A view whose chunk is still loading shows a skeleton; wait for the real view, then for the
  // short entrance transition (200 ms) to end. Only shown skeletons count: the closed modal rendered
  // ahead of its first opening is in the page too, hidden.
  await expect(
    page.locator('[data-portico-modal] .skeleton, [data-portico-embed] .skeleton').filter({ visible: true }),
  ).toHaveCount(0)
  await page.waitForTimeout(250)
  // The viewport, as a person sees it: a full-page capture would draw fixed overlays mid-page.
  await page.screenshot({ path })
  return path
}
