import { getLogger, type Portico } from '@portico/core'
import { useEffect, useMemo, useReducer } from 'react'
import { english } from './english.js'
import type { MessagesContextValue } from './MessagesContext.js'
import { createTranslate, type Locale, type Messages } from './messages.js'

// One chunk per locale besides English, fetched only when a provider selects it.
const loaders: Record<Exclude<Locale, 'en'>, () => Promise<Messages>> = {
  de: () => import('./locales/de.js').then((m) => m.de),
}

// Catalogues already fetched, so a locale loaded once shows in the first frame afterwards. Like a
// module cache, this holds code, not instance state.
const loaded = new Map<Locale, Messages>([['en', english]])

/**
 * The texts for `locale`, with `overrides` on top. English is shown until another locale's chunk
 * arrives (and stays if it cannot be fetched), so the modal never shows a blank or a key.
 */
export function useCatalogue(
  portico: Portico,
  locale: Locale,
  overrides: Partial<Messages> | undefined,
): MessagesContextValue {
  const [, arrived] = useReducer((n: number) => n + 1, 0)
  const ready = loaded.get(locale)

  useEffect(() => {
    if (locale === 'en' || loaded.has(locale)) return
    loaders[locale]().then(
      (messages) => {
        loaded.set(locale, messages)
        arrived()
      },
      (error: unknown) =>
        getLogger(portico).warn(`Portico: the '${locale}' texts could not be loaded`, error),
    )
  }, [portico, locale])

  const shown = ready ? locale : 'en'
  const messages = ready ?? english
  return useMemo(
    () => ({ locale: shown, t: createTranslate(messages, overrides) }),
    [shown, messages, overrides],
  )
}
