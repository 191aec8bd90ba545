import { median, StatisticsError } from './statistics.ts'

/** Scripts fetched in one phase of a run: how many, and their gzip size in bytes. */
export type Files = { count: number; gzip: number }

/** What one page load of one site measured. Times are in ms, sizes in bytes. */
export type RunSample = {
  /** Scripts fetched from navigation until the button was painted and usable. */
  jsToButton: Files
  /** Navigation start → the first frame that paints the button, enabled. */
  buttonMs: number
  /** Scripts fetched after the button was usable and before the click (preloads while idle). */
  jsWhileIdle: Files
  /** JS heap in use after a garbage collection, once the page is quiet (after the modal opened, on Portico). */
  heapBytes: number
  /** The modal's opening, on the site that has one. */
  open?: {
    /** The click's input → the first frame that paints the modal's dialog. */
    modalMs: number
    /** The click's input → the first frame that paints the announced wallet's row. */
    walletRowMs: number
    /** Scripts fetched from the pointer reaching the button until the page was quiet again. */
    scripts: Files
    /** Other requests (styles, images, data) in the same span. */
    otherRequests: number
  }
}

/** The medians of one site's runs at one CPU rate. */
export type SiteSummary = {
  runs: number
  jsToButton: Files
  buttonMs: number
  jsWhileIdle: Files
  heapBytes: number
  open?: { modalMs: number; walletRowMs: number; scripts: Files; otherRequests: number }
}

/** Both sites at one CPU throttling rate (1: the machine's speed). */
export type RateSummary = { rate: number; portico: SiteSummary; control: SiteSummary }

const files = (list: Files[]): Files => ({
  count: median(list.map((entry) => entry.count)),
  gzip: median(list.map((entry) => entry.gzip)),
})

/**
 * Each measure's median over a site's runs, measure by measure (a median run does not exist: the
 * fastest load may have the slowest open). A site that opened a modal must have opened it every run.
 */
export function summarize(samples: readonly RunSample[]): SiteSummary {
  const opens = samples.flatMap((sample) => (sample.open ? [sample.open] : []))
  if (opens.length !== 0 && opens.length !== samples.length)
    throw new StatisticsError(
      `The modal opened in ${opens.length} of ${samples.length} runs; every run opens it or none`,
    )
  return {
    runs: samples.length,
    jsToButton: files(samples.map((sample) => sample.jsToButton)),
    buttonMs: median(samples.map((sample) => sample.buttonMs)),
    jsWhileIdle: files(samples.map((sample) => sample.jsWhileIdle)),
    heapBytes: median(samples.map((sample) => sample.heapBytes)),
    ...(opens.length > 0 && {
      open: {
        modalMs: median(opens.map((open) => open.modalMs)),
        walletRowMs: median(opens.map((open) => open.walletRowMs)),
        scripts: files(opens.map((open) => open.scripts)),
        otherRequests: median(opens.map((open) => open.otherRequests)),
      },
    }),
  }
}
