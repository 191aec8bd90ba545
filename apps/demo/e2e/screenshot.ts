import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'

/** Screenshots a person can look at after a run: apps/demo/artifacts/screenshots/<name>.png */
export const screenshotDir = fileURLToPath(new URL('../artifacts/screenshots/', import.meta.url))

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true })
  const path = `${screenshotDir}${name}.png`
  await page.screenshot({ path, fullPage: true })
  return path
}
