// Public entry of @portico/core: what sites and adapter authors use. Names only, no `export *`;
// plumbing (HTTP helpers, storage layout, default orders, timings, message tables) stays inside.

export type { AccountTabsInfo, ActivityInfo, ActivityItem } from './activity/activity.js'
export { getAccountTabs, getActivity, watchAccountTabs, watchActivity } from './activity/activity.js'
export type {
  ActivityService,
  GetTransactionsParameters,
  TransactionsPage,
} from './activity/activityService.js'
export type {
  AddPendingTransactionParameters,
  AddPendingTransactionReturnType,
} from './activity/addPendingTransaction.js'
export { addPendingTransaction, InvalidPendingTransactionError } from './activity/addPendingTransaction.js'
export type { FetchActivityParameters, FetchActivityReturnType } from './activity/fetchActivity.js'
export { fetchActivity } from './activity/fetchActivity.js'
export type {
  SettlePendingTransactionParameters,
  SettlePendingTransactionReturnType,
} from './activity/settlePendingTransaction.js'
export { settlePendingTransaction } from './activity/settlePendingTransaction.js'
export type {
  AccountTypesCapability,
  Adapter,
  AdapterContext,
  AdapterEvent,
  AdapterFactory,
  AdapterTokenBalance,
  Balance,
  BalanceParts,
  Connector,
  ConnectorType,
  ConnectResult,
  ContractCallParameters,
  ContractsCapability,
  FeeEstimate,
  Logger,
  NameRecord,
  NamesCapability,
  SendCapability,
  SendParameters,
  TypedAccount,
} from './adapterKit/contract.js'
/** Runs work once the page has loaded and the browser is idle (the start, the modal's preload). */
export { afterLoadWhenIdle } from './afterLoadWhenIdle.js'
export type { AnalyticsPayload } from './analytics/createAnalytics.js'
export type { CallApiParameters, RequestApiParameters } from './api/client.js'
export { callApi } from './api/client.js'
export { ApiNotConfiguredError, ApiRequestError, ServerUnavailableError } from './api/clientErrors.js'
export type { ApiErrorCode, TokenBalance, Transaction, Transfer } from './api/schemas.js'
export type { ChainNotServedErrorType } from './api/services.js'
export { ChainNotServedError } from './api/services.js'
export type { PorticoServices } from './api/serviceTypes.js'
export type { GetPortfolioParameters, PortfolioService } from './balances/portfolioService.js'
export type { RefreshAccountAssetsParameters } from './balances/refreshAccountAssets.js'
export { refreshAccountAssets } from './balances/refreshAccountAssets.js'
export type { RefreshBalanceParameters } from './balances/refreshBalance.js'
export { refreshBalance } from './balances/refreshBalance.js'
export type {
  RefreshTokenBalancesParameters,
  RefreshTokenBalancesReturnType,
} from './balances/refreshTokenBalances.js'
export { refreshTokenBalances } from './balances/refreshTokenBalances.js'
export type { TokenBalancesInfo } from './balances/tokenBalances.js'
export { getTokenBalances, watchTokenBalances } from './balances/tokenBalances.js'
export type {
  ConnectMethod,
  ConnectorSection,
  Features,
  Metadata,
  PorticoConfig,
  ResolvedOptions,
  WalletFeature,
} from './config.js'
export type { AccountInfo, ConnectionInfo } from './connection/account.js'
export { getAccount, getConnection, watchAccount, watchConnection } from './connection/account.js'
export type { AccountTypeNotAvailableErrorType, AccountTypes } from './connection/accountTypes.js'
export {
  AccountTypeNotAvailableError,
  getAccountTypes,
  setAccountType,
  watchAccountTypes,
} from './connection/accountTypes.js'
export { cancelConnect } from './connection/cancelConnect.js'
// Actions
export type { CancelReconnectParameters } from './connection/cancelReconnect.js'
export { cancelReconnect } from './connection/cancelReconnect.js'
export type { ConnectErrorType, ConnectParameters, ConnectReturnType } from './connection/connect.js'
export { connect } from './connection/connect.js'
export type { ConnectorListItem, RegistryWalletListItem, WalletListItem } from './connection/connectors.js'
export {
  getConnectorList,
  getWalletList,
  searchConnectors,
  watchConnectors,
  watchWalletList,
} from './connection/connectors.js'
export type {
  DisconnectErrorType,
  DisconnectParameters,
  DisconnectReturnType,
} from './connection/disconnect.js'
export { disconnect } from './connection/disconnect.js'
export { findConnector } from './connection/findConnector.js'
export type { SelectWalletParameters } from './connection/modal/selectWallet.js'
export { selectWallet } from './connection/modal/selectWallet.js'
export { removeAdapter } from './connection/removeAdapter.js'
export { RECONNECT_BOUND_MS } from './connection/restoreConnections.js'
export type {
  AccountNotSharedErrorType,
  AccountSelectionUnavailableErrorType,
  SelectAccountErrorType,
  SelectAccountParameters,
} from './connection/selectAccount.js'
export {
  AccountNotSharedError,
  AccountSelectionUnavailableError,
  selectAccount,
} from './connection/selectAccount.js'
export type {
  SignMessageErrorType,
  SignMessageParameters,
  SignMessageReturnType,
} from './connection/signMessage.js'
export { signMessage } from './connection/signMessage.js'
export {
  getIsSmartAccount,
  getSmartAccountOffered,
  watchIsSmartAccount,
  watchSmartAccountOffered,
} from './connection/smartAccount.js'
export { getWalletFeatures, watchWalletFeatures } from './connection/walletFeatures.js'
export { createPortico, InvalidConfigError } from './createPortico.js'
export { destroy } from './destroy.js'
export type {
  ConnectEmailErrorType,
  ConnectEmailParameters,
  ConnectEmailReturnType,
  EmailCooldownErrorType,
  EmbeddedWalletNotConfiguredErrorType,
  InvalidEmailErrorType,
} from './email/connectEmail.js'
export {
  connectEmail,
  EmailCooldownError,
  EmbeddedWalletNotConfiguredError,
  getEmailCooldownSeconds,
  InvalidEmailError,
} from './email/connectEmail.js'
export type { EmailLoginInfo } from './email/emailLogin.js'
export { getEmailLogin, watchEmailLogin } from './email/emailLogin.js'
export { EMBEDDED_WALLET_CONNECTOR_ID } from './email/embeddedWalletConnectorId.js'
export type { ChangeEmailParameters } from './email/modal/changeEmail.js'
export { changeEmail } from './email/modal/changeEmail.js'
export type { StartEmailLoginParameters } from './email/modal/startEmailLogin.js'
export { startEmailLogin } from './email/modal/startEmailLogin.js'
export type { VerifyEmailCodeParameters } from './email/modal/verifyEmailCode.js'
export { verifyEmailCode } from './email/modal/verifyEmailCode.js'
export type { EmbeddedAccountTypeNotAvailableErrorType } from './email/smartAccount/setEmbeddedAccountType.js'
export {
  EmbeddedAccountTypeNotAvailableError,
  setEmbeddedAccountType,
} from './email/smartAccount/setEmbeddedAccountType.js'
export type {
  DeviceStillNotApprovedErrorType,
  InvalidOtpErrorType,
  SubmitEmailOtpErrorType,
  SubmitEmailOtpParameters,
  SubmitEmailOtpReturnType,
} from './email/submitEmailOtp.js'
export { DeviceStillNotApprovedError, InvalidOtpError, submitEmailOtp } from './email/submitEmailOtp.js'
// Types
export type { EmailConnectAction, EmbeddedWallet, EmbeddedWalletUser } from './email/types.js'
export type {
  UpdateEmailErrorType,
  UpdateEmailParameters,
  UpdateEmailReturnType,
} from './email/updateEmail.js'
export { updateEmail } from './email/updateEmail.js'
export type { BaseErrorOptions } from './errors/base.js'
// Errors and user-facing texts
export {
  AdapterNotFoundError,
  BaseError,
  ConnectorNotFoundError,
  InvalidChainIdError,
  InvalidResponseError,
  NetworkNotFoundError,
  NotConnectedError,
  ProviderRequestError,
  ProviderTimeoutError,
  RequestCancelledError,
  SendFailedError,
  TransactionWouldFailError,
  UnrecognizedChainError,
  UserRejectedRequestError,
  WrongNetworkError,
} from './errors/base.js'
export type {
  ConnectFarcasterReturnType,
  FarcasterLinkExpiredErrorType,
  FarcasterLoginUnsupportedErrorType,
} from './farcaster/connectFarcaster.js'
export {
  connectFarcaster,
  FarcasterLinkExpiredError,
  FarcasterLoginUnsupportedError,
} from './farcaster/connectFarcaster.js'
export type { FarcasterLoginInfo } from './farcaster/farcasterLogin.js'
export { getFarcasterLogin, watchFarcasterLogin } from './farcaster/farcasterLogin.js'
export { leaveFarcasterLogin } from './farcaster/leaveFarcasterLogin.js'
export { startFarcasterLogin } from './farcaster/modal/startFarcasterLogin.js'
export { FARCASTER_RESYNC_DELAY_MS } from './farcaster/reloadFrameAfterFarcaster.js'
export type { NumberSeparators } from './format/formatUnits.js'
export { formatDisplayAmount, formatUnits, shortenAddress } from './format/formatUnits.js'
export type { ParseUnitsOptions, ParseUnitsReason } from './format/parseUnits.js'
export { ParseUnitsError, parseUnits } from './format/parseUnits.js'
export type { RelativeTime } from './format/relativeTime.js'
export { getRelativeTime } from './format/relativeTime.js'
export { isSafeImageUrl } from './format/safeImageUrl.js'
export { initialize, initializeWhenIdle, RECONNECT_TIMEOUT_MS } from './initialize.js'
export { getLogger } from './logger.js'
export { closeModal, isSiwxCloseRefused } from './modal/closeModal.js'
export type { CloseModalByPointerParameters } from './modal/closeModalByPointer.js'
export { closeModalByPointer, MODAL_CLOSE_GUARD_MS } from './modal/closeModalByPointer.js'
export { getDefaultRoute } from './modal/getDefaultRoute.js'
export { getIsMobile } from './modal/getIsMobile.js'
export { goBack } from './modal/goBack.js'
export type { LegalNotAcceptedErrorType } from './modal/legalConsent.js'
export { acceptLegal, isLegalPending, LegalNotAcceptedError } from './modal/legalConsent.js'
// Reads and change feeds
export { getModal, getRouter, getTheme, watchModal, watchRouter, watchTheme } from './modal/modal.js'
export type { NavigateParameters } from './modal/navigate.js'
export { navigate } from './modal/navigate.js'
export type { OpenModalParameters } from './modal/openModal.js'
export { openModal } from './modal/openModal.js'
export type { Route, View } from './modal/routes.js'
export type { SetAccountTabParameters, SetAccountTabReturnType } from './modal/setAccountTab.js'
export { setAccountTab } from './modal/setAccountTab.js'
export type { SetThemeParameters } from './modal/setTheme.js'
export { setTheme } from './modal/setTheme.js'
export { shakeModal } from './modal/shakeModal.js'
export type { Abandon } from './modal/subViews.js'
export { canGoBack, SUB_VIEWS } from './modal/subViews.js'
export { isReceiverName } from './names/isReceiverName.js'
export type {
  InvalidNameErrorType,
  NameNotResolvedErrorType,
  NamesUnavailableErrorType,
} from './names/namesErrors.js'
export { InvalidNameError, NameNotResolvedError, NamesUnavailableError } from './names/namesErrors.js'
export { NAMES_MESSAGES } from './names/namesMessages.js'
export { addNetwork } from './network/addNetwork.js'
// Networks, formatting
export {
  CAIP2_PATTERN,
  CAIP10_PATTERN,
  CHAIN_NAMESPACES,
  isCaipNetworkId,
  isChainNamespace,
  parseCaipAddress,
  parseCaipNetworkId,
  toCaipAddress,
  toCaipNetworkId,
} from './network/caip.js'
export type { SelectNetworkParameters } from './network/modal/selectNetwork.js'
export { selectNetwork } from './network/modal/selectNetwork.js'
export type { NetworkInfo } from './network/network.js'
export { getNetwork, watchNetwork } from './network/network.js'
export { removeNetwork } from './network/removeNetwork.js'
export type {
  SwitchNetworkErrorType,
  SwitchNetworkParameters,
  SwitchNetworkReturnType,
} from './network/switchNetwork.js'
export { switchNetwork } from './network/switchNetwork.js'
export type { CaipAddress, CaipNetworkId, ChainNamespace, NativeCurrency, Network } from './network/types.js'
export type { MessageKey, Notice } from './notices/messages.js'
export { formatMessage, MESSAGES } from './notices/messages.js'
export { getAlert, getToast, watchAlert, watchToast } from './notices/notices.js'
export type { ShowAlertParameters } from './notices/showAlert.js'
export { dismissAlert, showAlert } from './notices/showAlert.js'
export type { ShowApiAlertParameters } from './notices/showApiAlert.js'
export { showApiAlert } from './notices/showApiAlert.js'
export type { ShowToastParameters } from './notices/showToast.js'
export { showToast, TOAST_DURATION_MS } from './notices/showToast.js'
export { getOnrampProviders } from './onramp/getOnrampProviders.js'
// Buying with a card (SPEC §9).
export type { OnrampProvider, OnrampProviderId } from './onramp/onrampProviders.js'
export {
  isOnrampRestricted,
  ONRAMP_PROVIDERS,
  ONRAMP_RESTRICTED_TIME_ZONES,
} from './onramp/onrampProviders.js'
export type {
  OnrampErrorType,
  OnrampWindow,
  OpenOnrampErrorType,
  OpenOnrampParameters,
  OpenOnrampReturnType,
} from './onramp/openOnramp.js'
export { OnrampError, openOnramp } from './onramp/openOnramp.js'
export type { AnalyticsEvent, Portico, PorticoState } from './portico.js'
export { findListedWallet, getCustomWallets, getLegalLinks } from './registry/customWallets.js'
export { isHttpsPage } from './registry/isHttpsPage.js'
export type {
  RefreshWalletRegistryErrorType,
  RefreshWalletRegistryParameters,
  RefreshWalletRegistryReturnType,
} from './registry/refreshWalletRegistry.js'
export { refreshWalletRegistry } from './registry/refreshWalletRegistry.js'
export { getRegistryWallets, watchRegistryWallets } from './registry/walletRegistry.js'
export type { WatchParameters } from './selector.js'
export type {
  EstimateSendFeeErrorType,
  EstimateSendFeeParameters,
  EstimateSendFeeReturnType,
} from './send/estimateSendFee.js'
export { estimateSendFee } from './send/estimateSendFee.js'
export type { CancelSendReturnType } from './send/modal/cancelSend.js'
export { cancelSend } from './send/modal/cancelSend.js'
export type { ChooseSendTokenParameters, ChooseSendTokenReturnType } from './send/modal/chooseSendToken.js'
export { chooseSendToken } from './send/modal/chooseSendToken.js'
export type { FinishSendReturnType } from './send/modal/finishSend.js'
export { finishSend } from './send/modal/finishSend.js'
export type {
  PasteSendReceiverParameters,
  PasteSendReceiverReturnType,
} from './send/modal/pasteSendReceiver.js'
export { pasteSendReceiver } from './send/modal/pasteSendReceiver.js'
export type { ReviewSendReturnType } from './send/modal/reviewSend.js'
export { reviewSend } from './send/modal/reviewSend.js'
export type { SubmitSendReturnType } from './send/modal/submitSend.js'
export { submitSend } from './send/modal/submitSend.js'
export { FEE_ESTIMATE_DEBOUNCE_MS, startSendForm } from './send/modal/watchSendForm.js'
export type { SendCheckInput, SendInfo, SendProblem, SendValidation } from './send/send.js'
export {
  getSend,
  getSendMax,
  getSendValidation,
  watchSend,
  watchSendMax,
  watchSendValidation,
} from './send/send.js'
export type {
  SendConfirmationTimeoutErrorType,
  SendUnavailableErrorType,
  SendValidationErrorType,
} from './send/sendErrors.js'
export { SendConfirmationTimeoutError, SendUnavailableError, SendValidationError } from './send/sendErrors.js'
export type { SendTokensErrorType, SendTokensParameters, SendTokensReturnType } from './send/sendTokens.js'
export { sendTokens } from './send/sendTokens.js'
export type { SetSendAmountParameters, SetSendAmountReturnType } from './send/setSendAmount.js'
export { setSendAmount } from './send/setSendAmount.js'
export type { SetSendReceiverParameters, SetSendReceiverReturnType } from './send/setSendReceiver.js'
export { setSendReceiver } from './send/setSendReceiver.js'
export { checkSiwx } from './siwx/checkSiwx.js'
export { cancelSiwx } from './siwx/modal/cancelSiwx.js'
export { signIn } from './siwx/modal/signIn.js'
export type {
  RequestSiwxSignatureErrorType,
  RequestSiwxSignatureReturnType,
} from './siwx/requestSiwxSignature.js'
export {
  requestSiwxSignature,
  SiwxNotEnabledError,
  SiwxPrerequisiteError,
} from './siwx/requestSiwxSignature.js'
export type { SiwxInfo } from './siwx/siwx.js'
export { getSiwx, watchSiwx } from './siwx/siwx.js'
export { SiwxTimeoutError } from './siwx/siwxTimeout.js'
export type { SiwxCacao, SiwxConfig, SiwxMessage, SiwxMessageData, SiwxSession } from './siwx/types.js'
export { cancelSocialLogin } from './social/cancelSocialLogin.js'
export { connectMethodsOrder } from './social/connectMethodsOrder.js'
export type { ConnectSocialParameters } from './social/modal/connectSocial.js'
export { connectSocial } from './social/modal/connectSocial.js'
export type { SocialLoginInfo } from './social/socialLogin.js'
export { getSocialLogin, watchSocialLogin } from './social/socialLogin.js'
export { SOCIAL_MESSAGES } from './social/socialMessages.js'
export { socialProviderName } from './social/socialProviderName.js'
export type { SocialWindow } from './social/socialWindow.js'
export type { SocialProvider } from './social/types.js'
export { SOCIAL_PROVIDERS } from './social/types.js'
export type {
  AccountState,
  AccountTab,
  AccountType,
  ActivityError,
  ActivityState,
  Alert,
  AlertVariant,
  ChainState,
  ConnectionError,
  ConnectionState,
  ConnectionStatus,
  ConnectorsState,
  EmailLoginState,
  EmailLoginStatus,
  FarcasterLoginState,
  FarcasterLoginStatus,
  ModalState,
  NetworkState,
  PendingTransaction,
  RecentWallet,
  RouterState,
  SendError,
  SendState,
  SendStep,
  SentTransaction,
  SiwxState,
  SiwxStatus,
  SocialLoginState,
  SocialLoginStatus,
  SwapFormToken,
  SwapFormTransaction,
  SwapState,
  SwapTokenWithBalance,
  ThemeMode,
  ThemeState,
  ThemeVariables,
  Toast,
  ToastVariant,
  WalletConnectState,
  WalletConnectStatus,
  WalletRegistryState,
} from './state.js'
export type { StorageKey, StorageValue } from './storage/keys.js'
// Storage
export type { Storage } from './storage/storage.js'
export { createBrowserStorage, createMemoryStorage } from './storage/storage.js'
export type { TypedStorage } from './storage/typedStorage.js'
export { createTypedStorage } from './storage/typedStorage.js'
// Swap: the rest is in `@portico/core/swap`; this asks, loading the swap service only when called.
export type { CheckSwapSupportParameters, CheckSwapSupportReturnType } from './swap/checkSwapSupport.js'
export { checkSwapSupport } from './swap/checkSwapSupport.js'
export type {
  ConnectWalletConnectErrorType,
  ConnectWalletConnectParameters,
  ConnectWalletConnectReturnType,
  WalletConnectNoAccountErrorType,
  WalletConnectNotConfiguredErrorType,
} from './walletConnect/connectWalletConnect.js'
export {
  cancelWalletConnect,
  connectWalletConnect,
  WalletConnectNoAccountError,
  WalletConnectNotConfiguredError,
} from './walletConnect/connectWalletConnect.js'
export { WALLET_CONNECT_ICON } from './walletConnect/icon.js'
export type { SelectMobileWalletParameters } from './walletConnect/modal/selectMobileWallet.js'
export { selectMobileWallet } from './walletConnect/modal/selectMobileWallet.js'
export { showPairing } from './walletConnect/modal/showPairing.js'
export type {
  RegistryWallet,
  WalletConnect,
  WalletConnectAuthRequest,
  WalletConnectConnection,
  WalletConnectEvent,
  WalletConnectNamespaceRequest,
  WalletConnectPairing,
  WalletConnectSession,
  WalletInstallLinks,
} from './walletConnect/types.js'
export { WALLET_INSTALL_PLATFORMS } from './walletConnect/types.js'
export type { WalletConnectInfo } from './walletConnect/walletConnect.js'
export { getWalletConnect, watchWalletConnect } from './walletConnect/walletConnect.js'
export { WALLET_CONNECT_CONNECTOR_ID } from './walletConnect/walletConnectConnectorId.js'
export type { BuildWalletLinkParameters } from './walletConnect/walletLink.js'
export { buildWalletLink, InvalidPairingUriError, UnsafeWalletLinkError } from './walletConnect/walletLink.js'
