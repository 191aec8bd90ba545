import { formatDisplayAmount, type NumberSeparators } from '@portico/core'
import { useMemo } from 'react'
import { useLocale } from './MessagesContext.js'
import type { Locale } from './messages.js'

/** How a locale groups thousands and marks decimals, read from `Intl` (in browsers and Node). */
export function separatorsOf(locale: Locale): NumberSeparators {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6)
  return {
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
  }
}

/**
 * Formats an exact decimal amount for display in the locale shown (core's exact formatting, the
 * locale's separators): `10,000.00` in English, `10.000,00` in German.
 */
export function useFormatAmount(): (amount: string, fractionDigits?: number) => string {
  const locale = useLocale()
  return useMemo(() => {
    const separators = separatorsOf(locale)
    return (amount, fractionDigits = 2) => formatDisplayAmount(amount, fractionDigits, separators)
  }, [locale])
}
