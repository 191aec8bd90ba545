import { acceptLegal, getLegalLinks, getModal, watchModal } from '@portico/core'
import { useId, useMemo } from 'react'
import { usePortico } from '../hooks/usePortico.js'
import { usePorticoRead } from '../hooks/usePorticoRead.js'
import { addEnglish } from '../i18n/english.js'
import { enLegal } from '../i18n/enLegal.js'
import { useT } from '../i18n/MessagesContext.js'

// Its texts come with it rather than with the modal's frame: most sites never show it.
addEnglish(enLegal)

export const legalCss = `
.legal { display: flex; gap: 10px; align-items: flex-start; margin: 0 0 14px; padding: 10px 12px; border: 1px solid var(--p-border); border-radius: var(--p-radius-m); background: var(--p-surface); font-size: 13px; line-height: 1.45; color: var(--p-muted); }
.legal input { flex: none; width: 18px; height: 18px; margin: 1px 0 0; accent-color: var(--p-accent); }
.legal a { color: var(--p-text); text-decoration: underline; text-underline-offset: 2px; }
.legal-hint { margin: -6px 0 12px; font-size: 12px; color: var(--p-muted); text-align: center; }
`

/**
 * The legal checkbox (`features.legalCheckbox`): the site's terms and privacy policy, each opened
 * in a new tab that cannot reach back into this page (rel=noopener). Ticking it enables connecting.
 */
export function LegalCheckbox() {
  const portico = usePortico()
  const t = useT()
  const id = useId()
  const { legalAccepted } = usePorticoRead(getModal, watchModal)
  const { termsConditionsUrl, privacyPolicyUrl } = useMemo(() => getLegalLinks(portico), [portico])
  const links = [
    termsConditionsUrl && { href: termsConditionsUrl, label: t('legalTerms') },
    privacyPolicyUrl && { href: privacyPolicyUrl, label: t('legalPrivacy') },
  ].filter((link) => !!link)
  return (
    <>
      <div className="legal">
        <input
          id={id}
          type="checkbox"
          checked={legalAccepted}
          onChange={(event) => acceptLegal(portico, event.target.checked)}
        />
        <label htmlFor={id}>
          {links.length === 0
            ? t('legalAgreeSite')
            : links.map((link, index) => (
                <span key={link.href}>
                  {index === 0 ? `${t('legalAgree')} ` : ` ${t('legalAnd')} `}
                  <a href={link.href} target="_blank" rel="noopener noreferrer">
                    {link.label}
                  </a>
                </span>
              ))}
          {links.length > 0 && t('legalAgreeEnd')}
        </label>
      </div>
      {!legalAccepted && (
        <p className="legal-hint" role="status">
          {t('legalFirst')}
        </p>
      )}
    </>
  )
}
