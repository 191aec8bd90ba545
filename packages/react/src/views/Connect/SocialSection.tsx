import {
  connectSocial,
  getFarcasterLogin,
  navigate,
  type SocialProvider,
  socialProviderName,
  watchFarcasterLogin,
} from '@portico/core'
import { useEffect, useRef, useState } from 'react'
import { GridIcon } from '../../components/icons.js'
import { SocialIcon } from '../../components/SocialIcon.js'
import { usePortico } from '../../hooks/usePortico.js'
import { usePorticoRead } from '../../hooks/usePorticoRead.js'
import { useSocialLogin } from '../../hooks/useSocialLogin.js'
import { addEnglish } from '../../i18n/english.js'
import { enSocial } from '../../i18n/enSocial.js'
import { useT } from '../../i18n/MessagesContext.js'
import { useStyles } from '../../styles/StyleContext.js'

// The texts only this code shows arrive with it (SPEC texts, see i18n/enSocial.ts).
addEnglish(enSocial)

export const socialSectionCss = `
.social { display: grid; gap: 8px; }
.social-first { gap: 12px; }
.social-first .picture, .social-icons .social-button { color: var(--p-text); }
.social-first .picture { align-items: center; justify-content: center; background: var(--p-base-3); }
.social-icons { display: flex; gap: 8px; }
.social-button {
  flex: 1 1 0; min-width: 0; min-height: 48px; display: inline-flex; align-items: center; justify-content: center;
  border: 1px solid var(--p-border); border-radius: var(--p-radius-m); background: var(--p-surface); cursor: pointer;
  transition: background-color 150ms var(--p-ease);
}
.social-button:hover { background: var(--p-surface-hover); }
.social-button:focus-visible, .social-first:focus-visible { outline: 2px solid var(--p-focus); outline-offset: 2px; }
.social-button.more { color: var(--p-muted); }
.social-button:disabled { cursor: default; opacity: 0.55; }
`

/** How many providers show as icons next to the first one before 'more' is needed. */
const ICONS_SHOWN = 3

/** A provider's entry, or Farcaster's, which signs in through its own view (ConnectingFarcaster). */
type SocialEntry = SocialProvider | 'farcaster'

/**
 * The social logins of the Connect view (SPEC §1, which lists farcaster among them: its entry comes
 * after the site's providers when the embedded wallet offers it): the first provider as a full row, the next ones
 * as icons and 'more' for the rest, opened in place. Each click opens the provider's window in the
 * click itself (`connectSocial`), so browsers do not block it.
 */
export function SocialSection() {
  useStyles(socialSectionCss)
  const portico = usePortico()
  const t = useT()
  const { providers } = useSocialLogin()
  const farcaster = usePorticoRead(getFarcasterLogin, watchFarcasterLogin)
  const [expanded, setExpanded] = useState(false)
  const revealed = useRef<HTMLButtonElement>(null)
  // 'more' goes away once pressed: focus moves to the first provider it revealed.
  useEffect(() => {
    if (expanded) revealed.current?.focus()
  }, [expanded])
  const entries: SocialEntry[] = farcaster.enabled ? [...providers, 'farcaster'] : [...providers]
  if (entries.length === 0) return null
  const [first, ...rest] = entries as [SocialEntry, ...SocialEntry[]]
  const folded = !expanded && rest.length > ICONS_SHOWN + 1
  const icons = folded ? rest.slice(0, ICONS_SHOWN) : rest
  const start = (provider: SocialEntry) =>
    provider === 'farcaster'
      ? navigate(portico, { view: 'ConnectingFarcaster' })
      : void connectSocial(portico, { provider })
  const label = (provider: SocialEntry) => t('socialContinueWith', { provider: socialProviderName(provider) })
  return (
    <section className="social" aria-label={t('socialLogins')}>
      <button type="button" className="row social-first" onClick={() => start(first)}>
        <span className="picture round">
          <SocialIcon provider={first} />
        </span>
        <span className="row-name">{label(first)}</span>
      </button>
      {icons.length > 0 && (
        <div className="social-icons">
          {icons.map((provider, index) => (
            <button
              key={provider}
              ref={index === ICONS_SHOWN ? revealed : undefined}
              type="button"
              className="social-button"
              aria-label={label(provider)}
              title={label(provider)}
              onClick={() => start(provider)}
            >
              <SocialIcon provider={provider} size={22} />
            </button>
          ))}
          {folded && (
            <button
              type="button"
              className="social-button more"
              aria-label={t('socialMore', { count: rest.length - ICONS_SHOWN })}
              title={t('socialMore', { count: rest.length - ICONS_SHOWN })}
              aria-expanded="false"
              onClick={() => setExpanded(true)}
            >
              <GridIcon />
            </button>
          )}
        </div>
      )}
    </section>
  )
}
