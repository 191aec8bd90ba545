import { InvalidResponseError, ProviderRequestError, type SendParameters } from '@portico/core'
import {
  type Address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase64Decoder,
  type Instruction,
  isAddress,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type Transaction,
  type TransactionMessageBytesBase64,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { SolanaSendValidationError } from './errors.js'
import type { RpcRequest } from './rpc.js'
import {
  findAssociatedTokenAccounts,
  parseMint,
  readTokenAmount,
  TOKEN_2022_PROGRAM_ADDRESS,
  tokenAccountSize,
} from './splToken.js'
import type { TransactionVersion } from './walletStandard.js'

const U64_LIMIT = 2n ** 64n
// Blockhashes and reads use 'confirmed': a 'finalized' blockhash is already ~30 s old, and
// preflight must look at the same commitment as the blockhash or it may not find it.
export const COMMITMENT = 'confirmed'

export interface TransferPlan {
  transaction: Transaction
  /** The slot of the blockhash read; the send must not be simulated on an older node. */
  contextSlot: bigint
  networkFee: bigint
  signatures: number
  accountCreationRent: bigint
  createsTokenAccount: boolean
  /** The sender's lamports, the lamports the transaction takes from it, and the rent-exempt minimum. */
  lamports: bigint
  lamportsNeeded: bigint
  accountMinimum: bigint
  /** SOL sends: whether the receiver has no lamports yet. SPL sends: the sender's token balance. */
  receiverIsEmpty: boolean
  tokenBalance: bigint | undefined
}

/**
 * Builds the transaction a send would make (SOL: a system transfer; SPL: the receiver's associated
 * token account created idempotently, then `transferChecked` with the mint's decimals, under the
 * mint's own program) and reads what it costs and what the sender holds.
 */
export async function planTransfer(
  request: RpcRequest,
  parameters: SendParameters,
  version: TransactionVersion,
): Promise<TransferPlan> {
  const { network, amount } = parameters
  const sender = parseAddress(parameters.address, 'invalidSender')
  const receiver = parseAddress(parameters.to, 'invalidReceiver')
  if (amount < 0n || amount >= U64_LIMIT)
    throw new SolanaSendValidationError('invalidAmount', { details: String(amount) })
  const payer = createNoopSigner(sender)
  const mint = parameters.token === undefined ? undefined : parseAddress(parameters.token, 'invalidToken')
  const tokenAccounts = mint ? await findAssociatedTokenAccounts({ sender, receiver, mint }) : undefined

  const addresses: Address[] = [sender, receiver]
  if (mint && tokenAccounts) addresses.push(mint, ...tokenAccounts.all)
  const [accounts, latest, accountMinimum] = await Promise.all([
    request(network, 'getMultipleAccounts', (rpc, abortSignal) =>
      rpc
        .getMultipleAccounts(addresses, { encoding: 'base64', commitment: COMMITMENT })
        .send({ abortSignal }),
    ),
    request(network, 'getLatestBlockhash', (rpc, abortSignal) =>
      rpc.getLatestBlockhash({ commitment: COMMITMENT }).send({ abortSignal }),
    ),
    request(network, 'getMinimumBalanceForRentExemption', (rpc, abortSignal) =>
      rpc.getMinimumBalanceForRentExemption(0n, { commitment: COMMITMENT }).send({ abortSignal }),
    ),
  ])
  if (accounts.value.length !== addresses.length) throw new InvalidResponseError('account list')
  const [senderAccount, receiverAccount, mintAccount, ...ataAccounts] = accounts.value
  const lamports = senderAccount ? BigInt(senderAccount.lamports) : 0n

  const instructions: Instruction[] = []
  let accountCreationRent = 0n
  let createsTokenAccount = false
  let tokenBalance: bigint | undefined
  const self = sender === receiver
  if (!mint || !tokenAccounts) {
    instructions.push(getTransferSolInstruction({ source: payer, destination: receiver, amount }))
  } else {
    const parsed = mintAccount ? parseMint(mintAccount) : undefined
    if (!parsed) {
      throw new SolanaSendValidationError('notATokenMint', {
        details: `${mint} on ${network.caipNetworkId}`,
      })
    }
    if (receiverAccount && isTokenProgram(receiverAccount.owner)) {
      throw new SolanaSendValidationError('receiverIsTokenAccount', { details: receiver })
    }
    const { programAddress, decimals } = parsed
    const { senderAta, receiverAta } = tokenAccounts.forProgram(programAddress)
    const [senderAtaAccount, receiverAtaAccount] = tokenAccounts.pick(programAddress, ataAccounts)
    tokenBalance = senderAtaAccount ? (readTokenAmount(senderAtaAccount) ?? 0n) : 0n
    if (!receiverAtaAccount) {
      createsTokenAccount = true
      const size = tokenAccountSize(programAddress, parsed.data)
      accountCreationRent = BigInt(
        await request(network, 'getMinimumBalanceForRentExemption', (rpc, abortSignal) =>
          rpc.getMinimumBalanceForRentExemption(size, { commitment: COMMITMENT }).send({ abortSignal }),
        ),
      )
    }
    // Always idempotent: if the account appears between this read and the send, the send still lands.
    instructions.push(
      getCreateAssociatedTokenIdempotentInstruction({
        payer,
        ata: receiverAta,
        owner: receiver,
        mint,
        tokenProgram: programAddress,
      }),
      getTransferCheckedInstruction(
        { source: senderAta, mint, destination: receiverAta, authority: payer, amount, decimals },
        { programAddress },
      ),
    )
  }

  const blockhash = latest.value
  const message = pipe(
    createTransactionMessage({ version }),
    (draft) => setTransactionMessageFeePayerSigner(payer, draft),
    (draft) => setTransactionMessageLifetimeUsingBlockhash(blockhash, draft),
    (draft) => appendTransactionMessageInstructions(instructions, draft),
  )
  const transaction = compileTransaction(message)
  const fee = await request(network, 'getFeeForMessage', (rpc, abortSignal) =>
    rpc
      .getFeeForMessage(
        getBase64Decoder().decode(transaction.messageBytes) as TransactionMessageBytesBase64,
        {
          commitment: COMMITMENT,
        },
      )
      .send({ abortSignal }),
  )
  // null means the node no longer knows the blockhash it just gave: a lagging load balancer.
  if (fee.value === null)
    throw new ProviderRequestError('The network could not price the transaction.', {
      details: `getFeeForMessage on ${network.caipNetworkId} answered null for a fresh blockhash.`,
    })
  const networkFee = BigInt(fee.value)
  const solOut = mint || self ? 0n : amount
  return {
    transaction,
    contextSlot: latest.context.slot,
    networkFee,
    signatures: Object.keys(transaction.signatures).length,
    accountCreationRent,
    createsTokenAccount,
    lamports,
    lamportsNeeded: solOut + networkFee + accountCreationRent,
    accountMinimum: BigInt(accountMinimum),
    receiverIsEmpty: !self && (receiverAccount ? BigInt(receiverAccount.lamports) === 0n : true),
    tokenBalance,
  }
}

/** The checks that need balances; only `send` makes them, so an estimate still shows the fee. */
export function checkFunds(plan: TransferPlan, parameters: SendParameters): void {
  const sol = (lamports: bigint) => `${lamports} lamports`
  if (plan.tokenBalance !== undefined && parameters.amount > plan.tokenBalance) {
    throw new SolanaSendValidationError('insufficientTokens', {
      details: `The sender holds ${plan.tokenBalance} base units and would send ${parameters.amount}.`,
    })
  }
  if (plan.lamports < plan.lamportsNeeded) {
    throw new SolanaSendValidationError('insufficientSol', {
      details: `The sender has ${sol(plan.lamports)} and needs ${sol(plan.lamportsNeeded)}${plan.createsTokenAccount ? ", including the rent of the receiver's new token account" : ''}.`,
    })
  }
  const left = plan.lamports - plan.lamportsNeeded
  if (left > 0n && left < plan.accountMinimum) {
    throw new SolanaSendValidationError('leavesBelowAccountMinimum', {
      details: `${sol(left)} would be left; an account must keep ${sol(plan.accountMinimum)} or nothing.`,
    })
  }
  if (
    parameters.token === undefined &&
    plan.receiverIsEmpty &&
    parameters.amount > 0n &&
    parameters.amount < plan.accountMinimum
  ) {
    throw new SolanaSendValidationError('belowAccountMinimum', {
      details: `The receiver has no SOL yet and must receive at least ${sol(plan.accountMinimum)}.`,
    })
  }
}

function parseAddress(value: string, problem: 'invalidSender' | 'invalidReceiver' | 'invalidToken'): Address {
  if (!isAddress(value)) throw new SolanaSendValidationError(problem, { details: value.slice(0, 100) })
  return value
}

function isTokenProgram(owner: string): boolean {
  return owner === TOKEN_PROGRAM_ADDRESS || owner === TOKEN_2022_PROGRAM_ADDRESS
}
