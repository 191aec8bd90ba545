// `pnpm bench`: how fast the production demo gets a visitor to the wallet list, in Debian's
// Chromium, over several fresh page loads. Reports medians and the worst run; it asserts nothing
// (wall-clock numbers vary by machine), so compare runs on the same machine.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'
import { chromiumLaunchOptions } from '../chromium.mjs'

const RUNS = Number(process.env.BENCH_RUNS) || 9
const PORT = 4180
const root = fileURLToPath(new URL('..', import.meta.url))
const run = (command, args) =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' })
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`)),
    )
  })

if (!existsSync(`${root}dist/index.html`) || process.argv.includes('--build'))
  await run('pnpm', ['run', 'build'])
const server = spawn(
  'pnpm',
  ['exec', 'vite', 'preview', '--port', String(PORT), '--strictPort', '--host', '127.0.0.1'],
  {
    cwd: root,
    stdio: 'ignore',
    detached: true,
  },
)
const stopServer = () => {
  try {
    process.kill(-server.pid, 'SIGTERM')
  } catch {}
}
process.on('exit', stopServer)

const url = `http://localhost:${PORT}/`
for (let i = 0; ; i++) {
  try {
    if ((await fetch(url)).ok) break
  } catch {}
  if (i > 100) throw new Error(`vite preview did not answer on ${url}`)
  await new Promise((resolve) => setTimeout(resolve, 100))
}

const browser = await chromium.launch(chromiumLaunchOptions)
const samples = { button: [], open: [], bytes: [], requests: [] }
try {
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(url)
    const button = page.getByRole('button', { name: 'Connect Wallet' })
    await button.waitFor()
    samples.button.push(await page.evaluate(() => performance.now()))
    // Timed inside the page, every animation frame: from the click to the first frame where the
    // dialog shows the Connect view instead of the loading skeleton.
    const watch = page.evaluate(
      () =>
        new Promise((resolve) => {
          const button = [...document.querySelectorAll('button')].find(
            (b) => b.textContent === 'Connect Wallet',
          )
          let clickedAt = 0
          button.addEventListener('click', () => (clickedAt = performance.now()), {
            capture: true,
            once: true,
          })
          const check = () => {
            const root = document.querySelector('[data-portico-modal]')?.shadowRoot
            const ready =
              clickedAt > 0 && root?.querySelector('[role="dialog"]') && !root.querySelector('.skeleton')
            if (!ready) return requestAnimationFrame(check)
            const scripts = performance
              .getEntriesByType('resource')
              .filter((entry) => entry.name.endsWith('.js') && entry.responseEnd > 0)
            resolve({
              ms: performance.now() - clickedAt,
              requests: scripts.length,
              bytes: scripts.reduce((sum, entry) => sum + entry.decodedBodySize, 0),
            })
          }
          requestAnimationFrame(check)
        }),
    )
    await button.click()
    const opened = await watch
    samples.open.push(opened.ms)
    samples.bytes.push(opened.bytes)
    samples.requests.push(opened.requests)
    await context.close()
  }
} finally {
  await browser.close()
  stopServer()
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const worst = (values) => Math.max(...values)
const ms = (value) => `${value.toFixed(0)} ms`
console.log(`\nPortico demo, ${RUNS} fresh loads in Chromium (production build, served locally)\n`)
console.log('| measure | median | worst |')
console.log('| --- | --- | --- |')
console.log(
  `| page load to 'Connect Wallet' visible | ${ms(median(samples.button))} | ${ms(worst(samples.button))} |`,
)
console.log(`| click to the wallet list shown | ${ms(median(samples.open))} | ${ms(worst(samples.open))} |`)
console.log(
  `| JS files loaded when the list shows | ${median(samples.requests)} | ${worst(samples.requests)} |`,
)
console.log(
  `| JS loaded when the list shows (uncompressed) | ${(median(samples.bytes) / 1024).toFixed(1)} KiB | ${(worst(samples.bytes) / 1024).toFixed(1)} KiB |`,
)
