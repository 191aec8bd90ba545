// Node entry @portico/test/solana: a Solana JSON-RPC test validator over LiteSVM.
export type { AccountEncoding } from './accounts.js'
export { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from './accounts.js'
export { RPC_ERROR, SolanaRpcError } from './jsonRpc.js'
export { REPORTED_SOLANA_CORE_VERSION } from './rpcMethods.js'
export { BLOCKHASH_VALIDITY_BLOCKS, LAMPORTS_PER_SIGNATURE } from './solanaLedger.js'
export type {
  CreateTestSplTokenOptions,
  GetTestSplBalanceOptions,
  MintTestSplTokensOptions,
  TestSplToken,
  TestSplTokenProgram,
} from './splToken.js'
export { createTestSplToken, getTestSplBalance, mintTestSplTokens, SplTokenSetupError } from './splToken.js'
export type { SolanaTestValidator, StartSolanaTestValidatorOptions } from './startSolanaTestValidator.js'
export { SolanaAirdropError, startSolanaTestValidator } from './startSolanaTestValidator.js'
export { getSolTransferInstruction, SYSTEM_PROGRAM_ADDRESS } from './transferInstruction.js'
