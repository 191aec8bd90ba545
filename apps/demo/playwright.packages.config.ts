import { defineConfig, devices } from '@playwright/test'
import { chromiumLaunchOptions } from './chromium.mjs'

// The public packages as a user installs them from their tarballs (see package-smoke/).
export default defineConfig({
  testDir: 'package-smoke',
  outputDir: 'artifacts/package-smoke-results',
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // npm and pnpm each install and build their own app; one at a time keeps two cores usable.
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: 'artifacts/package-smoke-results.json' }]],
  use: { trace: 'retain-on-failure', screenshot: 'only-on-failure' },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions } },
  ],
})
