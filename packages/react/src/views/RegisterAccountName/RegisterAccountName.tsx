import {
  getAccountNameForm,
  setAccountNameLabel,
  startAccountNameForm,
  submitAccountName,
  watchAccountNameForm,
} from '@portico/core/names'
import { type FormEvent, useEffect, useId } from 'react'
import { emailViewsCss } from '../../components/emailViews.css.js'
import { CheckIcon, WarningIcon } from '../../components/icons.js'
import { usePortico } from '../../hooks/usePortico.js'
import { usePorticoRead } from '../../hooks/usePorticoRead.js'
import { addEnglish } from '../../i18n/english.js'
import { enNames } from '../../i18n/enNames.js'
import { useT } from '../../i18n/MessagesContext.js'
import { noticeText } from '../../i18n/messages.js'
import { useStyles } from '../../styles/StyleContext.js'
import { registerNameCss } from './RegisterAccountName.css.js'

// The texts only this code shows arrive with it (SPEC texts, see i18n/enNames.ts).
addEnglish(enNames)

/**
 * Picking an account name under the site's suffix (SPEC §2 RegisterAccountName): availability as
 * the visitor types (debounced), the SPEC §5 rule, suggestions when taken, then the wallet's
 * signature while the transaction stack shows (SPEC §4); a failure comes back here with its text.
 */
export function RegisterAccountName() {
  useStyles(emailViewsCss)
  useStyles(registerNameCss)
  const portico = usePortico()
  const t = useT()
  const form = usePorticoRead(getAccountNameForm, watchAccountNameForm)
  const id = useId()
  useEffect(() => startAccountNameForm(portico), [portico])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (form.canSubmit) void submitAccountName(portico)
  }
  const name = form.label && form.suffix ? `${form.label}.${form.suffix}` : undefined

  if (form.loading) {
    return (
      <div className="name-stack" role="status">
        <span className="spinner" aria-hidden="true" />
        <p className="name-stack-title">{t('nameSigning')}</p>
        <p className="name-stack-name">{name}</p>
        <ol className="name-steps">
          <li>{t('nameStepSign')}</li>
          <li>{t('nameStepRegister')}</li>
        </ol>
      </div>
    )
  }

  const hintId = `${id}-hint`
  let hint: { text: string; tone: 'error' | 'ok' | 'info' } | undefined
  if (form.problem === 'tooShort') hint = { text: t('nameTooShort'), tone: 'error' }
  else if (form.problem === 'tooLong') hint = { text: t('nameTooLong'), tone: 'error' }
  else if (form.problem === 'invalidCharacters') hint = { text: t('nameInvalidCharacters'), tone: 'error' }
  else if (form.checking) hint = { text: t('nameChecking'), tone: 'info' }
  else if (form.available === true && name) hint = { text: t('nameAvailable', { name }), tone: 'ok' }
  else if (form.available === false && name) hint = { text: t('nameTaken', { name }), tone: 'error' }

  return (
    <form className="email-view name-view" onSubmit={submit} noValidate>
      <label className="otp-label" htmlFor={id}>
        {t('nameLabel')}
      </label>
      <div className="name-field">
        <input
          id={id}
          className="email-input"
          type="text"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={63}
          value={form.label}
          onChange={(event) => setAccountNameLabel(portico, event.target.value)}
          aria-invalid={hint?.tone === 'error' ? 'true' : undefined}
          aria-describedby={hintId}
        />
        {form.suffix && <span className="name-suffix">.{form.suffix}</span>}
      </div>
      <p id={hintId} className={`hint name-hint ${hint?.tone ?? ''}`} aria-live="polite">
        {hint?.tone === 'ok' && <CheckIcon />}
        {hint?.text ?? t('nameRule')}
      </p>
      {form.error && (
        <div className="name-error" role="alert">
          <WarningIcon />
          <span>
            {noticeText(t, form.error.message)}
            {form.error.detail && <span className="name-detail">{noticeText(t, form.error.detail)}</span>}
          </span>
        </div>
      )}
      {form.suggestions.length > 0 && (
        <section className="name-suggestions" aria-label={t('nameSuggestions')}>
          <h3>{t('nameSuggestions')}</h3>
          <ul>
            {form.suggestions.map((suggestion) => (
              <li key={suggestion.name}>
                <button
                  type="button"
                  className="name-suggestion"
                  onClick={() => setAccountNameLabel(portico, suggestion.name.split('.')[0] ?? '')}
                >
                  {suggestion.name}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <button type="submit" className="button wide" disabled={!form.canSubmit}>
        {t('nameRegister')}
      </button>
    </form>
  )
}
