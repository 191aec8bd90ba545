/** How the e-mail login refuses a bad address, a bad session and a wrong code, in the API's codes. */
import { ApiRefusal } from '../http/apiError.js'
import type { CodeCheck } from './codes.js'
import { InvalidEmailError, normaliseEmail } from './email.js'

/** The address in its stored form, or EMAIL_INVALID saying what is wrong with it. */
export function emailOf(input: string): string {
  try {
    return normaliseEmail(input)
  } catch (error) {
    if (error instanceof InvalidEmailError) throw new ApiRefusal('EMAIL_INVALID', error.message)
    throw error
  }
}

export function sessionRefusal(why: string): ApiRefusal {
  return new ApiRefusal('AUTH_SESSION_INVALID', why)
}

export function codeRefusal(check: Exclude<CodeCheck, { result: 'match' }>): ApiRefusal {
  switch (check.result) {
    case 'used':
      return new ApiRefusal('OTP_INVALID', 'This code was used already: ask for a new one.')
    case 'expired':
      return new ApiRefusal('OTP_EXPIRED', 'This code has expired: ask for a new one.')
    case 'locked':
      return new ApiRefusal(
        'OTP_ATTEMPTS_EXCEEDED',
        'Too many wrong codes: this code no longer works. Ask for a new one.',
      )
    case 'wrong':
      return new ApiRefusal(
        'OTP_INVALID',
        `The code is not right: ${check.attemptsLeft} ${check.attemptsLeft === 1 ? 'try' : 'tries'} left.`,
      )
  }
}
