/** What `pnpm bench` was asked to do. */
export type BenchOptions = {
  /** Measured runs per site and CPU rate (a warm-up pair before them is not counted). */
  runs: number
  /** Build the packages the sites use and both sites first. */
  build: boolean
  /** CPU throttling rates to measure at: 1 is the machine's own speed, 4 is four times slower. */
  rates: readonly number[]
  /** Rewrite the README's performance section with the table. */
  write: boolean
  help: boolean
}

export const DEFAULT_RUNS = 5
/** More runs than this would take longer than anyone waits for a bench (each run is a few seconds). */
export const MAX_RUNS = 101

export const benchUsage = `Usage: pnpm bench [options]

Builds two production sites (Portico's connect-only React quick start, and the same React page
with viem and no modal), serves them locally and measures both in Chromium, interleaved.

Options:
  --runs <n>     measured runs per site and CPU rate (default ${DEFAULT_RUNS}, at most ${MAX_RUNS})
  --no-build     use the sites already built in apps/bench/dist (and the packages' dist)
  --no-cpu4      measure at the machine's own speed only
  --cpu4-only    measure with the CPU throttled 4 times only
  --write        write the table into the README's performance section
  --help         show this text`

/** A command line the bench cannot run with. */
export class BenchOptionsError extends Error {
  override name = 'BenchOptionsError' as const
}

/** Reads the bench's command line (the arguments after `pnpm bench`). */
export function parseBenchOptions(argv: readonly string[]): BenchOptions {
  let runs = DEFAULT_RUNS
  let build = true
  let write = false
  let help = false
  const choice: { cpu: 'both' | 'cpu1' | 'cpu4' } = { cpu: 'both' }
  const setCpu = (only: 'cpu1' | 'cpu4', flag: string) => {
    if (choice.cpu !== 'both' && choice.cpu !== only)
      throw new BenchOptionsError(
        `${flag} cannot be combined with ${only === 'cpu1' ? '--cpu4-only' : '--no-cpu4'}`,
      )
    choice.cpu = only
  }
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!
    // pnpm passes a lone `--` through when the options are written after one.
    if (argument === '--') continue
    const [flag, inline] =
      argument.startsWith('--') && argument.includes('=') ? argument.split(/=(.*)/s) : [argument]
    switch (flag) {
      case '--runs': {
        const value = inline ?? argv[++index]
        if (value === undefined) throw new BenchOptionsError('--runs needs a number, e.g. --runs 5')
        if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > MAX_RUNS)
          throw new BenchOptionsError(`--runs must be a whole number from 1 to ${MAX_RUNS}, not '${value}'`)
        runs = Number(value)
        break
      }
      case '--no-build':
        build = false
        break
      case '--no-cpu4':
        setCpu('cpu1', flag)
        break
      case '--cpu4-only':
        setCpu('cpu4', flag)
        break
      case '--write':
        write = true
        break
      case '--help':
      case '-h':
        help = true
        break
      default:
        throw new BenchOptionsError(`Unknown option '${argument}' (pnpm bench --help lists them)`)
    }
    if (inline !== undefined && flag !== '--runs')
      throw new BenchOptionsError(`${flag} takes no value, got '${argument}'`)
  }
  const rates = choice.cpu === 'cpu1' ? [1] : choice.cpu === 'cpu4' ? [4] : [1, 4]
  return { runs, build, rates, write, help }
}
