import type { TokenBalance } from '../../api/schemas.js'
import { goBack } from '../../modal/goBack.js'
import type { Portico } from '../../portico.js'
import { setSendToken } from '../setSendToken.js'

export type ChooseSendTokenParameters = { token: TokenBalance }
export type ChooseSendTokenReturnType = undefined

/**
 * A token picked in `WalletSendSelectToken`: the form sends it from now on (its fee is estimated
 * again) and the list gives way to the form.
 *
 * @example
 * chooseSendToken(portico, { token: getSend(portico).tokenBalances[1]! })
 */
export function chooseSendToken(
  portico: Portico,
  parameters: ChooseSendTokenParameters,
): ChooseSendTokenReturnType {
  setSendToken(portico, { token: parameters.token })
  if (portico.state.router.route.view === 'WalletSendSelectToken') goBack(portico)
}
