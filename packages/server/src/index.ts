export type { CreateIndexerParameters, Indexer } from './activity/createIndexer.js'
export { createIndexer } from './activity/createIndexer.js'
export type { InvalidCursorErrorType } from './activity/errors.js'
export { InvalidCursorError } from './activity/errors.js'
export type { GetHistoryParameters } from './activity/getHistory.js'
export { DEFAULT_HISTORY_LIMIT, getHistory, MAX_HISTORY_LIMIT } from './activity/getHistory.js'
export type { AnalyticsEventInput } from './analytics/ingestEvents.js'
export type { EventCount, QueryEventsParameters, StoredEvent } from './analytics/queryEvents.js'
export { countEvents, listEvents } from './analytics/queryEvents.js'
export type { Mail, MailDeliveryErrorType, Mailer } from './auth/mailer.js'
export { MailDeliveryError } from './auth/mailer.js'
export type { InvalidMasterKeyErrorType } from './auth/masterKey.js'
export { InvalidMasterKeyError } from './auth/masterKey.js'
export type { CliIo } from './cli/runCli.js'
export { runCli } from './cli/runCli.js'
export type { ChainConfig, ServerConfig, TokenConfig } from './config.js'
export { chainConfigSchema, serverConfigSchema, tokenConfigSchema } from './config.js'
export type { CreateDatabaseOptions } from './db/createDatabase.js'
export { createDatabase } from './db/createDatabase.js'
export type { DataDirLockedErrorType } from './db/dataDirLock.js'
export { DataDirLockedError } from './db/dataDirLock.js'
export type { MigrationErrorType } from './db/migrate.js'
export { isMigrated, MigrationError, migrateToLatest } from './db/migrate.js'
export type { PGliteDialectConfig } from './db/pgliteDialect.js'
export { PGliteDialect } from './db/pgliteDialect.js'
export type { Database } from './db/schema.js'
export type { AppDependencies } from './http/createApp.js'
export { createApp } from './http/createApp.js'
export { DEFAULT_ALLOWED_METHODS } from './http/rpcProxy.js'
export type { ConfigErrorType, LoadConfigParameters } from './loadConfig.js'
export { ConfigError, defineConfig, loadConfig } from './loadConfig.js'
export type { CreateLoggerParameters, Logger, LogLevel } from './logger.js'
export { createLogger } from './logger.js'
export type { UpstreamErrorType } from './portfolio/errors.js'
export { UpstreamError } from './portfolio/errors.js'
export type { GetBalancesParameters } from './portfolio/getBalances.js'
export { CANONICAL_MULTICALL3_ADDRESS, getBalances } from './portfolio/getBalances.js'
export type { PricedToken, PriceSource } from './portfolio/prices.js'
export { createStaticPriceSource } from './portfolio/prices.js'
export type { InvalidOriginErrorType } from './projects/origins.js'
export { InvalidOriginError } from './projects/origins.js'
export type {
  AddProjectParameters,
  InvalidProjectErrorType,
  Project,
  ProjectExistsErrorType,
  ProjectNotFoundErrorType,
} from './projects/projects.js'
export {
  addProject,
  getProject,
  InvalidProjectError,
  listProjects,
  ProjectExistsError,
  ProjectNotFoundError,
  removeProject,
  setProjectOrigins,
} from './projects/projects.js'
export { createSiwxVerifiers } from './siwx/createVerifiers.js'
export type { RunningServer, StartServerOptions } from './startServer.js'
export { startServer } from './startServer.js'
export type { SwapChainConfig, SwapConfig, SwapContracts } from './swap/swapConfig.js'
export { CANONICAL_SWAP_CONTRACTS, swapConfigSchema } from './swap/swapConfig.js'
export type {
  InsufficientSwapLiquidityErrorType,
  NoSwapRouteErrorType,
  ProviderQuote,
  SwapAsset,
  SwapBuildRequest,
  SwapProvider,
  SwapProviderErrorType,
  SwapQuoteRequest,
  SwapTransactionRequest,
} from './swap/swapProvider.js'
export { InsufficientSwapLiquidityError, NoSwapRouteError, SwapProviderError } from './swap/swapProvider.js'
export type { ZeroExSwapProviderOptions } from './swap/zeroExSwapProvider.js'
export {
  createZeroExSwapProvider,
  ZERO_EX_ALLOWANCE_HOLDER,
  ZERO_EX_NATIVE_TOKEN,
} from './swap/zeroExSwapProvider.js'
