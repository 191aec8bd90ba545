import { useId, useState } from 'react'
import { useT } from '../i18n/MessagesContext.js'

/**
 * The 6-digit code field of the e-mail views: digits only, sent as soon as all six are there, the
 * reason of a refused code below it.
 */
export function OtpField({
  busy,
  error,
  onComplete,
}: {
  busy: boolean
  error: string | undefined
  onComplete: (otp: string) => void
}) {
  const t = useT()
  const id = useId()
  const [code, setCode] = useState('')
  return (
    <>
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
        disabled={busy}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          const digits = event.target.value.replace(/\D/g, '').slice(0, 6)
          setCode(digits)
          if (digits.length === 6) onComplete(digits)
        }}
      />
      <div role="status" aria-live="polite" className="otp-status">
        {busy && t('otpChecking')}
      </div>
      {error && !busy && (
        <p className="hint error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </>
  )
}
