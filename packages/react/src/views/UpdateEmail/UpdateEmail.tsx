import { changeEmail } from '@portico/core'
import { type FormEvent, useId, useState } from 'react'
import { EmbeddedFrameArea } from '../../components/EmbeddedFrameArea.js'
import { emailViewsCss } from '../../components/emailViews.css.js'
import { MailIcon } from '../../components/icons.js'
import { useEmailLogin } from '../../hooks/useEmailLogin.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useT } from '../../i18n/MessagesContext.js'
import { noticeText } from '../../i18n/messages.js'
import { useStyles } from '../../styles/StyleContext.js'

/** The new e-mail address of the embedded wallet. */
export function UpdateEmail() {
  useStyles(emailViewsCss)
  const portico = usePortico()
  const t = useT()
  const { status, error, accountEmail } = useEmailLogin()
  const [email, setEmail] = useState('')
  const id = useId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    // The outcome shows by itself: Account on success, this form again (with the reason) otherwise.
    void changeEmail(portico, { email })
  }
  return (
    <form className="email-view" onSubmit={submit} noValidate>
      <span className="email-icon" aria-hidden="true">
        <MailIcon />
      </span>
      {accountEmail && (
        <p>
          {t('updateEmailCurrent')} <strong>{accountEmail}</strong>
        </p>
      )}
      <label className="otp-label" htmlFor={id}>
        {t('updateEmailNew')}
      </label>
      <input
        id={id}
        className="email-input"
        type="email"
        inputMode="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        aria-invalid={error ? 'true' : undefined}
      />
      {error && (
        <p className="hint error" role="alert">
          {noticeText(t, error)}
        </p>
      )}
      <button type="submit" className="button wide" disabled={status === 'sending' || email.trim() === ''}>
        {status === 'sending' ? t('emailSending') : t('emailContinue')}
      </button>
    </form>
  )
}

/**
 * The codes of the e-mail change: the area the embedded wallet's frame lays its own code screen
 * over. The codes prove control of the account, so they are typed on the frame's origin; this page
 * only started the change and learns how it ended. The frame's screen is opaque, so the note
 * underneath is for screen readers only.
 */
export function UpdateEmailVerify() {
  const t = useT()
  return <EmbeddedFrameArea note={t('updateEmailInFrame')} />
}
