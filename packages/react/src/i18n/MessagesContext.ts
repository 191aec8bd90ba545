import { createContext, useContext } from 'react'
import { english } from './english.js'
import { createTranslate, type Locale, type Translate } from './messages.js'

/** The catalogue shown now and the locale it is in (English while another one loads). */
export type MessagesContextValue = { locale: Locale; t: Translate }

/** Provided by `PorticoProvider`; English outside it, so nothing ever renders a key. */
export const MessagesContext = createContext<MessagesContextValue>({
  locale: 'en',
  t: createTranslate(english),
})

/** The `t` of the active catalogue: `t('continueIn', { name })`. */
export const useT = (): Translate => useContext(MessagesContext).t

/** The locale of the texts shown now, for `lang` attributes. */
export const useLocale = (): Locale => useContext(MessagesContext).locale
