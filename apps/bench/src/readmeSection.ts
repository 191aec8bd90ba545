// The README's performance section, between two markers, rewritten by `pnpm bench --write`.

export const SECTION_START = '<!-- bench:start -->'
export const SECTION_END = '<!-- bench:end -->'

/** The README has no place, or no single place, for the bench's section. */
export class ReadmeSectionError extends Error {
  override name = 'ReadmeSectionError' as const
}

/** What the section says about the run besides the table. */
export type SectionParameters = {
  table: string
  /** The day measured, `YYYY-MM-DD`. */
  date: string
  /** The machine, e.g. `2 × Intel Xeon …, 7.8 GiB, Linux 6.8`. */
  machine: string
  /** Chromium's version. */
  browser: string
  runs: number
  rates: readonly number[]
  /** Requests that went beyond the local server, if any (each once). */
  outside: readonly string[]
  /** The machine's 1-minute load average when the runs started and when they ended. */
  load: { start: number; end: number }
}

/** The section's text, markers excluded. */
export function benchSection(parameters: SectionParameters): string {
  const { table, date, machine, browser, runs, rates, outside, load } = parameters
  const rateText = rates.map((rate) =>
    rate === 1 ? 'the machine’s own speed' : `the CPU throttled ×${rate}`,
  )
  const outsideText =
    outside.length === 0
      ? 'Neither page made a request beyond the local server.'
      : `Requests beyond the local server (blocked by the browser, so they never left the machine): ${outside.map((url) => `\`${url}\``).join(', ')}.`
  return [
    `Measured ${date} on ${machine}, headless Chromium ${browser}: median of ${runs} runs per site at ${rateText.join(' and at ')}, Portico and the control interleaved in one browser, each run in a fresh context (empty cache), after one warm-up pair that is not counted. The load average was ${load.start.toFixed(1)} when the runs started and ${load.end.toFixed(1)} when they ended (other work on the machine slows both sites, since their runs alternate). ${outsideText}`,
    '',
    table,
    '',
    'Regenerate this section with `pnpm bench --write` (`pnpm bench` alone only prints the table; `--runs <n>`, `--no-build`, `--no-cpu4`, `--cpu4-only`).',
  ].join('\n')
}

/**
 * The README with the text between the markers replaced (the markers stay, each on its own line).
 * Anything else in the file is kept byte for byte.
 */
export function replaceSection(readme: string, content: string): string {
  const starts = readme.split(SECTION_START).length - 1
  const ends = readme.split(SECTION_END).length - 1
  if (starts !== 1 || ends !== 1)
    throw new ReadmeSectionError(
      `The README must hold ${SECTION_START} and ${SECTION_END} once each (found ${starts} and ${ends})`,
    )
  const start = readme.indexOf(SECTION_START)
  const end = readme.indexOf(SECTION_END)
  if (end < start) throw new ReadmeSectionError(`${SECTION_END} comes before ${SECTION_START} in the README`)
  if (content.includes(SECTION_START) || content.includes(SECTION_END))
    throw new ReadmeSectionError('The new section cannot contain the markers themselves')
  return `${readme.slice(0, start + SECTION_START.length)}\n${content.trim()}\n${readme.slice(end)}`
}
