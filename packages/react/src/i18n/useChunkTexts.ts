import { useMemo } from 'react'
import { useLocale } from './MessagesContext.js'
import type { Locale } from './messages.js'

/** A `t` over one chunk's own texts: looks a key up in the shown locale and fills in its `{name}`s. */
export type ChunkTranslate<K extends string> = (
  key: K,
  params?: Readonly<Record<string, string | number>>,
) => string

/**
 * The `t` of texts that travel with a view's chunk rather than the modal's catalogue (swap, NFTs,
 * Buy, purchases), in the shown locale, English where that locale has none. A `{name}` with no
 * value is left as it is.
 * @example
 * const t = useChunkTexts({ en, de })
 * t('fee', { min: 1, max: 2 })
 */
export function useChunkTexts<K extends string>(
  catalogues: Readonly<Record<'en', Record<K, string>> & Partial<Record<Locale, Record<K, string>>>>,
): ChunkTranslate<K> {
  const locale = useLocale()
  return useMemo(() => {
    const texts = catalogues[locale] ?? catalogues.en
    return (key, params) =>
      texts[key].replace(/\{(\w+)\}/g, (hole, name: string) =>
        params && name in params ? String(params[name]) : hole,
      )
  }, [locale, catalogues])
}
