import { startEmailLogin } from '@portico/core'
import { type FormEvent, useId, useState } from 'react'
import { useEmailLogin } from '../hooks/useEmailLogin.js'
import { usePortico } from '../hooks/usePortico.js'
import { useT } from '../i18n/MessagesContext.js'
import { noticeText } from '../i18n/messages.js'

// On a phone the line is tighter, so that the placeholder 'Continue with e-mail' is not cut in the
// narrowest column it is shown in (the embedded panel in a page's column, 280 px wide at 360 px).
export const emailFormCss = `
.email-form { display: grid; gap: 8px; }
.email-line { box-sizing: border-box; width: 100%; min-width: 0; display: flex; gap: 8px; align-items: center; padding: 6px 6px 6px 14px; border: 1px solid var(--p-border); border-radius: var(--p-radius-m); background: var(--p-surface); transition: border-color 150ms var(--p-ease); }
.email-line:focus-within { border-color: var(--p-focus); }
.email-line[data-invalid="true"] { border-color: color-mix(in srgb, var(--p-error) 60%, transparent); }
.email-line input { flex: 1; min-width: 0; width: 100%; padding: 8px 0; border: 0; background: transparent; color: var(--p-text); font-size: 15px; }
.email-line input:focus-visible { outline: none; }
.email-line input::placeholder { color: color-mix(in srgb, var(--p-muted) 70%, transparent); }
.email-line .button { flex: none; min-height: 38px; padding: 0 14px; }
.email-form .hint { margin: 0 4px; font-size: 13px; }
@media (max-width: 400px) {
  .email-line { gap: 6px; padding-left: 12px; }
  .email-line input { font-size: 14px; }
  .email-line .button { padding: 0 12px; }
}
.email-form .hint.error { color: var(--p-error); }
.divider { display: flex; align-items: center; gap: 10px; margin: 14px 0; color: var(--p-muted); font-size: 12px; }
.divider::before, .divider::after { content: ""; flex: 1; height: 1px; background: var(--p-border); }
`

/** The e-mail field of the Connect view (SPEC §5): checked and rate-limited by core before sending. */
export function EmailForm() {
  const portico = usePortico()
  const t = useT()
  const { status, error } = useEmailLogin()
  const [email, setEmail] = useState('')
  const id = useId()
  const sending = status === 'sending'
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void startEmailLogin(portico, { email })
  }
  return (
    <form className="email-form" onSubmit={submit} noValidate>
      <label className="visually-hidden" htmlFor={id}>
        {t('emailLabel')}
      </label>
      <div className="email-line" data-invalid={error ? 'true' : undefined}>
        <input
          id={id}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('emailPlaceholder')}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <button
          type="submit"
          className="button"
          disabled={sending || email.trim() === ''}
          aria-busy={sending}
        >
          {sending ? t('emailSending') : t('emailContinue')}
        </button>
      </div>
      {error && (
        <p className="hint error" id={`${id}-error`} role="alert">
          {noticeText(t, error)}
        </p>
      )}
    </form>
  )
}
