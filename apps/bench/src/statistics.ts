/** A measure the bench could not compute, e.g. the median of no samples. */
export class StatisticsError extends Error {
  override name = 'StatisticsError' as const
}

/**
 * The median: the middle value, or the mean of the two middle values for an even count. Robust to
 * the odd slow run (a GC pause, the other core busy), which a mean is not.
 */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new StatisticsError('The median of no samples is undefined')
  for (const value of values)
    if (!Number.isFinite(value)) throw new StatisticsError(`Cannot take the median of ${value}`)
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** `value / base`, or undefined when the base is zero (a ratio to nothing means nothing). */
export function ratio(value: number, base: number): number | undefined {
  if (!Number.isFinite(value) || !Number.isFinite(base) || base === 0) return undefined
  return value / base
}
