import { type EmailLoginInfo, getEmailLogin, watchEmailLogin } from '@portico/core'
import { usePorticoRead } from './usePorticoRead.js'

/**
 * The e-mail login of the embedded wallet: whether it is offered and where it stands.
 *
 * @example
 * const { enabled, status, error } = useEmailLogin()
 */
export function useEmailLogin(): EmailLoginInfo {
  return usePorticoRead(getEmailLogin, watchEmailLogin)
}
