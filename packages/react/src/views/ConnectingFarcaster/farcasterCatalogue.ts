import type { Locale } from '../../i18n/messages.js'
import { type ChunkTranslate, useChunkTexts } from '../../i18n/useChunkTexts.js'

// The ConnectingFarcaster view's own texts, in English and German: they come with the view's chunk,
// so a page that only connects does not download them.

const en = {
  scanTitle: 'Scan with the Farcaster app',
  scanHelp:
    'Scan this code with your phone’s camera, or open the link on a device where Farcaster is signed in.',
  preparing: 'Preparing the sign-in link…',
  qrLabel: 'QR code of the Farcaster sign-in link',
  waiting: 'Waiting for approval in Farcaster…',
  connecting: 'Approved. Opening your wallet…',
  openLink: 'Open in Farcaster',
  copyLink: 'Copy link',
  copied: 'Copied',
  expiredTitle: 'The link expired',
  expired: 'The sign-in link was not approved in the Farcaster app in time.',
  // The reason follows on its own line, in the words of whoever refused (the server, the frame).
  failedTitle: 'Not signed in with Farcaster',
  tryAgain: 'Get a new link',
  back: 'Choose another way',
} as const

/** The name of a ConnectingFarcaster text. */
export type FarcasterTextKey = keyof typeof en

const de: Record<FarcasterTextKey, string> = {
  scanTitle: 'Mit der Farcaster-App scannen',
  scanHelp:
    'Scanne diesen Code mit der Kamera deines Telefons oder öffne den Link auf einem Gerät, auf dem du bei Farcaster angemeldet bist.',
  preparing: 'Der Anmeldelink wird vorbereitet…',
  qrLabel: 'QR-Code des Farcaster-Anmeldelinks',
  waiting: 'Warte auf die Bestätigung in Farcaster…',
  connecting: 'Bestätigt. Deine Wallet wird geöffnet…',
  openLink: 'In Farcaster öffnen',
  copyLink: 'Link kopieren',
  copied: 'Kopiert',
  expiredTitle: 'Der Link ist abgelaufen',
  expired: 'Der Anmeldelink wurde nicht rechtzeitig in der Farcaster-App bestätigt.',
  failedTitle: 'Nicht mit Farcaster angemeldet',
  tryAgain: 'Neuen Link holen',
  back: 'Andere Möglichkeit wählen',
}

const catalogues = { en, de } as const satisfies Record<'en', Record<FarcasterTextKey, string>> &
  Partial<Record<Locale, Record<FarcasterTextKey, string>>>

/** The `t` of the ConnectingFarcaster view's texts in the shown locale. */
export function useFarcasterTexts(): ChunkTranslate<FarcasterTextKey> {
  return useChunkTexts(catalogues)
}
