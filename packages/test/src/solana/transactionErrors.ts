// LiteSVM reports a failed transaction as napi objects and const-enum numbers; a validator reports the
// same TransactionError as JSON (`"BlockhashNotFound"`, `{"InstructionError":[0,{"Custom":1}]}`) and,
// in a preflight failure, as Agave's display text. Both forms are rebuilt here from LiteSVM's answer.

// In LiteSVM's declaration order (TransactionErrorFieldless, InstructionErrorFieldless).
const TRANSACTION_ERRORS = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
] as const

const INSTRUCTION_ERRORS = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
] as const

// Agave's Display texts for the errors a wallet user is likely to meet; the rest show their name.
const TRANSACTION_ERROR_TEXT: Partial<Record<string, string>> = {
  AccountInUse: 'Account in use',
  AccountLoadedTwice: 'Account loaded twice',
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  MissingSignatureForFee: 'Transaction requires a fee but has no signature present',
  InvalidAccountIndex: 'Transaction contains an invalid account reference',
  SignatureFailure: 'Transaction did not pass signature verification',
  InvalidProgramForExecution: 'This program may not be used for executing instructions',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
  UnsupportedVersion: 'Transaction version is unsupported',
  AddressLookupTableNotFound: 'Transaction loads an address table account that does not exist',
}

const INSTRUCTION_ERROR_TEXT: Partial<Record<string, string>> = {
  GenericError: 'generic instruction error',
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  InvalidAccountData: 'invalid account data for instruction',
  AccountDataTooSmall: 'account data too small for instruction',
  InsufficientFunds: 'insufficient funds for instruction',
  IncorrectProgramId: 'incorrect program id for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
  ComputationalBudgetExceeded: 'Computational budget exceeded',
  ProgramFailedToComplete: 'Program failed to complete',
}

/** A TransactionError in the JSON form a validator's RPC answers carry. */
export type TransactionErrorJson = string | Record<string, unknown>

interface NapiObject {
  constructor: { name: string }
}

/** Converts LiteSVM's `FailedTransactionMetadata.err()` to a validator's JSON TransactionError. */
export function toTransactionErrorJson(err: unknown): TransactionErrorJson {
  if (typeof err === 'number') return TRANSACTION_ERRORS[err] ?? `UnknownTransactionError(${err})`
  const object = err as NapiObject & Record<string, unknown>
  switch (object.constructor.name) {
    case 'TransactionErrorInstructionError': {
      const inner = (object.err as () => unknown)()
      return { InstructionError: [object.index, toInstructionErrorJson(inner)] }
    }
    case 'TransactionErrorDuplicateInstruction':
      return { DuplicateInstruction: object.index }
    case 'TransactionErrorInsufficientFundsForRent':
      return { InsufficientFundsForRent: { account_index: object.accountIndex } }
    case 'TransactionErrorProgramExecutionTemporarilyRestricted':
      return { ProgramExecutionTemporarilyRestricted: { account_index: object.accountIndex } }
    default:
      return String(err)
  }
}

function toInstructionErrorJson(err: unknown): string | Record<string, unknown> {
  if (typeof err === 'number') return INSTRUCTION_ERRORS[err] ?? `UnknownInstructionError(${err})`
  const object = err as NapiObject & Record<string, unknown>
  if (object.constructor.name === 'InstructionErrorCustom') return { Custom: object.code }
  if (object.constructor.name === 'InstructionErrorBorshIo') return { BorshIoError: object.msg }
  return String(err)
}

/** Agave's display text of a JSON TransactionError, as in "Transaction simulation failed: <text>". */
export function describeTransactionError(err: TransactionErrorJson): string {
  if (typeof err === 'string') return TRANSACTION_ERROR_TEXT[err] ?? err
  const instruction = err.InstructionError as [number, string | Record<string, unknown>] | undefined
  if (instruction) {
    const [index, inner] = instruction
    let text: string
    if (typeof inner === 'string') text = INSTRUCTION_ERROR_TEXT[inner] ?? inner
    else if (typeof inner.Custom === 'number') text = `custom program error: 0x${inner.Custom.toString(16)}`
    else text = JSON.stringify(inner)
    return `Error processing Instruction ${index}: ${text}`
  }
  const rent = err.InsufficientFundsForRent as { account_index: number } | undefined
  if (rent)
    return `Transaction results in an account (${rent.account_index}) with insufficient funds for rent`
  if (typeof err.DuplicateInstruction === 'number')
    return `Transaction contains a duplicate instruction (${err.DuplicateInstruction}) that is not allowed`
  return JSON.stringify(err)
}
