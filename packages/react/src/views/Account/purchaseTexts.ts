import { useMemo } from 'react'
import { useLocale } from '../../i18n/MessagesContext.js'
import type { Locale } from '../../i18n/messages.js'

// The Account view's texts about buying with a card, in English and German, kept out of the
// modal's main catalogue so a page that only connects does not download them.

const en = {
  featureBuy: 'Buy',
  bought: 'Bought with {provider}',
  complete: 'Complete',
} as const

export type PurchaseTextKey = keyof typeof en

const de: Record<PurchaseTextKey, string> = {
  featureBuy: 'Kaufen',
  bought: 'Gekauft bei {provider}',
  complete: 'Abgeschlossen',
}

/** Every text in every locale, for the test that checks none is missing. */
export const PURCHASE_TEXTS: Record<Locale, Record<PurchaseTextKey, string>> = { en, de }

/** Looks a purchase text up in the shown locale and fills in its `{provider}`. */
export function usePurchaseT(): (key: PurchaseTextKey, params?: { provider: string }) => string {
  const locale = useLocale()
  return useMemo(() => {
    const texts = PURCHASE_TEXTS[locale] ?? en
    return (key, params) => texts[key].replace('{provider}', params?.provider ?? '')
  }, [locale])
}
