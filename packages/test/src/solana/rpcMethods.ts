import {
  type Address,
  getBase58Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  isAddress,
} from '@solana/kit'
import {
  type AccountDataConfig,
  readAccount,
  readAccountDataConfig,
  readTokenAccountKeys,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
  toRpcAccount,
  uiTokenAmount,
} from './accounts.js'
import {
  configAt,
  invalidParam,
  invalidParams,
  RPC_ERROR,
  SolanaRpcError,
  stringAt,
  toU64,
  u64At,
} from './jsonRpc.js'
import {
  base58Bytes,
  type CommittedTransaction,
  type DecodedTransaction,
  type SolanaLedger,
} from './solanaLedger.js'
import { describeTransactionError } from './transactionErrors.js'

/** The Solana core version this server reports; nominal, since LiteSVM is not a versioned validator. */
export const REPORTED_SOLANA_CORE_VERSION = '3.0.0'
const MAX_SIGNATURE_STATUSES = 256
const MAX_MULTIPLE_ACCOUNTS = 100
const MAX_SIGNATURES_FOR_ADDRESS = 1000
const COMMITMENTS = new Set(['processed', 'confirmed', 'finalized'])

type Params = readonly unknown[]
export type RpcMethod = (ledger: SolanaLedger, params: Params) => unknown

