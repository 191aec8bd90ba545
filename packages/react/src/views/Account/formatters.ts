import { getRelativeTime } from '@portico/core'
import { useMemo } from 'react'
import { useLocale, useT } from '../../i18n/MessagesContext.js'

/**
 * USD values are display-only numbers (prices from the server): written in the locale's currency
 * format with 2 decimals (SPEC §9); a non-zero value under a cent shows as `<$0.01`.
 */
export function useFormatUsd(): (value: number) => string {
  const locale = useLocale()
  return useMemo(() => {
    const format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
    })
    return (value) => (value > 0 && value < 0.01 ? `<${format.format(0.01)}` : format.format(value))
  }, [locale])
}

/** SPEC §9 relative-time labels ('now', '1 min', '1 hr', '3 days', then a date) in the locale shown. */
export function useFormatRelativeTime(): (time: number, now: number) => string {
  const t = useT()
  const locale = useLocale()
  return useMemo(() => {
    const thisYear = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' })
    const otherYear = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric' })
    return (time, now) => {
      const relative = getRelativeTime(time, now)
      switch (relative.unit) {
        case 'now':
          return t('timeNow')
        case 'minutes':
          return t('timeMinutes', { count: relative.count })
        case 'hours':
          return t('timeHours', { count: relative.count })
        case 'days':
          return relative.count === 1 ? t('timeDayOne') : t('timeDays', { count: relative.count })
        case 'date':
          return (relative.date.getFullYear() === new Date(now).getFullYear() ? thisYear : otherYear).format(
            relative.date,
          )
      }
    }
  }, [t, locale])
}
