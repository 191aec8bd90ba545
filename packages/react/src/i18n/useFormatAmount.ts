import { formatDisplayAmount, type NumberSeparators } from '@portico/core'
import { useMemo } from 'react'
import { useLocale } from './MessagesContext.js'
import type { Locale } from './messages.js'

// Read once per locale: the first `Intl.NumberFormat` of a page loads the browser's number data,
// which costs tens of milliseconds on a slow phone.
const separatorsByLocale = new Map<Locale, NumberSeparators>()

/** How a locale groups thousands and marks decimals, read from `Intl` (in browsers and Node). */
export function separatorsOf(locale: Locale): NumberSeparators {
  const known = separatorsByLocale.get(locale)
  if (known) return known
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6)
  const separators = {
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
  }
  separatorsByLocale.set(locale, separators)
  return separators
}

/**
 * Formats an exact decimal amount for display in the locale shown (core's exact formatting, the
 * locale's separators): `10,000.00` in English, `10.000,00` in German. The separators are read on
 * the first amount formatted, not on render: the disconnected button shows none, and so does not
 * delay the page's first paint with `Intl`'s start.
 */
export function useFormatAmount(): (amount: string, fractionDigits?: number) => string {
  const locale = useLocale()
  return useMemo(
    () =>
      (amount, fractionDigits = 2) =>
        formatDisplayAmount(amount, fractionDigits, separatorsOf(locale)),
    [locale],
  )
}