/** Every JSON-RPC method the test validator answers, by name. */
export const RPC_METHODS: Readonly<Record<string, RpcMethod>> = {
  getHealth: () => 'ok',
  getVersion: () => ({ 'solana-core': REPORTED_SOLANA_CORE_VERSION, 'feature-set': 0 }),
  getGenesisHash: (ledger) => ledger.genesisHash,
  getSlot: (ledger, params) => {
    checkContext(ledger, configAt(params, 0))
    return ledger.slot
  },
  getBlockHeight: (ledger, params) => {
    checkContext(ledger, configAt(params, 0))
    return ledger.slot
  },
  getTransactionCount: (ledger, params) => {
    checkContext(ledger, configAt(params, 0))
    return ledger.processedTransactionCount
  },
  getEpochInfo: (ledger, params) => {
    checkContext(ledger, configAt(params, 0))
    return { ...epochOf(ledger), transactionCount: ledger.processedTransactionCount }
  },
  getBalance: (ledger, params) => {
    const address = addressAt(params, 0)
    checkContext(ledger, configAt(params, 1))
    return withContext(ledger, ledger.svm.getBalance(address) ?? 0n)
  },
  getLatestBlockhash: (ledger, params) => {
    checkContext(ledger, configAt(params, 0))
    return withContext(ledger, ledger.latestBlockhash())
  },
  isBlockhashValid: (ledger, params) => {
    const blockhash = stringAt(params, 0, 'the blockhash')
    checkContext(ledger, configAt(params, 1))
    return withContext(ledger, ledger.isBlockhashValid(blockhash))
  },
  getMinimumBalanceForRentExemption: (ledger, params) => {
    const size = params[0] === undefined ? 0n : u64At(params, 0, 'the data length')
    checkContext(ledger, configAt(params, 1))
    return ledger.svm.minimumBalanceForRentExemption(size)
  },
  getAccountInfo: (ledger, params) => {
    const address = addressAt(params, 0)
    const config = configAt(params, 1)
    checkContext(ledger, config)
    const dataConfig = readAccountDataConfig(config, 'base58')
    return withContext(ledger, accountJson(ledger, address, dataConfig, config.encoding === undefined))
  },
  getMultipleAccounts: (ledger, params) => {
    const list = params[0]
    if (!Array.isArray(list)) throw invalidParams('the addresses must be an array')
    if (list.length > MAX_MULTIPLE_ACCOUNTS)
      throw invalidParams(`Too many inputs provided; max ${MAX_MULTIPLE_ACCOUNTS}`)
    const addresses = list.map((_, index) => addressAt(list, index))
    const config = configAt(params, 1)
    checkContext(ledger, config)
    const dataConfig = readAccountDataConfig(config, 'base64')
    return withContext(
      ledger,
      addresses.map((address) => accountJson(ledger, address, dataConfig, false)),
    )
  },
  getTokenAccountsByOwner: (ledger, params) => {
    const owner = addressAt(params, 0)
    const filter = configAt(params, 1)
    const config = configAt(params, 2)
    checkContext(ledger, config)
    const dataConfig = readAccountDataConfig(config, 'base64')
    let programs: Address[]
    let mint: Address | undefined
    if (typeof filter.mint === 'string') {
      if (!isAddress(filter.mint)) throw invalidParam()
      mint = filter.mint as Address
      const mintAccount = readAccount(ledger.svm, mint)
      if (!mintAccount) throw invalidParams('Invalid param: could not find mint')
      programs = [mintAccount.programAddress]
    } else if (typeof filter.programId === 'string') {
      if (filter.programId !== TOKEN_PROGRAM_ADDRESS && filter.programId !== TOKEN_2022_PROGRAM_ADDRESS)
        throw invalidParams('Invalid param: unrecognized Token program id')
      programs = [filter.programId as Address]
    } else {
      throw invalidParams('the filter needs a mint or a programId')
    }
    const value: { pubkey: Address; account: unknown }[] = []
    for (const program of programs) {
      for (const account of ledger.svm.getProgramAccounts(program)) {
        const data = new Uint8Array(account.data)
        const keys = readTokenAccountKeys(data)
        if (!keys || keys.owner !== owner || (mint !== undefined && keys.mint !== mint)) continue
        value.push({
          pubkey: account.address,
          account: toRpcAccount(ledger.svm, { ...account, data }, dataConfig),
        })
      }
    }
    return withContext(ledger, value)
  },
  getTokenAccountBalance: (ledger, params) => {
    const address = addressAt(params, 0)
    checkContext(ledger, configAt(params, 1))
    const account = readAccount(ledger.svm, address)
    const keys = account ? readTokenAccountKeys(account.data) : undefined
    const mint = keys ? readAccount(ledger.svm, keys.mint) : null
    if (!account || !keys || !mint || mint.data.length < 45)
      throw invalidParams('Invalid param: not a Token account')
    const amount = new DataView(
      account.data.buffer,
      account.data.byteOffset,
      account.data.byteLength,
    ).getBigUint64(64, true)
    return withContext(ledger, uiTokenAmount(amount, mint.data[44] ?? 0))
  },
  getFeeForMessage: (ledger, params) => {
    const text = stringAt(params, 0, 'the message')
    checkContext(ledger, configAt(params, 1))
    let message: ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>
    try {
      message = getCompiledTransactionMessageDecoder().decode(getBase64Encoder().encode(text))
    } catch (error) {
      throw invalidParams(`invalid message: ${(error as Error).message}`)
    }
    // A validator has no fee for a message whose blockhash it no longer accepts.
    const fee = ledger.isBlockhashValid(message.lifetimeToken) ? ledger.feeFor(message) : null
    return withContext(ledger, fee)
  },
  requestAirdrop: async (ledger, params) => {
    const address = addressAt(params, 0)
    const lamports = u64At(params, 1, 'the lamports')
    checkContext(ledger, configAt(params, 2))
    const outcome = await ledger.airdrop(address, lamports)
    if (!outcome.committed)
      throw new SolanaRpcError(
        RPC_ERROR.internal,
        `airdrop request failed: ${describeTransactionError(outcome.err)}`,
      )
    return outcome.entry.decoded.signature
  },
  sendTransaction: async (ledger, params) => {
    const config = configAt(params, 1)
    const decoded = decodeTransactionParam(ledger, params, config.encoding ?? 'base58')
    if (config.skipPreflight !== undefined && typeof config.skipPreflight !== 'boolean')
      throw invalidParams('skipPreflight must be a boolean')
    if (config.preflightCommitment !== undefined) readCommitment(config.preflightCommitment)
    // maxRetries only bounds a validator's rebroadcasts; this ledger executes at once, so it is checked, not used.
    if (config.maxRetries !== undefined && toU64(config.maxRetries) === undefined)
      throw invalidParams('maxRetries must be a non-negative integer')
    checkContext(ledger, { minContextSlot: config.minContextSlot })
    if (!(await ledger.verifySignatures(decoded))) throw signatureVerificationFailure()
    if (config.skipPreflight !== true) {
      const simulation = ledger.simulate(decoded, { sigVerify: true, replaceRecentBlockhash: false })
      if (simulation.err !== null) {
        throw new SolanaRpcError(
          RPC_ERROR.sendTransactionPreflightFailure,
          `Transaction simulation failed: ${describeTransactionError(simulation.err)}`,
          {
            err: simulation.err,
            logs: simulation.logs,
            accounts: null,
            unitsConsumed: simulation.unitsConsumed,
            returnData: simulation.returnData,
            innerInstructions: null,
            replacementBlockhash: null,
          },
        )
      }
    }
    // Without preflight a validator answers the signature even when the transaction is then dropped.
    ledger.process(decoded)
    return decoded.signature
  },
  simulateTransaction: async (ledger, params) => {
    const config = configAt(params, 1)
    const decoded = decodeTransactionParam(ledger, params, config.encoding ?? 'base58')
    const sigVerify = config.sigVerify === true
    const replaceRecentBlockhash = config.replaceRecentBlockhash === true
    if (sigVerify && replaceRecentBlockhash)
      throw invalidParams('sigVerify may not be used with replaceRecentBlockhash')
    checkContext(ledger, config)
    if (sigVerify && !(await ledger.verifySignatures(decoded))) throw signatureVerificationFailure()
    const accountsConfig = config.accounts as { addresses?: unknown; encoding?: unknown } | undefined
    const simulation = ledger.simulate(decoded, { sigVerify, replaceRecentBlockhash })
    let accounts: unknown[] | null = null
    if (accountsConfig) {
      if (!Array.isArray(accountsConfig.addresses)) throw invalidParams('accounts.addresses must be an array')
      const dataConfig = readAccountDataConfig({ encoding: accountsConfig.encoding }, 'base64')
      const addresses = accountsConfig.addresses.map((_, index) =>
        addressAt(accountsConfig.addresses as Params, index),
      )
      accounts = addresses.map((address) => {
        const account = simulation.postAccounts.get(address) ?? readAccount(ledger.svm, address)
        return account ? toRpcAccount(ledger.svm, account, dataConfig) : null
      })
    }
    return withContext(ledger, {
      err: simulation.err,
      logs: simulation.logs,
      accounts,
      unitsConsumed: simulation.unitsConsumed,
      returnData: simulation.returnData,
      innerInstructions: config.innerInstructions === true ? simulation.innerInstructions : null,
      replacementBlockhash: replaceRecentBlockhash ? ledger.latestBlockhash() : null,
    })
  },
  getSignatureStatuses: (ledger, params) => {
    const list = params[0]
    if (!Array.isArray(list)) throw invalidParams('the signatures must be an array')
    if (list.length > MAX_SIGNATURE_STATUSES)
      throw invalidParams(`Too many inputs provided; max ${MAX_SIGNATURE_STATUSES}`)
    const value = list.map((_, index) => {
      const entry = ledger.history.get(signatureAt(list, index))
      if (!entry) return null
      return {
        slot: entry.slot,
        // Null confirmations mean rooted: this ledger has no forks, so a committed slot is final.
        confirmations: null,
        err: entry.err,
        status: entry.err === null ? { Ok: null } : { Err: entry.err },
        confirmationStatus: 'finalized',
      }
    })
    return withContext(ledger, value)
  },
  getSignaturesForAddress: (ledger, params) => {
    const address = addressAt(params, 0)
    const config = configAt(params, 1)
    checkContext(ledger, config)
    const limit = config.limit === undefined ? MAX_SIGNATURES_FOR_ADDRESS : Number(toU64(config.limit) ?? -1)
    if (limit < 1 || limit > MAX_SIGNATURES_FOR_ADDRESS) throw invalidParams('Invalid limit; max 1000')
    const before = config.before === undefined ? undefined : signatureAt([config.before], 0)
    const until = config.until === undefined ? undefined : signatureAt([config.until], 0)
    const found: unknown[] = []
    let started = before === undefined
    for (let index = ledger.order.length - 1; index >= 0 && found.length < limit; index--) {
      const signature = ledger.order[index] as string
      if (signature === until) break
      if (!started) {
        started = signature === before
        continue
      }
      const entry = ledger.history.get(signature) as CommittedTransaction
      if (!entry.accountKeys.includes(address)) continue
      found.push({
        signature,
        slot: entry.slot,
        err: entry.err,
        memo: null,
        blockTime: entry.blockTime,
        confirmationStatus: 'finalized',
      })
    }
    return found
  },
  getTransaction: (ledger, params) => {
    const signature = signatureAt(params, 0)
    const config = typeof params[1] === 'string' ? { encoding: params[1] } : configAt(params, 1)
    if (config.commitment === 'processed')
      throw invalidParams('Method does not support commitment below `confirmed`')
    const encoding = config.encoding ?? 'json'
    if (encoding !== 'json' && encoding !== 'jsonParsed' && encoding !== 'base64' && encoding !== 'base58')
      throw invalidParams(`unsupported encoding: ${String(encoding)}`)
    const entry = ledger.history.get(signature)
    if (!entry) return null
    const version = entry.decoded.message.version
    const maxVersion = config.maxSupportedTransactionVersion
    if (version !== 'legacy' && (maxVersion === undefined || Number(maxVersion) < version)) {
      throw new SolanaRpcError(
        RPC_ERROR.unsupportedTransactionVersion,
        `Transaction version (${version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${version}`,
      )
    }
    return {
      slot: entry.slot,
      blockTime: entry.blockTime,
      transaction: transactionJson(entry, encoding),
      meta: metaJson(entry, encoding === 'jsonParsed'),
      ...(maxVersion === undefined ? {} : { version }),
    }
  },
}

