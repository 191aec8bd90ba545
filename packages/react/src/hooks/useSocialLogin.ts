import { getSocialLogin, type SocialLoginInfo, watchSocialLogin } from '@portico/core'
import { usePorticoRead } from './usePorticoRead.js'

/**
 * The social logins of the embedded wallet: the providers offered, where a login stands, and the
 * connected account's username.
 *
 * @example
 * const { providers, status, error } = useSocialLogin()
 */
export function useSocialLogin(): SocialLoginInfo {
  return usePorticoRead(getSocialLogin, watchSocialLogin)
}
