import type { Files, RunSample } from './benchSummary.ts'
import type { ProbeMarks } from './pageProbe.ts'

/** One request as the page's Resource Timing saw it (times in ms since navigation start). */
export type ResourceEntry = { name: string; startTime: number; responseEnd: number }

/** The page's marks or requests do not add up to a run the bench can report. */
export class RunSampleError extends Error {
  override name = 'RunSampleError' as const
}

export type RunSampleParameters = {
  marks: ProbeMarks
  entries: readonly ResourceEntry[]
  /** The local server's origin: requests elsewhere are not the site's files (and reported apart). */
  origin: string
  /** The gzip size of a file the local server serves, by path; undefined for a path it does not have. */
  gzipSize: (pathname: string) => number | undefined
  heapBytes: number
  /** Whether the run clicked the button and waited for the modal. */
  opened: boolean
}

const isScript = (pathname: string) => pathname.endsWith('.js') || pathname.endsWith('.mjs')

/**
 * Turns what the page recorded into the run's measures: scripts fetched until the button was
 * usable, those fetched after it and before the click (preloads), those fetched from the pointer
 * reaching the button on (the open), and the times between the marks.
 */
export function runSample(parameters: RunSampleParameters): RunSample {
  const { marks, entries, origin, gzipSize, heapBytes, opened } = parameters
  if (marks.button === undefined) throw new RunSampleError('The page never painted the button')
  const button = marks.button
  const local = entries.flatMap((entry) => {
    const url = new URL(entry.name)
    if (url.origin !== origin) return []
    const gzip = gzipSize(url.pathname)
    if (gzip === undefined)
      throw new RunSampleError(`The page fetched ${url.pathname}, which the site's build does not have`)
    return [{ ...entry, pathname: url.pathname, gzip }]
  })
  const scripts = local.filter((entry) => isScript(entry.pathname))
  const sum = (list: readonly { gzip: number }[]): Files => ({
    count: list.length,
    gzip: list.reduce((total, entry) => total + entry.gzip, 0),
  })
  // A request still in flight when the page answered has responseEnd 0: it did not arrive in time
  // for the button, so it counts after it.
  const arrived = (entry: ResourceEntry, by: number) => entry.responseEnd > 0 && entry.responseEnd <= by
  const jsToButton = sum(scripts.filter((entry) => arrived(entry, button)))
  const sample: RunSample = {
    jsToButton,
    buttonMs: button,
    jsWhileIdle: sum(
      scripts.filter(
        (entry) =>
          !arrived(entry, button) && (marks.beforeClick === undefined || entry.startTime < marks.beforeClick),
      ),
    ),
    heapBytes,
  }
  if (!opened) return sample
  const { beforeClick, click, modal, walletRow } = marks
  if (beforeClick === undefined || click === undefined)
    throw new RunSampleError('The run opened the modal but the page recorded no click')
  if (modal === undefined) throw new RunSampleError("The page never painted the modal's dialog")
  if (walletRow === undefined) throw new RunSampleError("The page never painted the wallet's row")
  const onOpen = local.filter((entry) => entry.startTime >= beforeClick)
  return {
    ...sample,
    open: {
      modalMs: modal - click,
      walletRowMs: walletRow - click,
      scripts: sum(onOpen.filter((entry) => isScript(entry.pathname))),
      otherRequests: onOpen.filter((entry) => !isScript(entry.pathname)).length,
    },
  }
}
