import { getFarcasterLogin, navigate, watchFarcasterLogin } from '@portico/core'
import { usePortico } from '../hooks/usePortico.js'
import { usePorticoRead } from '../hooks/usePorticoRead.js'
import { useT } from '../i18n/MessagesContext.js'

export const farcasterEntryCss = `
.farcaster-entry { display: flex; align-items: center; justify-content: center; gap: 8px; width: 100%; min-height: 44px; margin-top: 8px;
  border: 1px solid var(--p-border); border-radius: var(--p-radius-m); background: var(--p-surface); color: var(--p-text);
  font: inherit; font-weight: 600; cursor: pointer; }
.farcaster-entry:hover { border-color: var(--p-focus); }
.farcaster-entry:focus-visible { outline: 2px solid var(--p-focus); outline-offset: 2px; }
.farcaster-entry svg { width: 20px; height: 20px; }
`

/** Farcaster's arch mark, drawn as the logo's outline so it needs no image request. */
const FarcasterIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true">
    <rect width="24" height="24" rx="6" fill="#855DCD" />
    <path fill="#fff" d="M7 6h10v12h-1.6v-5.4a3.4 3.4 0 0 0-6.8 0V18H7z" />
  </svg>
)

/**
 * The Farcaster entry of Connect's login section (SPEC §1): opens ConnectingFarcaster, whose code
 * loads then. Shown when the site's embedded wallet offers Sign In With Farcaster; a social
 * section that lists providers can render this as its Farcaster entry.
 */
export function FarcasterEntry() {
  const t = useT()
  const portico = usePortico()
  const { enabled } = usePorticoRead(getFarcasterLogin, watchFarcasterLogin)
  if (!enabled) return null
  return (
    <button
      type="button"
      className="farcaster-entry"
      onClick={() => navigate(portico, { view: 'ConnectingFarcaster' })}
    >
      <FarcasterIcon />
      {t('continueWithFarcaster')}
    </button>
  )
}
