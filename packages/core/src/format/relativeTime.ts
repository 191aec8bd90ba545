/** A SPEC §9 relative-time label before translation: 'now', '1 min', '5 min', '1 hr', '3 days', then a date. */
export type RelativeTime =
  | { unit: 'now' }
  | { unit: 'minutes' | 'hours' | 'days'; count: number }
  | { unit: 'date'; date: Date }

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS
/** From a week on, a date says more than a count of days. */
const DAYS_SHOWN = 7

/**
 * How long ago `time` was, in the largest whole unit (SPEC §9 relative-time labels): under a
 * minute is 'now', then minutes, hours and days, from 7 days on the date itself. A time in the
 * future (a clock ahead of ours) counts as now.
 *
 * @example
 * getRelativeTime(Date.now() - 90_000, Date.now()) // { unit: 'minutes', count: 1 }
 */
export function getRelativeTime(time: number, now: number): RelativeTime {
  const elapsed = now - time
  if (elapsed < MINUTE_MS) return { unit: 'now' }
  if (elapsed < HOUR_MS) return { unit: 'minutes', count: Math.floor(elapsed / MINUTE_MS) }
  if (elapsed < DAY_MS) return { unit: 'hours', count: Math.floor(elapsed / HOUR_MS) }
  if (elapsed < DAYS_SHOWN * DAY_MS) return { unit: 'days', count: Math.floor(elapsed / DAY_MS) }
  return { unit: 'date', date: new Date(time) }
}
