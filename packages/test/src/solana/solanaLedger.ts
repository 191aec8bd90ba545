import {
  type Address,
  appendTransactionMessageInstruction,
  type Blockhash,
  type CompiledTransactionMessage,
  type CompiledTransactionMessageWithLifetime,
  createTransactionMessage,
  generateKeyPairSigner,
  getAddressDecoder,
  getBase58Decoder,
  getBase58Encoder,
  getCompiledTransactionMessageDecoder,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  getTransactionEncoder,
  type KeyPairSigner,
  type LegacyCompiledTransactionMessage,
  pipe,
  type SignatureBytes,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Transaction,
  lamports as toLamports,
  type V0CompiledTransactionMessage,
  verifySignature,
} from '@solana/kit'
import { Clock, FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from 'litesvm'
import {
  type LedgerAccount,
  parseTokenAccountData,
  readAccount,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
} from './accounts.js'
import { type TransactionErrorJson, toTransactionErrorJson } from './transactionErrors.js'
import { getSolTransferInstruction } from './transferInstruction.js'

/** Lamports per signature, LiteSVM's (and mainnet's) base fee. */
export const LAMPORTS_PER_SIGNATURE = 5000n
/** How many blocks a blockhash stays valid after it was issued, as on a validator. */
export const BLOCKHASH_VALIDITY_BLOCKS = 150n
const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111' as Address
// The faucet's balance: far more than any test airdrops, far below u64::MAX.
const FAUCET_LAMPORTS = 500_000_000_000_000_000n

/** The message versions the ledger executes (LiteSVM runs legacy and v0). */
export type CompiledMessage = LegacyCompiledTransactionMessage | V0CompiledTransactionMessage

/** A wire transaction decoded with kit: its envelope, its compiled message and its first signature. */
export interface DecodedTransaction {
  bytes: Uint8Array
  transaction: Transaction
  message: CompiledMessage & CompiledTransactionMessageWithLifetime
  /** The base58 signature that names the transaction (the fee payer's). */
  signature: string
}

/** What LiteSVM reported for a run, in the validator's terms. */
export interface ExecutionReport {
  err: TransactionErrorJson | null
  logs: string[]
  unitsConsumed: bigint
  innerInstructions: InnerInstructionsJson[]
  returnData: { programId: string; data: [string, 'base64'] } | null
}

export interface InnerInstructionsJson {
  index: number
  instructions: { programIdIndex: number; accounts: number[]; data: string; stackHeight: number }[]
}

export interface TokenBalanceJson {
  accountIndex: number
  mint: string
  owner: string
  programId: string
  uiTokenAmount: unknown
}

/** A transaction the ledger committed, successful or failed on chain, kept for getTransaction and friends. */
export interface CommittedTransaction extends ExecutionReport {
  decoded: DecodedTransaction
  slot: bigint
  blockTime: bigint
  fee: bigint
  accountKeys: Address[]
  loadedAddresses: { writable: Address[]; readonly: Address[] }
  preBalances: bigint[]
  postBalances: bigint[]
  preTokenBalances: TokenBalanceJson[]
  postTokenBalances: TokenBalanceJson[]
}

/** The outcome of handing a transaction to the ledger. */
export type ProcessOutcome =
  | { committed: true; entry: CommittedTransaction }
  | { committed: false; err: TransactionErrorJson }

/** The simulation of a transaction, with the accounts as they would be afterwards. */
export interface SimulationOutcome extends ExecutionReport {
  postAccounts: Map<Address, LedgerAccount>
}

/**
 * The chain behind the test validator: a LiteSVM instance plus what a validator keeps around it — a
 * slot that moves one step per committed transaction, the wall-clock time of each slot, blockhash
 * lifetimes, a faucet, and the history of committed transactions.
 */
export class SolanaLedger {
  readonly svm: LiteSVM
  readonly genesisHash: string
  readonly history = new Map<string, CommittedTransaction>()
  /** Committed signatures, oldest first. */
  readonly order: string[] = []
  private blockhashIssuedAt: bigint
  private currentBlockhash: string
  private transactionCount = 0n

  private constructor(
    svm: LiteSVM,
    private readonly faucet: KeyPairSigner,
  ) {
    this.svm = svm
    this.genesisHash = svm.latestBlockhash()
    this.currentBlockhash = this.genesisHash
    this.blockhashIssuedAt = this.slot
  }

  /** Creates a ledger over a fresh LiteSVM with the standard builtins, sysvars and SPL programs. */
  static async create(): Promise<SolanaLedger> {
    const svm = new LiteSVM()
    const faucet = await generateKeyPairSigner()
    svm.setAccount({
      address: faucet.address,
      lamports: toLamports(FAUCET_LAMPORTS),
      programAddress: SYSTEM_PROGRAM,
      executable: false,
      data: new Uint8Array(),
      space: 0n,
    })
    const ledger = new SolanaLedger(svm, faucet)
    ledger.setClock(ledger.slot)
    return ledger
  }

  /** The current slot; block height is the same number, since no slot is ever skipped here. */
  get slot(): bigint {
    return this.svm.getClock().slot
  }

  get processedTransactionCount(): bigint {
    return this.transactionCount
  }

  /** The blockhash to build transactions on and the last block height at which it is accepted. */
  latestBlockhash(): { blockhash: Blockhash; lastValidBlockHeight: bigint } {
    this.syncBlockhash()
    return {
      blockhash: this.currentBlockhash as Blockhash,
      lastValidBlockHeight: this.blockhashIssuedAt + BLOCKHASH_VALIDITY_BLOCKS,
    }
  }

  /** True while transactions built on this blockhash are accepted. */
  isBlockhashValid(blockhash: string): boolean {
    this.syncBlockhash()
    return blockhash === this.currentBlockhash
  }

  /** Decodes wire bytes with kit; throws kit's error for bytes that are not a transaction. */
  decode(bytes: Uint8Array): DecodedTransaction {
    const transaction = getTransactionDecoder().decode(bytes)
    const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
    if (message.version !== 'legacy' && message.version !== 0)
      throw new Error(`transaction version ${message.version} is not supported`)
    const first = Object.values(transaction.signatures)[0]
    const signature = getBase58Decoder().decode(first ?? new Uint8Array(64))
    // Re-encode so trailing garbage after the message is not carried along.
    return {
      bytes: new Uint8Array(getTransactionEncoder().encode(transaction)),
      transaction,
      message,
      signature,
    }
  }

  /** True when every required signature is present and verifies over the message bytes. */
  async verifySignatures(decoded: DecodedTransaction): Promise<boolean> {
    const entries = Object.entries(decoded.transaction.signatures) as [Address, SignatureBytes | null][]
    if (entries.length === 0) return false
    for (const [address, signature] of entries) {
      if (!signature) return false
      const key = await getPublicKeyFromAddress(address)
      if (!(await verifySignature(key, signature, decoded.transaction.messageBytes))) return false
    }
    return true
  }

  /** The fee a validator charges for a message: 5000 lamports per signature plus its priority fee. */
  feeFor(message: CompiledTransactionMessage): bigint {
    if (message.version !== 'legacy' && message.version !== 0)
      return LAMPORTS_PER_SIGNATURE * BigInt(message.header.numSignerAccounts)
    let unitPrice = 0n
    let unitLimit: bigint | undefined
    let otherInstructions = 0n
    for (const instruction of message.instructions) {
      const program = message.staticAccounts[instruction.programAddressIndex]
      const data = instruction.data
      if (program !== COMPUTE_BUDGET_PROGRAM || !data || data.length === 0) {
        otherInstructions += 1n
        continue
      }
      const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
      if (data[0] === 2 && data.length >= 5) unitLimit = BigInt(view.getUint32(1, true))
      else if (data[0] === 3 && data.length >= 9) unitPrice = view.getBigUint64(1, true)
    }
    const limit = unitLimit ?? min(200_000n * otherInstructions, 1_400_000n)
    const priority = (unitPrice * limit + 999_999n) / 1_000_000n
    return LAMPORTS_PER_SIGNATURE * BigInt(message.header.numSignerAccounts) + priority
  }

  /**
   * Runs a transaction without committing it. `sigVerify: false` and `replaceRecentBlockhash` lift
   * LiteSVM's signature and blockhash checks for this one run, as simulateTransaction's options do.
   */
  simulate(
    decoded: DecodedTransaction,
    options: { sigVerify: boolean; replaceRecentBlockhash: boolean },
  ): SimulationOutcome {
    if (!options.sigVerify) this.svm.withSigverify(false)
    if (options.replaceRecentBlockhash) this.svm.withBlockhashCheck(false)
    try {
      const result = this.svm.simulateTransaction(decoded.transaction)
      if (result instanceof FailedTransactionMetadata) {
        return {
          ...this.report(result.meta()),
          err: toTransactionErrorJson(result.err()),
          postAccounts: new Map(),
        }
      }
      const postAccounts = new Map<Address, LedgerAccount>()
      for (const account of result.postAccounts()) {
        postAccounts.set(account.address, {
          address: account.address,
          lamports: account.lamports,
          programAddress: account.programAddress,
          executable: account.executable,
          data: new Uint8Array(account.data),
        })
      }
      return { ...this.report(result.meta()), err: null, postAccounts }
    } finally {
      this.svm.withSigverify(true)
      this.svm.withBlockhashCheck(true)
    }
  }

  /**
   * Executes a transaction. Those LiteSVM commits (successes and transactions that failed while
   * executing, whose fee is charged) enter the history and take a slot; those it refuses before
   * execution (no funds for the fee, unknown blockhash, duplicates) leave no trace, as on a validator.
   */
  process(decoded: DecodedTransaction): ProcessOutcome {
    const accountKeys = this.accountKeysOf(decoded.message)
    const preBalances = accountKeys.all.map((address) => this.svm.getBalance(address) ?? 0n)
    const preTokenBalances = this.tokenBalances(accountKeys.all)
    const seenBefore = this.svm.getTransaction(decoded.signature as never) !== null
    const result = this.svm.sendTransaction(decoded.transaction)
    const failed = result instanceof FailedTransactionMetadata ? result : undefined
    // LiteSVM keeps a transaction in its own history exactly when it committed it; a duplicate finds
    // the first copy there, so it counts only when it was not there before.
    if (failed && (seenBefore || this.svm.getTransaction(decoded.signature as never) === null)) {
      return { committed: false, err: toTransactionErrorJson(failed.err()) }
    }
    const meta = failed ? failed.meta() : (result as TransactionMetadata)
    const entry: CommittedTransaction = {
      ...this.report(meta),
      err: failed ? toTransactionErrorJson(failed.err()) : null,
      decoded,
      slot: this.slot,
      blockTime: BigInt(Math.floor(Date.now() / 1000)),
      fee: this.feeFor(decoded.message),
      accountKeys: accountKeys.all,
      loadedAddresses: accountKeys.loaded,
      preBalances,
      postBalances: accountKeys.all.map((address) => this.svm.getBalance(address) ?? 0n),
      preTokenBalances,
      postTokenBalances: this.tokenBalances(accountKeys.all),
    }
    this.history.set(decoded.signature, entry)
    this.order.push(decoded.signature)
    this.transactionCount += 1n
    this.advanceSlot()
    return { committed: true, entry }
  }

  /** Sends `lamports` from the faucet to `address` in a real signed transfer, and returns its outcome. */
  async airdrop(address: Address, lamports: bigint): Promise<ProcessOutcome> {
    const message = pipe(
      createTransactionMessage({ version: 'legacy' }),
      (m) => setTransactionMessageFeePayerSigner(this.faucet, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(this.latestBlockhash(), m),
      (m) =>
        appendTransactionMessageInstruction(getSolTransferInstruction(this.faucet, address, lamports), m),
    )
    const signed = await signTransactionMessageWithSigners(message)
    return this.process(this.decode(new Uint8Array(getTransactionEncoder().encode(signed))))
  }

  /** The static account keys followed by those loaded from address lookup tables (writable, then readonly). */
  accountKeysOf(message: CompiledMessage): {
    all: Address[]
    loaded: { writable: Address[]; readonly: Address[] }
  } {
    const loaded = { writable: [] as Address[], readonly: [] as Address[] }
    const lookups = 'addressTableLookups' in message ? (message.addressTableLookups ?? []) : []
    for (const lookup of lookups) {
      const table = readAccount(this.svm, lookup.lookupTableAddress)
      // A lookup table's addresses follow its 56-byte header.
      const at = (index: number) => {
        const start = 56 + index * 32
        if (!table || table.data.length < start + 32) return undefined
        return getAddressDecoder().decode(table.data.slice(start, start + 32))
      }
      for (const index of lookup.writableIndexes) {
        const address = at(index)
        if (address) loaded.writable.push(address)
      }
      for (const index of lookup.readonlyIndexes) {
        const address = at(index)
        if (address) loaded.readonly.push(address)
      }
    }
    return { all: [...message.staticAccounts, ...loaded.writable, ...loaded.readonly], loaded }
  }

  private tokenBalances(accountKeys: Address[]): TokenBalanceJson[] {
    const balances: TokenBalanceJson[] = []
    accountKeys.forEach((address, accountIndex) => {
      const account = readAccount(this.svm, address)
      if (!account) return
      if (
        account.programAddress !== TOKEN_PROGRAM_ADDRESS &&
        account.programAddress !== TOKEN_2022_PROGRAM_ADDRESS
      )
        return
      const parsed = parseTokenAccountData(this.svm, account) as
        | { parsed: { type: string; info: { mint: string; owner: string; tokenAmount: unknown } } }
        | undefined
      if (parsed?.parsed.type !== 'account') return
      const { info } = parsed.parsed
      balances.push({
        accountIndex,
        mint: info.mint,
        owner: info.owner,
        programId: account.programAddress,
        uiTokenAmount: info.tokenAmount,
      })
    })
    return balances
  }

  private report(meta: TransactionMetadata): ExecutionReport {
    const base58 = getBase58Decoder()
    const innerInstructions: InnerInstructionsJson[] = []
    meta.innerInstructions().forEach((list, index) => {
      if (list.length === 0) return
      innerInstructions.push({
        index,
        instructions: list.map((inner) => {
          const compiled = inner.instruction()
          return {
            programIdIndex: compiled.programIdIndex(),
            accounts: [...compiled.accounts()],
            data: base58.decode(compiled.data()),
            stackHeight: inner.stackHeight(),
          }
        }),
      })
    })
    const returned = meta.returnData()
    const returnBytes = returned.data()
    return {
      err: null,
      logs: meta.logs(),
      unitsConsumed: meta.computeUnitsConsumed(),
      innerInstructions,
      returnData:
        returnBytes.length === 0
          ? null
          : {
              programId: getAddressDecoder().decode(returned.programId()),
              data: [Buffer.from(returnBytes).toString('base64'), 'base64'],
            },
    }
  }

  private advanceSlot(): void {
    this.setClock(this.slot + 1n)
    this.syncBlockhash()
  }

  private setClock(slot: bigint): void {
    const clock = this.svm.getClock()
    this.svm.setClock(
      new Clock(
        slot,
        clock.epochStartTimestamp,
        clock.epoch,
        clock.leaderScheduleEpoch,
        BigInt(Math.floor(Date.now() / 1000)),
      ),
    )
  }

  // LiteSVM accepts only its latest blockhash and never ages it, so the ledger ages it by block height.
  private syncBlockhash(): void {
    if (this.slot <= this.blockhashIssuedAt + BLOCKHASH_VALIDITY_BLOCKS) return
    this.svm.expireBlockhash()
    this.currentBlockhash = this.svm.latestBlockhash()
    this.blockhashIssuedAt = this.slot
  }
}

/** The bytes of a base58 string, for callers that decoded text themselves. */
export function base58Bytes(text: string): Uint8Array {
  return new Uint8Array(getBase58Encoder().encode(text))
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b
}
