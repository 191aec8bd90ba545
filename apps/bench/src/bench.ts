// `pnpm bench`: Portico's connect-only React site against the same page without a modal, both
// production builds served locally, measured in Debian's Chromium. It reports; it asserts nothing
// (wall-clock figures depend on the machine), so compare the two columns of one run.
import { spawn } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { cpus, loadavg, release, totalmem, type } from 'node:os'
import { fileURLToPath } from 'node:url'
import { type Browser, chromium } from '@playwright/test'
import { build } from 'vite'
import { chromiumLaunchOptions } from '../../demo/chromium.mjs'
import { benchUsage, parseBenchOptions } from './benchOptions.ts'
import { type RateSummary, type RunSample, summarize } from './benchSummary.ts'
import { measureRun } from './measureRun.ts'
import { benchSection, replaceSection } from './readmeSection.ts'
import { renderTable, resultsRows } from './resultsTable.ts'
import { type Site, siteBuildConfig, sitePaths, sites } from './sites.ts'
import { type StaticSite, serveStatic } from './staticServer.ts'
import { withTimeout } from './withTimeout.ts'

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))
const PACKAGES_BUILD_TIMEOUT_MS = 20 * 60_000
const SITE_BUILD_TIMEOUT_MS = 5 * 60_000
const LAUNCH_TIMEOUT_MS = 60_000
/** A whole run, on top of each step's own timeout: opening a context or a CDP session has none. */
const RUN_TIMEOUT_MS = 3 * 60_000
const CLOSE_TIMEOUT_MS = 30_000

const log = (line: string) => process.stderr.write(`${line}\n`)

/** The packages the sites import could not be built. */
export class PackagesBuildError extends Error {
  override name = 'PackagesBuildError' as const
}

/** The packages the sites import, built from the current sources (turbo skips what is up to date). */
function buildPackages(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'pnpm',
      ['turbo', 'run', 'build', '--filter=@portico/bench^...', '--output-logs=errors-only'],
      // Its own process group, so a timeout stops turbo and the builds it started, not only pnpm.
      { cwd: repoRoot, stdio: 'inherit', detached: true },
    )
    const stopGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGTERM')
      } catch {
        // Already gone.
      }
    }
    // Ctrl-C reaches only the bench's own group: pass it on to the build's.
    const interrupted = () => {
      stopGroup()
      process.exit(130)
    }
    process.once('SIGINT', interrupted)
    const timer = setTimeout(() => {
      stopGroup()
      reject(
        new PackagesBuildError(
          `Building the packages took over ${PACKAGES_BUILD_TIMEOUT_MS / 60_000} minutes; stopped`,
        ),
      )
    }, PACKAGES_BUILD_TIMEOUT_MS)
    child.on('error', (error) => {
      clearTimeout(timer)
      process.off('SIGINT', interrupted)
      reject(
        new PackagesBuildError(`Could not start pnpm to build the packages: ${error.message}`, {
          cause: error,
        }),
      )
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      process.off('SIGINT', interrupted)
      if (code === 0) resolve()
      else reject(new PackagesBuildError(`Building the packages failed (exit ${code})`))
    })
  })
}

function machine(): string {
  const cores = cpus()
  const model = cores[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU'
  return `${cores.length} × ${model}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, ${type()} ${release()}`
}

async function main(): Promise<void> {
  const options = parseBenchOptions(process.argv.slice(2))
  if (options.help) {
    console.log(benchUsage)
    return
  }
  if (options.build) {
    log('Building the packages the sites use…')
    await buildPackages()
    for (const site of sites) {
      log(`Building the ${site} site…`)
      await withTimeout(build(siteBuildConfig(site)), SITE_BUILD_TIMEOUT_MS, `the ${site} site's build`)
    }
  }

  const servers = new Map<Site, StaticSite>()
  let browser: Browser | undefined
  try {
    for (const site of sites) servers.set(site, await serveStatic(sitePaths(site).outDir))
    browser = await chromium.launch({
      ...chromiumLaunchOptions,
      // Nothing leaves the machine: any host but the local server fails to resolve, and the run
      // reports the request.
      args: [...chromiumLaunchOptions.args, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'],
      timeout: LAUNCH_TIMEOUT_MS,
    })
    const openBrowser = browser
    const outside = new Set<string>()
    const run = async (site: Site, rate: number) => {
      const measured = await withTimeout(
        measureRun({ browser: openBrowser, site: servers.get(site)!, rate, open: site === 'portico' }),
        RUN_TIMEOUT_MS,
        `a run of the ${site} site at CPU ×${rate}`,
      )
      for (const url of measured.outside) outside.add(url)
      return measured.sample
    }

    const loadAtStart = loadavg()[0]!
    log(`Warm-up (not counted), then ${options.runs} runs per site at CPU ×${options.rates.join(' and ×')}`)
    for (const site of sites) await run(site, options.rates[0]!)
    const summaries: RateSummary[] = []
    for (const rate of options.rates) {
      const samples: Record<Site, RunSample[]> = { portico: [], control: [] }
      for (let index = 0; index < options.runs; index++) {
        // Interleaved, so a slow moment of the machine falls on both sites alike.
        for (const site of sites) samples[site].push(await run(site, rate))
        const last = samples.portico.at(-1)!
        log(
          `CPU ×${rate}, run ${index + 1}/${options.runs}: button ${last.buttonMs.toFixed(0)} ms (control ${samples.control.at(-1)!.buttonMs.toFixed(0)} ms), modal ${last.open?.modalMs.toFixed(0)} ms, wallet row ${last.open?.walletRowMs.toFixed(0)} ms`,
        )
      }
      summaries.push({ rate, portico: summarize(samples.portico), control: summarize(samples.control) })
    }

    const table = renderTable(resultsRows(summaries))
    console.log(`\n${table}\n`)
    console.log(
      `Load average: ${loadAtStart.toFixed(1)} when the runs started, ${loadavg()[0]!.toFixed(1)} at the end.`,
    )
    console.log(
      outside.size === 0
        ? 'No request went beyond the local server.'
        : `Requests beyond the local server (blocked): ${[...outside].join(', ')}`,
    )
    if (options.write) {
      const readmePath = `${repoRoot}README.md`
      const section = benchSection({
        table,
        date: new Date().toISOString().slice(0, 10),
        machine: machine(),
        browser: browser.version(),
        runs: options.runs,
        rates: options.rates,
        outside: [...outside],
        load: { start: loadAtStart, end: loadavg()[0]! },
      })
      await writeFile(readmePath, replaceSection(await readFile(readmePath, 'utf8'), section))
      console.log(`Wrote the table into ${readmePath}`)
    }
  } finally {
    await withTimeout(browser?.close() ?? Promise.resolve(), CLOSE_TIMEOUT_MS, 'Chromium to close').catch(
      (error: unknown) => log(String(error)),
    )
    for (const server of servers.values())
      await withTimeout(server.close(), CLOSE_TIMEOUT_MS, 'the local server to close').catch(
        (error: unknown) => log(String(error)),
      )
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `${error.name}: ${error.message}` : error)
  // A step that timed out may still hold the event loop (a build, a page): end here, not when it does.
  process.exit(1)
})