function signatureVerificationFailure(): SolanaRpcError {
  return new SolanaRpcError(
    RPC_ERROR.transactionSignatureVerificationFailure,
    'Transaction signature verification failure',
  )
}

function withContext<T>(ledger: SolanaLedger, value: T) {
  return { context: { apiVersion: REPORTED_SOLANA_CORE_VERSION, slot: ledger.slot }, value }
}

// A validator refuses a request whose minContextSlot it has not reached, and an unknown commitment.
function checkContext(ledger: SolanaLedger, config: Record<string, unknown>): void {
  if (config.commitment !== undefined) readCommitment(config.commitment)
  if (config.minContextSlot === undefined) return
  const minContextSlot = toU64(config.minContextSlot)
  if (minContextSlot === undefined) throw invalidParams('minContextSlot must be a non-negative integer')
  if (minContextSlot > ledger.slot)
    throw new SolanaRpcError(
      RPC_ERROR.minContextSlotNotReached,
      'Minimum context slot has not been reached',
      {
        contextSlot: ledger.slot,
      },
    )
}

function readCommitment(value: unknown): string {
  if (typeof value !== 'string' || !COMMITMENTS.has(value))
    throw invalidParams(
      `unknown variant \`${String(value)}\`, expected one of \`processed\`, \`confirmed\`, \`finalized\``,
    )
  return value
}

