import { connectEmail, getEmailCooldownSeconds, submitEmailOtp } from '@portico/core'
import { useEffect, useId, useState } from 'react'
import { MailIcon } from '../../components/icons.js'
import { useEmailLogin } from '../../hooks/useEmailLogin.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useRouter } from '../../hooks/useRouter.js'
import { useT } from '../../i18n/MessagesContext.js'
import { useStyles } from '../../styles/StyleContext.js'
import { emailViewsCss } from './emailViews.css.js'

/** The one-time code from the e-mail: six digits, sent as soon as they are all there. */
export function EmailVerifyOtp() {
  useStyles(emailViewsCss)
  const portico = usePortico()
  const t = useT()
  const { route } = useRouter()
  const { status, error } = useEmailLogin()
  const [code, setCode] = useState('')
  const [cooldown, setCooldown] = useState(() => getEmailCooldownSeconds(portico))
  const id = useId()
  useEffect(() => {
    if (cooldown <= 0) return
    const timer = setTimeout(() => setCooldown(getEmailCooldownSeconds(portico)), 1000)
    return () => clearTimeout(timer)
  }, [cooldown, portico])
  if (route.view !== 'EmailVerifyOtp') return null
  const { email } = route.params
  const verifying = status === 'verifying'
  const send = (otp: string) => {
    submitEmailOtp(portico, { otp }).catch((reason: unknown) =>
      portico.internal.logger.debug('e-mail login: code refused', reason),
    )
  }
  const resend = () => {
    connectEmail(portico, { email })
      .then(() => setCooldown(getEmailCooldownSeconds(portico)))
      .catch((reason: unknown) => portico.internal.logger.debug('e-mail login: not resent', reason))
  }

  return (
    <div className="email-view">
      <span className="email-icon" aria-hidden="true">
        <MailIcon />
      </span>
      <p>
        {t('otpSentTo')} <strong>{email}</strong>
      </p>
      <label className="otp-label" htmlFor={id}>
        {t('otpLabel')}
      </label>
      <input
        id={id}
        className="otp-input"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        pattern="[0-9]{6}"
        value={code}
        disabled={verifying}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          const digits = event.target.value.replace(/\D/g, '').slice(0, 6)
          setCode(digits)
          if (digits.length === 6) send(digits)
        }}
      />
      <div role="status" aria-live="polite" className="otp-status">
        {verifying && t('otpChecking')}
      </div>
      {error && !verifying && (
        <p className="hint error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
      <button type="button" className="link-button" disabled={cooldown > 0 || verifying} onClick={resend}>
        {cooldown > 0 ? t('otpResendIn', { seconds: String(cooldown) }) : t('otpResend')}
      </button>
    </div>
  )
}
