import { useCallback } from 'react'
import { useLocale } from './MessagesContext.js'

/**
 * A USD value for display in the locale (SPEC §9): USD values are display-only numbers (prices from
 * the server), written in the locale's currency format with two decimals; a non-zero value under a
 * cent shows as `<$0.01`.
 */
export function formatUsd(value: number, locale: string): string {
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })
  return value > 0 && value < 0.01 ? `<${format.format(0.01)}` : format.format(value)
}

/** {@link formatUsd} in the locale shown. */
export function useFormatUsd(): (value: number) => string {
  const locale = useLocale()
  return useCallback((value: number) => formatUsd(value, locale), [locale])
}
