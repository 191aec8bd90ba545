import type { Locale } from '../../i18n/messages.js'
import { type ChunkTranslate, useChunkTexts } from '../../i18n/useChunkTexts.js'

// The Buy view's own texts, in English and German, kept out of the modal's main catalogue so a page
// that only connects does not download them: they come with the Buy view's chunk.

const en = {
  amount: 'Amount',
  amountLabel: 'Amount to spend',
  currency: 'Currency',
  amountInvalid: 'Enter an amount such as 50 or 49.99, or leave it empty to choose in the window.',
  providers: 'Pay by card with',
  fee: 'Fee {min}–{max}%',
  providerButton: 'Buy with {provider}, fee {min} to {max} percent',
  intro: 'The crypto goes to {address} on {network}. You finish the purchase in {provider}’s window.',
  introAny: 'The crypto goes to {address} on {network}. You finish the purchase in the provider’s window.',
  opening: 'Opening {provider}…',
  opened: 'Continue in the {provider} window. The purchase shows in Activity once {provider} reports it.',
  popupBlocked: 'Your browser blocked the purchase window. Allow pop-ups for this site and try again.',
  notOffered: '{provider} does not sell on this network.',
  refused: '{provider} could not be opened: {reason}',
  unavailable: '{provider} could not be opened: the server did not answer. Try again in a moment.',
  none: 'Buying with a card is not available for this account.',
} as const

/** The name of a Buy view text. */
export type BuyTextKey = keyof typeof en

const de: Record<BuyTextKey, string> = {
  amount: 'Betrag',
  amountLabel: 'Auszugebender Betrag',
  currency: 'Währung',
  amountInvalid: 'Gib einen Betrag wie 50 oder 49,99 ein, oder lass ihn leer und wähle im Fenster.',
  providers: 'Mit Karte bezahlen über',
  fee: 'Gebühr {min}–{max} %',
  providerButton: 'Mit {provider} kaufen, Gebühr {min} bis {max} Prozent',
  intro:
    'Die Kryptowährung geht an {address} auf {network}. Du schließt den Kauf im Fenster von {provider} ab.',
  introAny:
    'Die Kryptowährung geht an {address} auf {network}. Du schließt den Kauf im Fenster des Anbieters ab.',
  opening: '{provider} wird geöffnet…',
  opened:
    'Mach im Fenster von {provider} weiter. Der Kauf erscheint unter Aktivität, sobald {provider} ihn meldet.',
  popupBlocked:
    'Dein Browser hat das Kauffenster blockiert. Erlaube Pop-ups für diese Seite und versuch es noch einmal.',
  notOffered: '{provider} verkauft nicht in diesem Netzwerk.',
  refused: '{provider} konnte nicht geöffnet werden: {reason}',
  unavailable:
    '{provider} konnte nicht geöffnet werden: Der Server hat nicht geantwortet. Versuch es gleich noch einmal.',
  none: 'Der Kauf mit Karte ist für dieses Konto nicht verfügbar.',
}

const CATALOGUES: Record<Locale, Record<BuyTextKey, string>> = { en, de }

/** Every Buy view text in every locale, for the test that checks none is missing. */
export const BUY_TEXTS = CATALOGUES

/** Looks a text of this catalogue up in the shown locale and fills in its `{name}`s. */
export type BuyTranslate = ChunkTranslate<BuyTextKey>

/** The Buy view's `t`. */
export function useBuyT(): BuyTranslate {
  return useChunkTexts(CATALOGUES)
}
