import { submitUpdateEmailOtp, updateEmail } from '@portico/core'
import { type FormEvent, useId, useState } from 'react'
import { MailIcon } from '../../components/icons.js'
import { OtpField } from '../../components/OtpField.js'
import { useEmailLogin } from '../../hooks/useEmailLogin.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useRouter } from '../../hooks/useRouter.js'
import { useT } from '../../i18n/MessagesContext.js'
import { useStyles } from '../../styles/StyleContext.js'
import { emailViewsCss } from '../EmailVerifyOtp/emailViews.css.js'

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
    updateEmail(portico, { email }).catch((reason: unknown) =>
      portico.internal.logger.debug('e-mail change: not started', reason),
    )
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
          {error}
        </p>
      )}
      <button type="submit" className="button wide" disabled={status === 'sending' || email.trim() === ''}>
        {status === 'sending' ? t('emailSending') : t('emailContinue')}
      </button>
    </form>
  )
}

/** A code of the e-mail change: first the one sent to the current address, then the new one's. */
export function UpdateEmailOtp() {
  useStyles(emailViewsCss)
  const portico = usePortico()
  const t = useT()
  const { route } = useRouter()
  const { status, error, accountEmail } = useEmailLogin()
  if (route.view !== 'UpdateEmailPrimaryOtp' && route.view !== 'UpdateEmailSecondaryOtp') return null
  const primary = route.view === 'UpdateEmailPrimaryOtp'
  const sentTo = primary ? (accountEmail ?? '') : route.params.email
  return (
    <div className="email-view" key={route.view}>
      <span className="email-icon" aria-hidden="true">
        <MailIcon />
      </span>
      <p>
        {t(primary ? 'updateEmailStepOne' : 'updateEmailStepTwo')} <strong>{sentTo}</strong>
      </p>
      <OtpField
        key={route.view}
        busy={status === 'verifying'}
        error={error}
        onComplete={(otp) => {
          submitUpdateEmailOtp(portico, { otp }).catch((reason: unknown) =>
            portico.internal.logger.debug('e-mail change: code refused', reason),
          )
        }}
      />
    </div>
  )
}