function addressAt(params: Params, index: number): Address {
  const value = params[index]
  if (typeof value !== 'string' || !isAddress(value)) throw invalidParam()
  return value
}

function signatureAt(params: Params, index: number): string {
  const value = params[index]
  if (typeof value !== 'string' || !/^[1-9A-HJ-NP-Za-km-z]{64,88}$/.test(value)) throw invalidParam()
  return value
}

function accountJson(
  ledger: SolanaLedger,
  address: Address,
  config: AccountDataConfig,
  legacyBinary: boolean,
): unknown {
  const account = readAccount(ledger.svm, address)
  if (!account) return null
  const json = toRpcAccount(ledger.svm, account, config)
  // Without an encoding a validator answers the legacy "binary" form: a bare base58 string.
  return legacyBinary ? { ...json, data: (json.data as [string, string])[0] } : json
}

function decodeTransactionParam(ledger: SolanaLedger, params: Params, encoding: unknown): DecodedTransaction {
  const text = stringAt(params, 0, 'the transaction')
  let bytes: Uint8Array
  if (encoding === 'base64') {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) throw invalidParams('invalid base64 encoding')
    bytes = new Uint8Array(getBase64Encoder().encode(text))
  } else if (encoding === 'base58') {
    try {
      bytes = base58Bytes(text)
    } catch {
      throw invalidParams('invalid base58 encoding')
    }
  } else {
    throw invalidParams(`unsupported encoding: ${String(encoding)}. Supported encodings: base58, base64`)
  }
  try {
    return ledger.decode(bytes)
  } catch (error) {
    throw invalidParams(
      `failed to deserialize solana_transaction::versioned::VersionedTransaction: ${(error as Error).message}`,
    )
  }
}

