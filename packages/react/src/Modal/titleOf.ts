import type { Route } from '@portico/core'
import type { Translate } from '../i18n/messages.js'

/** The heading of each view; the dialog is labelled by it. */
export function titleOf(route: Route, connectorName: string | undefined, t: Translate): string {
  switch (route.view) {
    case 'Connect':
    case 'ConnectingWalletConnectBasic':
      return t('titleConnect')
    case 'AllWallets':
      return t('titleAllWallets')
    case 'GetWallet':
      return t('titleGetWallet')
    case 'ConnectingExternal':
      return connectorName ?? t('titleConnecting')
    case 'Account':
      return t('titleAccount')
    case 'SelectAccount':
      return t('titleSelectAccount')
    case 'Networks':
      return t('titleNetworks')
    case 'UnsupportedChain':
      return t('titleUnsupportedChain')
    case 'SIWXSignMessage':
      return t('titleSignIn')
    case 'ApproveTransaction':
      return t('titleApproveTransaction')
    case 'EmailVerifyOtp':
      return t('titleEmailOtp')
    case 'EmailVerifyDevice':
      return t('titleEmailDevice')
    case 'ConnectingSocial':
      return t('titleConnectingSocial')
    case 'ConnectingFarcaster':
      return t('titleFarcaster')
    case 'UpdateEmail':
    case 'UpdateEmailVerify':
      return t('titleUpdateEmail')
    case 'WalletSend':
      return t('titleSend')
    case 'WalletSendSelectToken':
      return t('titleSelectToken')
    case 'WalletSendPreview':
      return t('titleSendPreview')
    case 'WalletSendConfirmed':
      return t('titleSendConfirmed')
    case 'WalletReceive':
      return t('titleReceive')
    case 'Swap':
      return t('titleSwap')
    case 'RegisterAccountName':
      return t('titleRegisterName')
    case 'RegisterAccountNameSuccess':
      return t('titleRegisterNameSuccess')
    case 'SwapSelectToken':
      return t('titleSwapSelectToken')
    case 'SwapPreview':
      return t('titleSwapPreview')
    case 'Buy':
      return t('titleBuy')
  }
}
