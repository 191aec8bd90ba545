import type { Locale } from '../../i18n/messages.js'
import { type ChunkTranslate, useChunkTexts } from '../../i18n/useChunkTexts.js'

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
export function usePurchaseT(): ChunkTranslate<PurchaseTextKey> {
  return useChunkTexts(PURCHASE_TEXTS)
}
