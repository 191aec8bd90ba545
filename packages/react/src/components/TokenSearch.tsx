import { useT } from '../i18n/MessagesContext.js'
import { SearchIcon } from './icons.js'

export interface TokenSearchProps {
  /** The input's id, for a list that names itself after it. */
  id: string
  query: string
  onQueryChange: (query: string) => void
}

/** The search field above a token list (the send and swap token pickers). */
export function TokenSearch({ id, query, onQueryChange }: TokenSearchProps) {
  const t = useT()
  return (
    <div className="search">
      <SearchIcon />
      <label htmlFor={id} className="visually-hidden">
        {t('searchTokens')}
      </label>
      <input
        id={id}
        type="search"
        autoComplete="off"
        spellCheck={false}
        placeholder={t('searchTokensPlaceholder')}
        value={query}
        onChange={(event) => onQueryChange(event.target.value)}
      />
    </div>
  )
}
