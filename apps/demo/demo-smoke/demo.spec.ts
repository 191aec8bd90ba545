import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, type Page, test } from '@playwright/test'
import { formatEther } from 'viem'
import { ACCOUNT_0, connectWith, modal } from '../e2e/fixtures'
import { screenshot } from '../e2e/screenshot'
import {
  DEMO_PORTS,
  type DemoRun,
  demoEthBalance,
  leftRunning,
  portAnswers,
  startDemo,
  waitForDemo,
} from './demoProcess'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const logDir = fileURLToPath(new URL('../artifacts/', import.meta.url))

// Both starts use the same ports, one after the other.
test.describe.configure({ mode: 'serial' })

async function expectPortsFree(when: string) {
  const taken: string[] = []
  for (const [name, port] of Object.entries(DEMO_PORTS))
    if (await portAnswers(port)) taken.push(`${name} (${port})`)
  expect(taken, `ports in use ${when}`).toEqual([])
}

/** What a person checks first: the page loads, the dev wallet connects, address and balance show. */
async function connectDevWallet(page: Page, shot: string) {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(`http://localhost:${DEMO_PORTS.site}/`)
  await expect(page.getByRole('heading', { name: 'Portico demo' })).toBeVisible()
  await connectWith(page)
  await expect(modal(page)).toContainText('0xf39F…2266')
  await expect(page.getByTestId('demo-address')).toHaveText(ACCOUNT_0)
  const balance = await demoEthBalance(ACCOUNT_0)
  await expect(page.getByTestId('demo-balance')).toHaveText(`${formatEther(balance)} ETH`)
  await screenshot(page, shot)
  expect(errors).toEqual([])
}

/** Ctrl-C: the demo exits, nothing it started is left, and every port is free again. */
async function stopWithCtrlC(demo: DemoRun) {
  const started = demo.started()
  // The record must hold what the demo runs, or "nothing left" below would prove nothing.
  const commands = [...started.values()].join('\n')
  for (const part of [
    'anvil',
    'mailbox.mjs',
    'relay.mjs',
    'solana.mjs',
    'bitcoin.mjs',
    'cli.js start',
    'vite',
  ])
    expect(commands, `the demo's processes as recorded`).toContain(part)
  demo.interrupt()
  const result = await Promise.race([
    demo.exited,
    new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 60_000)),
  ])
  expect(result, `npm run demo did not exit within 60 s of Ctrl-C:\n${demo.tail()}`).not.toBe('timeout')
  // Processes the demo stopped may take a moment to be gone after the command itself returned.
  await expect.poll(() => leftRunning(started), { timeout: 10_000 }).toEqual([])
  await expect
    .poll(async () => {
      const open: number[] = []
      for (const port of Object.values(DEMO_PORTS)) if (await portAnswers(port)) open.push(port)
      return open
    })
    .toEqual([])
}

async function runDemoOnce(page: Page, name: string, readyWithinMs: number) {
  await expectPortsFree('before npm run demo')
  const demo = startDemo(root, `${logDir}${name}.log`)
  try {
    await waitForDemo(demo, readyWithinMs)
    await connectDevWallet(page, name)
    await stopWithCtrlC(demo)
  } finally {
    demo.killAll()
  }
}

test('npm run demo from a clean checkout: every service answers, the dev wallet connects, Ctrl-C stops it all', async ({
  page,
}) => {
  // A clean state, as on a machine where the demo never ran: no data folder, no Vite cache.
  rmSync(`${root}.portico-data`, { recursive: true, force: true })
  rmSync(`${root}apps/demo/node_modules/.vite`, { recursive: true, force: true })
  // The first start installs and builds what the suite has not, so it gets longer.
  await runDemoOnce(page, 'demo-first-start', 240_000)
})

test('npm run demo again right after: the stale data folder and just-freed ports do not stop it', async ({
  page,
}) => {
  await runDemoOnce(page, 'demo-second-start', 180_000)
})
