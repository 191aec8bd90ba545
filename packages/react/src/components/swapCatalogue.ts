import type { Locale } from '../i18n/messages.js'
import { type ChunkTranslate, useChunkTexts } from '../i18n/useChunkTexts.js'

// The swap views' own texts, in English and German, kept out of the modal's main catalogue so a page
// that only connects does not download them: they come with the swap views' chunks. (The texts core
// puts in state for swaps, SPEC §8, are in the main catalogue, as every notice is.)

const en = {
  pay: 'You pay',
  receive: 'You receive',
  balance: 'Balance: {balance}',
  max: 'Max',
  maxLabel: 'Use the whole balance',
  amountLabel: 'Amount of {symbol} to swap',
  chooseToken: 'Select token',
  tokenButton: '{symbol}, change token',
  switch: 'Switch the tokens',
  quoting: 'Getting the best price…',
  rate: 'Rate',
  rateValue: '1 {from} = {rate} {to}',
  priceImpact: 'Price impact',
  minimumReceived: 'Minimum received',
  slippage: 'Slippage tolerance',
  networkFee: 'Network fee',
  providerFee: 'Provider fee',
  noProviderFee: 'None',
  review: 'Review swap',
  enterAmount: 'Enter an amount',
  selectTarget: 'Select a token to receive',
  invalidAmount: 'Enter a valid amount',
  notConnected: 'Connect a wallet',
  approve: 'Approve {symbol}',
  approveHint:
    'First, allow the swap to spend exactly {amount} {symbol}. Your wallet asks twice: once to approve, once to swap.',
  confirm: 'Swap',
  cancel: 'Cancel',
  waiting: 'Confirm in your wallet',
  newQuote: 'Get a new quote',
  yourTokens: 'Your tokens',
  allTokens: 'All tokens',
  tokenRow: '{name}, {balance} {symbol}',
  tokenRowNoBalance: '{name} ({symbol})',
  noTokens: 'No tokens to swap on this network.',
  priceImpactHigh: 'This amount moves the price by {impact}%: you get noticeably less than the market price.',
  insufficientBalance: 'Insufficient balance',
} as const

/** The name of a swap view text. */
export type SwapTextKey = keyof typeof en

const de: Record<SwapTextKey, string> = {
  pay: 'Du zahlst',
  receive: 'Du erhältst',
  balance: 'Guthaben: {balance}',
  max: 'Max',
  maxLabel: 'Das ganze Guthaben verwenden',
  amountLabel: 'Menge {symbol} zum Tauschen',
  chooseToken: 'Token wählen',
  tokenButton: '{symbol}, Token ändern',
  switch: 'Tokens vertauschen',
  quoting: 'Bester Preis wird gesucht…',
  rate: 'Kurs',
  rateValue: '1 {from} = {rate} {to}',
  priceImpact: 'Preiseinfluss',
  minimumReceived: 'Mindestens erhalten',
  slippage: 'Slippage-Toleranz',
  networkFee: 'Netzwerkgebühr',
  providerFee: 'Anbietergebühr',
  noProviderFee: 'Keine',
  review: 'Tausch prüfen',
  enterAmount: 'Betrag eingeben',
  selectTarget: 'Token zum Erhalten wählen',
  invalidAmount: 'Gültigen Betrag eingeben',
  notConnected: 'Wallet verbinden',
  approve: '{symbol} freigeben',
  approveHint:
    'Erlaube dem Tausch zuerst, genau {amount} {symbol} auszugeben. Deine Wallet fragt zweimal: einmal für die Freigabe, einmal für den Tausch.',
  confirm: 'Tauschen',
  cancel: 'Abbrechen',
  waiting: 'In der Wallet bestätigen',
  newQuote: 'Neues Angebot holen',
  yourTokens: 'Deine Tokens',
  allTokens: 'Alle Tokens',
  tokenRow: '{name}, {balance} {symbol}',
  tokenRowNoBalance: '{name} ({symbol})',
  noTokens: 'In diesem Netzwerk gibt es keine Tokens zum Tauschen.',
  priceImpactHigh:
    'Dieser Betrag bewegt den Preis um {impact} %: Du erhältst merklich weniger als den Marktpreis.',
  insufficientBalance: 'Guthaben reicht nicht aus',
}

const CATALOGUES: Record<Locale, Record<SwapTextKey, string>> = { en, de }

/** Every swap text in every locale, for the test that checks none is missing. */
export const SWAP_TEXTS = CATALOGUES

/** Looks a text of this catalogue up in the shown locale and fills in its `{name}`s. */
export type SwapTranslate = ChunkTranslate<SwapTextKey>

/** The swap views' `t`. */
export function useSwapT(): SwapTranslate {
  return useChunkTexts(CATALOGUES)
}
