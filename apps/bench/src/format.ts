// How the bench writes its figures, the same in the terminal and in the README.

/** Bytes in KiB with one decimal: `143.7 KiB`. */
export function formatKiB(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`
}

/** Milliseconds, whole: `92 ms`. */
export function formatMs(ms: number): string {
  return `${Math.round(ms)} ms`
}

/** Bytes in decimal megabytes with one decimal, as heap sizes are usually given: `3.5 MB`. */
export function formatMB(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`
}

/** A ratio with two decimals (`1.52×`), or a dash when there is none. */
export function formatRatio(value: number | undefined): string {
  return value === undefined ? '–' : `${value.toFixed(2)}×`
}

/** A count of files and their size: `3 (10.2 KiB)`, or `0`. */
export function formatFiles(count: number, bytes: number): string {
  // A median over an even number of runs can fall between two counts.
  const files = Number.isInteger(count) ? String(count) : count.toFixed(1)
  return count === 0 ? '0' : `${files} (${formatKiB(bytes)})`
}
