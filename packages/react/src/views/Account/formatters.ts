import { getRelativeTime } from '@portico/core'
import { useMemo } from 'react'
import { useLocale, useT } from '../../i18n/MessagesContext.js'

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
