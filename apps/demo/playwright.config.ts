import { defineConfig, devices } from '@playwright/test'
import { chromiumLaunchOptions } from './chromium.mjs'

const CI = Boolean(process.env.CI)

export default defineConfig({
  testDir: 'e2e',
  // Traces and failure screenshots; the screenshots tests take on purpose go to
  // artifacts/screenshots (see e2e/screenshot.ts).
  outputDir: 'artifacts/test-results',
  fullyParallel: true,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  // Both workers share the two chains of global-setup. PORTICO_E2E_WORKERS=1 serialises the run.
  workers: Number(process.env.PORTICO_E2E_WORKERS) || 2,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    // scripts/test.sh reads this file for its summary line.
    ['json', { outputFile: 'artifacts/e2e-results.json' }],
    ['html', { open: 'never', outputFolder: 'artifacts/playwright-report' }],
  ],
  globalSetup: './e2e/global-setup.ts',
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    // localhost, not 127.0.0.1 or a made-up host: the page must be a secure context
    // (crypto.randomUUID, crypto.subtle).
    baseURL: 'http://localhost:4173',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: chromiumLaunchOptions,
      },
    },
  ],
  // Serves the demo built by `pnpm build:e2e` (which the `e2e` script runs first) against the
  // chains on ports 18545/18546.
  webServer: {
    command: 'pnpm exec vite preview --outDir dist-e2e --port 4173 --strictPort --host 127.0.0.1',
    url: 'http://127.0.0.1:4173',
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
