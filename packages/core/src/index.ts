// Public entry of @portico/core. Names only, no `export *`.

export { addNetwork } from './actions/addNetwork.js'
export type {
  AddPendingTransactionParameters,
  AddPendingTransactionReturnType,
} from './actions/addPendingTransaction.js'
export {
  addPendingTransaction,
  InvalidPendingTransactionError,
  PENDING_TRANSACTIONS_LIMIT,
} from './actions/addPendingTransaction.js'
export { MAX_RECENT_WALLETS } from './actions/applyConnection.js'
export { cancelConnect } from './actions/cancelConnect.js'
// Actions
export type { CancelReconnectParameters } from './actions/cancelReconnect.js'
export { cancelReconnect } from './actions/cancelReconnect.js'
export type { CancelSendReturnType } from './actions/cancelSend.js'
export { cancelSend } from './actions/cancelSend.js'
export { cancelSiwx } from './actions/cancelSiwx.js'
export { checkSiwx } from './actions/checkSiwx.js'
export { closeModal, isSiwxCloseRefused } from './actions/closeModal.js'
export type { ConnectErrorType, ConnectParameters, ConnectReturnType } from './actions/connect.js'
export { connect, findConnector } from './actions/connect.js'
export type { ConnectEmailParameters, ConnectEmailReturnType } from './actions/connectEmail.js'
export {
  connectEmail,
  EMAIL_ADDRESS,
  EMAIL_LOGIN_COOLDOWN_MS,
  EMBEDDED_WALLET_CONNECTOR_ID,
  EmailCooldownError,
  EmbeddedWalletNotConfiguredError,
  getEmailCooldownSeconds,
  InvalidEmailError,
} from './actions/connectEmail.js'
export type { ConnectWalletConnectParameters } from './actions/connectWalletConnect.js'
export {
  cancelWalletConnect,
  connectWalletConnect,
  WALLET_CONNECT_CONNECTOR_ID,
  WalletConnectNotConfiguredError,
} from './actions/connectWalletConnect.js'
export { destroy } from './actions/destroy.js'
export type { DisconnectParameters, DisconnectReturnType } from './actions/disconnect.js'
export { disconnect } from './actions/disconnect.js'
export type { EstimateSendFeeReturnType } from './actions/estimateSendFee.js'
export { estimateSendFee } from './actions/estimateSendFee.js'
export type { FetchActivityParameters, FetchActivityReturnType } from './actions/fetchActivity.js'
export { ACTIVITY_NAMESPACES, fetchActivity } from './actions/fetchActivity.js'
export { getDefaultRoute } from './actions/getDefaultRoute.js'
export { goBack } from './actions/goBack.js'
export { initialize, RECONNECT_TIMEOUT_MS } from './actions/initialize.js'
export type { NavigateParameters } from './actions/navigate.js'
export { navigate } from './actions/navigate.js'
export type { OpenModalParameters } from './actions/openModal.js'
export { openModal } from './actions/openModal.js'
export type { RefreshAccountAssetsParameters } from './actions/refreshAccountAssets.js'
export { refreshAccountAssets } from './actions/refreshAccountAssets.js'
export type { RefreshBalanceParameters } from './actions/refreshBalance.js'
export { refreshBalance } from './actions/refreshBalance.js'
export type {
  RefreshTokenBalancesParameters,
  RefreshTokenBalancesReturnType,
} from './actions/refreshTokenBalances.js'
export {
  BALANCE_RETRY_GUARD_MS,
  NATIVE_BALANCE_CACHE_MS,
  PORTFOLIO_CACHE_MS,
  PORTFOLIO_NAMESPACES,
  refreshTokenBalances,
} from './actions/refreshTokenBalances.js'
export type {
  RefreshWalletRegistryErrorType,
  RefreshWalletRegistryParameters,
  RefreshWalletRegistryReturnType,
} from './actions/refreshWalletRegistry.js'
export { refreshWalletRegistry, WALLET_REGISTRY_TTL_MS } from './actions/refreshWalletRegistry.js'
export { removeAdapter } from './actions/removeAdapter.js'
export { removeNetwork } from './actions/removeNetwork.js'
export type { ReplaceRouteParameters } from './actions/replaceRoute.js'
export { replaceRoute } from './actions/replaceRoute.js'
export type {
  RequestSiwxSignatureErrorType,
  RequestSiwxSignatureReturnType,
} from './actions/requestSiwxSignature.js'
export {
  requestSiwxSignature,
  SIWX_SERVER_UNAVAILABLE_MESSAGE,
  SiwxNotEnabledError,
  SiwxPrerequisiteError,
} from './actions/requestSiwxSignature.js'
export type { ResetActivityParameters } from './actions/resetActivity.js'
export { resetActivity } from './actions/resetActivity.js'
export type { ResetSendParameters, ResetSendReturnType } from './actions/resetSend.js'
export { resetSend } from './actions/resetSend.js'
export { RECONNECT_BOUND_MS } from './actions/restoreConnections.js'
export type { SendTokensErrorType, SendTokensReturnType } from './actions/sendTokens.js'
export {
  SEND_CONFIRMATION_TIMEOUT_MS,
  SendConfirmationTimeoutError,
  SendUnavailableError,
  SendValidationError,
  sendTokens,
} from './actions/sendTokens.js'
export type { SetAccountTabParameters, SetAccountTabReturnType } from './actions/setAccountTab.js'
export { setAccountTab } from './actions/setAccountTab.js'
export type { SetSendAmountParameters, SetSendAmountReturnType } from './actions/setSendAmount.js'
export { setSendAmount } from './actions/setSendAmount.js'
export type { SetSendReceiverParameters, SetSendReceiverReturnType } from './actions/setSendReceiver.js'
export { setSendReceiver } from './actions/setSendReceiver.js'
export type { SetSendTokenParameters, SetSendTokenReturnType } from './actions/setSendToken.js'
export { setSendToken } from './actions/setSendToken.js'
export type { SetThemeParameters } from './actions/setTheme.js'
export { setTheme } from './actions/setTheme.js'
export type {
  SettlePendingTransactionParameters,
  SettlePendingTransactionReturnType,
} from './actions/settlePendingTransaction.js'
export { settlePendingTransaction } from './actions/settlePendingTransaction.js'
export { SHAKE_DURATION_MS, shakeModal } from './actions/shakeModal.js'
export type { ShowAlertParameters } from './actions/showAlert.js'
export { ALERT_DURATION_MS, dismissAlert, showAlert } from './actions/showAlert.js'
export type { ShowApiAlertParameters } from './actions/showApiAlert.js'
export { showApiAlert } from './actions/showApiAlert.js'
export type { ShowToastParameters } from './actions/showToast.js'
export { dismissToast, showToast, TOAST_DURATION_MS } from './actions/showToast.js'
export type { SignMessageParameters } from './actions/signMessage.js'
export { signMessage } from './actions/signMessage.js'
export { getSiwxAccount } from './actions/siwxAccount.js'
export { SIWX_CHECK_TIMEOUT_MS, SiwxTimeoutError } from './actions/siwxTimeout.js'
export type { SubmitEmailOtpParameters } from './actions/submitEmailOtp.js'
export {
  clearEmailLoginCache,
  InvalidOtpError,
  resetEmailLogin,
  submitEmailOtp,
} from './actions/submitEmailOtp.js'
export type {
  SwitchNetworkErrorType,
  SwitchNetworkParameters,
  SwitchNetworkReturnType,
} from './actions/switchNetwork.js'
export { switchNetwork } from './actions/switchNetwork.js'
export type { UpdateEmailParameters, UpdateEmailReturnType } from './actions/updateEmail.js'
export { updateEmail } from './actions/updateEmail.js'
export type { AnalyticsPayload } from './analytics/createAnalytics.js'
export { ANALYTICS_FLUSH_MS, ANALYTICS_MAX_BATCH } from './analytics/createAnalytics.js'
export type { CallApiParameters, RequestApiParameters } from './api/client.js'
export { API_TIMEOUT_MS, callApi, hasApiServer, requestApi } from './api/client.js'
export { ApiNotConfiguredError, ApiRequestError, ServerUnavailableError } from './api/clientErrors.js'
export type { ApiErrorCode, TokenBalance, Transaction, Transfer } from './api/schemas.js'
export type {
  ConnectMethod,
  ConnectorSection,
  Features,
  Metadata,
  PorticoConfig,
  ResolvedOptions,
  WalletFeature,
} from './config.js'
export {
  DEFAULT_CONNECT_METHODS_ORDER,
  DEFAULT_CONNECTOR_ORDER,
  DEFAULT_FEATURES,
  DEFAULT_WALLET_FEATURES_ORDER,
  mergeOrder,
  resolveFeatures,
} from './config.js'
export { createPortico, InvalidConfigError } from './createPortico.js'
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
export type { MessageKey, Notice } from './errors/messages.js'
export {
  API_ERROR_MESSAGES,
  ERROR_CODES,
  formatMessage,
  MESSAGES,
  SWITCH_NETWORK_MESSAGES,
  toUserMessage,
} from './errors/messages.js'
export type { NumberSeparators } from './format/formatUnits.js'
export { formatDisplayAmount, formatUnits, shortenAddress } from './format/formatUnits.js'
export type { ParseUnitsOptions, ParseUnitsReason } from './format/parseUnits.js'
export { ParseUnitsError, parseUnits } from './format/parseUnits.js'
export type { RelativeTime } from './format/relativeTime.js'
export { getRelativeTime } from './format/relativeTime.js'
export { isSafeImageUrl } from './format/safeImageUrl.js'
// Networks, formatting
export {
  CAIP2_PATTERN,
  CAIP10_PATTERN,
  CHAIN_NAMESPACES,
  findNetwork,
  isCaipNetworkId,
  isChainNamespace,
  parseCaipAddress,
  parseCaipNetworkId,
  toCaipAddress,
  toCaipNetworkId,
} from './network/caip.js'
export { DEFAULT_ACCOUNT_TYPES } from './network/createChainState.js'
export type { AnalyticsEvent, Portico, PorticoState } from './portico.js'
export type { AccountInfo, ConnectionInfo } from './reads/account.js'
export { getAccount, getConnection, watchAccount, watchConnection } from './reads/account.js'
export type { AccountTabsInfo, ActivityInfo, ActivityItem } from './reads/activity.js'
export { getAccountTabs, getActivity, watchAccountTabs, watchActivity } from './reads/activity.js'
export type { ConnectorListItem, RegistryWalletListItem, WalletListItem } from './reads/connectors.js'
export {
  BROWSER_WALLET_NAME,
  getConnectorList,
  getWalletList,
  isConnectorVisible,
  searchConnectors,
  watchConnectors,
} from './reads/connectors.js'
export type { EmailLoginInfo } from './reads/emailLogin.js'
export { getEmailLogin, watchEmailLogin } from './reads/emailLogin.js'
// Reads and change feeds
export { getModal, getRouter, getTheme, watchModal, watchRouter, watchTheme } from './reads/modal.js'
export type { NetworkInfo } from './reads/network.js'
export { getNetwork, watchNetwork } from './reads/network.js'
export { getAlert, getToast, watchAlert, watchToast } from './reads/notices.js'
export type { SendCheckInput, SendInfo, SendProblem, SendValidation } from './reads/send.js'
export {
  getSend,
  getSendMax,
  getSendValidation,
  watchSend,
  watchSendValidation,
} from './reads/send.js'
export type { SiwxInfo } from './reads/siwx.js'
export { getSiwx, watchSiwx } from './reads/siwx.js'
export { getIsSmartAccount, watchIsSmartAccount } from './reads/smartAccount.js'
export type { TokenBalancesInfo } from './reads/tokenBalances.js'
export { getTokenBalances, watchTokenBalances } from './reads/tokenBalances.js'
export type { WalletConnectInfo } from './reads/walletConnect.js'
export { getWalletConnect, watchWalletConnect } from './reads/walletConnect.js'
export { canSend, getWalletFeatures, watchWalletFeatures } from './reads/walletFeatures.js'
export { getRegistryWallets, watchRegistryWallets } from './reads/walletRegistry.js'
export type { WatchParameters } from './reads/watch.js'
export type { StorageKey, StorageValue } from './storage/keys.js'
export { STORAGE_PREFIX, STORAGE_VERSION, storageSchemas } from './storage/keys.js'
// Storage
export type { Storage } from './storage/storage.js'
export { createBrowserStorage, createMemoryStorage } from './storage/storage.js'
export type { TypedStorage } from './storage/typedStorage.js'
export { createTypedStorage } from './storage/typedStorage.js'
export type {
  Adapter,
  AdapterContext,
  AdapterEvent,
  AdapterFactory,
  AdapterTokenBalance,
  Balance,
  Connector,
  ConnectorType,
  ConnectResult,
  FeeEstimate,
  Logger,
  SendCapability,
  SendParameters,
} from './types/adapter.js'
// Types
export type { EmailConnectAction, EmbeddedWallet, EmbeddedWalletUser } from './types/embeddedWallet.js'
export type { CaipAddress, CaipNetworkId, ChainNamespace, NativeCurrency, Network } from './types/network.js'
export type { Route, View } from './types/routes.js'
export type { SiwxCacao, SiwxConfig, SiwxMessage, SiwxMessageData, SiwxSession } from './types/siwx.js'
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
  ThemeMode,
  ThemeState,
  ThemeVariables,
  Toast,
  ToastVariant,
  WalletConnectState,
  WalletConnectStatus,
  WalletRegistryState,
} from './types/state.js'
export type {
  RegistryWallet,
  WalletConnect,
  WalletConnectAuthRequest,
  WalletConnectConnection,
  WalletConnectEvent,
  WalletConnectNamespaceRequest,
  WalletConnectPairing,
  WalletConnectSession,
} from './types/walletConnect.js'
export { WALLET_CONNECT_ICON } from './walletConnect/icon.js'
export type { BuildWalletLinkParameters } from './walletConnect/walletLink.js'
export {
  buildWalletLink,
  InvalidPairingUriError,
  UnsafeWalletLinkError,
} from './walletConnect/walletLink.js'
