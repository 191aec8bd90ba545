import { defineConfig, devices } from '@playwright/test'
import { chromiumLaunchOptions } from './chromium.mjs'

// The README's first command, tried as a new user would: `npm run demo` is started from the
// repository root (the tests start and stop it themselves, so there is no webServer here).
export default defineConfig({
  testDir: 'demo-smoke',
  outputDir: 'artifacts/demo-smoke-results',
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 1,
  timeout: 360_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: 'artifacts/demo-smoke-results.json' }]],
  use: { trace: 'retain-on-failure', screenshot: 'only-on-failure' },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions } },
  ],
})
