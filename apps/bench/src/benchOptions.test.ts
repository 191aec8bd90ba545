import { describe, expect, it } from 'vitest'
import { BenchOptionsError, DEFAULT_RUNS, MAX_RUNS, parseBenchOptions } from './benchOptions.ts'

describe('parseBenchOptions', () => {
  it('builds, measures both CPU rates five times and leaves the README alone by default', () => {
    expect(parseBenchOptions([])).toEqual({
      runs: DEFAULT_RUNS,
      build: true,
      rates: [1, 4],
      write: false,
      help: false,
    })
    expect(DEFAULT_RUNS).toBe(5)
  })

  it('reads --runs as a separate or an inline value', () => {
    expect(parseBenchOptions(['--runs', '9']).runs).toBe(9)
    expect(parseBenchOptions(['--runs=3']).runs).toBe(3)
  })

  it('skips the lone -- pnpm passes through', () => {
    expect(parseBenchOptions(['--', '--write', '--no-build'])).toMatchObject({ write: true, build: false })
  })

  it('measures one rate with --no-cpu4 or --cpu4-only, and refuses both together', () => {
    expect(parseBenchOptions(['--no-cpu4']).rates).toEqual([1])
    expect(parseBenchOptions(['--cpu4-only']).rates).toEqual([4])
    expect(parseBenchOptions(['--cpu4-only', '--cpu4-only']).rates).toEqual([4])
    expect(() => parseBenchOptions(['--no-cpu4', '--cpu4-only'])).toThrow(
      '--cpu4-only cannot be combined with --no-cpu4',
    )
  })

  it.each([
    [['--runs'], '--runs needs a number'],
    [['--runs', '0'], "--runs must be a whole number from 1 to 101, not '0'"],
    [['--runs', '2.5'], "not '2.5'"],
    [['--runs', `${MAX_RUNS + 1}`], `not '${MAX_RUNS + 1}'`],
    [['--runs', 'five'], "not 'five'"],
    [['--runs='], "not ''"],
    [['--fast'], "Unknown option '--fast'"],
    [['--write=yes'], "--write takes no value, got '--write=yes'"],
  ])('refuses %j with a clear error', (argv, message) => {
    expect(() => parseBenchOptions(argv)).toThrow(BenchOptionsError)
    expect(() => parseBenchOptions(argv)).toThrow(message)
  })

  it('asks for the usage with --help', () => {
    expect(parseBenchOptions(['--help']).help).toBe(true)
  })
})
