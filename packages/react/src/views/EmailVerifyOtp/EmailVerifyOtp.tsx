import { getEmailCooldownSeconds, startEmailLogin, verifyEmailCode } from '@portico/core'
import { useEffect, useState } from 'react'
import { emailViewsCss } from '../../components/emailViews.css.js'
import { MailIcon } from '../../components/icons.js'
import { OtpField } from '../../components/OtpField.js'
import { useEmailLogin } from '../../hooks/useEmailLogin.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useRouter } from '../../hooks/useRouter.js'
import { useT } from '../../i18n/MessagesContext.js'
import { noticeText } from '../../i18n/messages.js'
import { useStyles } from '../../styles/StyleContext.js'

/** The one-time code from the e-mail: six digits, sent as soon as they are all there. */
export function EmailVerifyOtp() {
  useStyles(emailViewsCss)
  const portico = usePortico()
  const t = useT()
  const { route } = useRouter()
  const { status, error } = useEmailLogin()
  const [cooldown, setCooldown] = useState(() => getEmailCooldownSeconds(portico))
  useEffect(() => {
    if (cooldown <= 0) return
    const timer = setTimeout(() => setCooldown(getEmailCooldownSeconds(portico)), 1000)
    return () => clearTimeout(timer)
  }, [cooldown, portico])
  if (route.view !== 'EmailVerifyOtp') return null
  const { email } = route.params
  const verifying = status === 'verifying'
  const send = (otp: string) => {
    void verifyEmailCode(portico, { otp })
  }
  const resend = () => {
    void startEmailLogin(portico, { email }).then(() => setCooldown(getEmailCooldownSeconds(portico)))
  }

  return (
    <div className="email-view">
      <span className="email-icon" aria-hidden="true">
        <MailIcon />
      </span>
      <p>
        {t('otpSentTo')} <strong>{email}</strong>
      </p>
      <OtpField busy={verifying} error={error && noticeText(t, error)} onComplete={send} />
      <button type="button" className="link-button" disabled={cooldown > 0 || verifying} onClick={resend}>
        {cooldown > 0 ? t('otpResendIn', { seconds: String(cooldown) }) : t('otpResend')}
      </button>
    </div>
  )
}