function epochOf(ledger: SolanaLedger) {
  const schedule = ledger.svm.getEpochSchedule()
  const slot = ledger.slot
  const minimum = 32n
  let epoch: bigint
  let slotIndex: bigint
  let slotsInEpoch: bigint
  if (schedule.warmup && slot < schedule.firstNormalSlot) {
    // Agave's warm-up epochs double in length from 32 slots.
    let length = minimum
    let start = 0n
    epoch = 0n
    while (slot >= start + length) {
      start += length
      length *= 2n
      epoch += 1n
    }
    slotIndex = slot - start
    slotsInEpoch = length
  } else {
    const firstNormalSlot = schedule.warmup ? schedule.firstNormalSlot : 0n
    const firstNormalEpoch = schedule.warmup ? schedule.firstNormalEpoch : 0n
    const normal = slot - firstNormalSlot
    epoch = firstNormalEpoch + normal / schedule.slotsPerEpoch
    slotIndex = normal % schedule.slotsPerEpoch
    slotsInEpoch = schedule.slotsPerEpoch
  }
  return { absoluteSlot: slot, blockHeight: slot, epoch, slotIndex, slotsInEpoch }
}

function transactionJson(entry: CommittedTransaction, encoding: string): unknown {
  const { decoded } = entry
  if (encoding === 'base64') return [Buffer.from(decoded.bytes).toString('base64'), 'base64']
  if (encoding === 'base58') return [getBase58Decoder().decode(decoded.bytes), 'base58']
  const base58 = getBase58Decoder()
  const message = decoded.message
  const signatures = Object.values(decoded.transaction.signatures).map((signature) =>
    base58.decode(signature ?? new Uint8Array(64)),
  )
  const header = {
    numRequiredSignatures: message.header.numSignerAccounts,
    numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
    numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
  }
  const lookups = 'addressTableLookups' in message ? (message.addressTableLookups ?? []) : []
  const parsed = encoding === 'jsonParsed'
  const keys = entry.accountKeys
  const instructions = message.instructions.map((instruction) => {
    const accounts = instruction.accountIndices ?? []
    const data = base58.decode(instruction.data ?? new Uint8Array())
    // Programs are not decoded: this is the "partially decoded" form a validator gives unknown programs.
    return parsed
      ? {
          programId: keys[instruction.programAddressIndex],
          accounts: accounts.map((i) => keys[i]),
          data,
          stackHeight: null,
        }
      : { programIdIndex: instruction.programAddressIndex, accounts, data, stackHeight: null }
  })
  return {
    signatures,
    message: {
      accountKeys: parsed ? parsedAccountKeys(entry) : message.staticAccounts,
      header,
      recentBlockhash: message.lifetimeToken,
      instructions,
      ...(message.version === 'legacy'
        ? {}
        : {
            addressTableLookups: lookups.map((lookup) => ({
              accountKey: lookup.lookupTableAddress,
              writableIndexes: lookup.writableIndexes,
              readonlyIndexes: lookup.readonlyIndexes,
            })),
          }),
    },
  }
}

function parsedAccountKeys(entry: CommittedTransaction) {
  const { header, staticAccounts } = entry.decoded.message
  const signers = header.numSignerAccounts
  const staticCount = staticAccounts.length
  const loadedWritable = entry.loadedAddresses.writable.length
  return entry.accountKeys.map((pubkey, index) => {
    const isStatic = index < staticCount
    const writable = isStatic
      ? index < signers
        ? index < signers - header.numReadonlySignerAccounts
        : index < staticCount - header.numReadonlyNonSignerAccounts
      : index < staticCount + loadedWritable
    return { pubkey, signer: index < signers, writable, source: isStatic ? 'transaction' : 'lookupTable' }
  })
}

function metaJson(entry: CommittedTransaction, parsed: boolean): unknown {
  const keys = entry.accountKeys
  return {
    err: entry.err,
    status: entry.err === null ? { Ok: null } : { Err: entry.err },
    fee: entry.fee,
    preBalances: entry.preBalances,
    postBalances: entry.postBalances,
    innerInstructions: entry.innerInstructions.map((group) => ({
      index: group.index,
      instructions: group.instructions.map((instruction) =>
        parsed
          ? {
              programId: keys[instruction.programIdIndex],
              accounts: instruction.accounts.map((i) => keys[i]),
              data: instruction.data,
              stackHeight: instruction.stackHeight,
            }
          : instruction,
      ),
    })),
    logMessages: entry.logs,
    preTokenBalances: entry.preTokenBalances,
    postTokenBalances: entry.postTokenBalances,
    rewards: [],
    loadedAddresses: entry.loadedAddresses,
    computeUnitsConsumed: entry.unitsConsumed,
    ...(entry.returnData ? { returnData: entry.returnData } : {}),
  }
}
