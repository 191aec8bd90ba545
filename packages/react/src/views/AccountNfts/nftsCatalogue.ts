import type { Locale } from '../../i18n/messages.js'
import { type ChunkTranslate, useChunkTexts } from '../../i18n/useChunkTexts.js'

// The NFTs tab's own texts, in English and German, kept out of the modal's main catalogue so a page
// that only connects does not download them: they come with the tab's chunk. ('Failed to fetch
// NFTs', which core puts in state, is in the main catalogue, as every notice is.)

const en = {
  loading: 'Loading NFTs…',
  empty: 'No NFTs yet',
  emptyText: 'NFTs this account holds on {network} will show here.',
  serverDown: 'The server that keeps your NFTs cannot be reached right now.',
  tokenId: 'Token ID',
  collection: 'Collection',
  amount: 'Held',
  count: '×{count}',
  details: 'Details of {name}',
  back: 'Back to NFTs',
} as const

/** The name of an NFTs tab text. */
export type NftsTextKey = keyof typeof en

const de: Record<NftsTextKey, string> = {
  loading: 'NFTs werden geladen…',
  empty: 'Noch keine NFTs',
  emptyText: 'NFTs, die dieses Konto auf {network} hält, erscheinen hier.',
  serverDown: 'Der Server mit deinen NFTs ist gerade nicht erreichbar.',
  tokenId: 'Token-ID',
  collection: 'Sammlung',
  amount: 'Im Besitz',
  count: '×{count}',
  details: 'Details zu {name}',
  back: 'Zurück zu den NFTs',
}

const CATALOGUES: Record<Locale, Record<NftsTextKey, string>> = { en, de }

/** Looks a text of this catalogue up in the shown locale and fills in its `{name}`s. */
export type NftsTranslate = ChunkTranslate<NftsTextKey>

/** The NFTs tab's `t`. */
export function useNftsT(): NftsTranslate {
  return useChunkTexts(CATALOGUES)
}
