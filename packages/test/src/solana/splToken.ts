import {
  type Address,
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  type Instruction,
  type KeyPairSigner,
  pipe,
  type Signature,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getCreateAccountInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToInstruction,
} from '@solana-program/token'
import { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from './accounts.js'
import type { SolanaTestValidator } from './startSolanaTestValidator.js'

/** The token programs a test mint can live under. */
export type TestSplTokenProgram = typeof TOKEN_PROGRAM_ADDRESS | typeof TOKEN_2022_PROGRAM_ADDRESS

export interface CreateTestSplTokenOptions {
  /** Base-10 digits after the decimal point (0–9 is usual; the program accepts up to 255). */
  decimals: number
  /** Who may mint; a fresh key when omitted. It also pays for the setup, so the faucet funds it. */
  mintAuthority?: KeyPairSigner
  /** SPL Token (default) or Token-2022; the mint is created without extensions in either. */
  programAddress?: TestSplTokenProgram
}

/** A mint created on the test validator, with the key that can mint more of it. */
export interface TestSplToken {
  mint: Address
  mintAuthority: KeyPairSigner
  decimals: number
  programAddress: Address
}

export interface MintTestSplTokensOptions {
  token: TestSplToken
  owner: Address
  /** In base units (10^-decimals of a token). */
  amount: bigint
}

export interface GetTestSplBalanceOptions {
  mint: Address
  owner: Address
}

/** Thrown when a setup transaction for a test token is refused or fails on chain. */
export class SplTokenSetupError extends Error {
  override name = 'SplTokenSetupError'
  constructor(
    readonly step: string,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`Could not ${step} on the test validator: ${reason}.`, options)
  }
}

// Enough for a mint's and many token accounts' rent (about 0.0015 and 0.002 SOL) plus their fees.
const AUTHORITY_FUNDING = 1_000_000_000n
const AUTHORITY_TOP_UP_BELOW = 50_000_000n

/**
 * Creates an SPL Token (or Token-2022) mint on the test validator in a real transaction sent over
 * its JSON-RPC, paid for by the mint authority after a faucet airdrop, so it shows in the history.
 * @example
 * const usdc = await createTestSplToken(validator, { decimals: 6 })
 * await mintTestSplTokens(validator, { token: usdc, owner: wallet.addresses[0], amount: 5_000_000n })
 */
export async function createTestSplToken(
  validator: SolanaTestValidator,
  options: CreateTestSplTokenOptions,
): Promise<TestSplToken> {
  const { decimals } = options
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255)
    throw new SplTokenSetupError('create the test mint', `decimals must be an integer 0–255, got ${decimals}`)
  const programAddress = options.programAddress ?? TOKEN_PROGRAM_ADDRESS
  if (programAddress !== TOKEN_PROGRAM_ADDRESS && programAddress !== TOKEN_2022_PROGRAM_ADDRESS)
    throw new SplTokenSetupError('create the test mint', `${programAddress} is not a token program`)
  const mintAuthority = options.mintAuthority ?? (await generateKeyPairSigner())
  await validator.airdrop(mintAuthority.address, AUTHORITY_FUNDING)

  const rpc = createSolanaRpc(validator.url)
  const mint = await generateKeyPairSigner()
  const space = BigInt(getMintSize())
  const rent = await rpc.getMinimumBalanceForRentExemption(space).send()
  await sendTestTransaction(validator, 'create the test mint', mintAuthority, [
    getCreateAccountInstruction({
      payer: mintAuthority,
      newAccount: mint,
      lamports: rent,
      space,
      programAddress,
    }),
    getInitializeMint2Instruction(
      { mint: mint.address, decimals, mintAuthority: mintAuthority.address, freezeAuthority: null },
      { programAddress },
    ),
  ])
  return { mint: mint.address, mintAuthority, decimals, programAddress }
}

/**
 * Mints test tokens to an owner in one real transaction: creates the owner's associated token
 * account if it is missing (idempotent), then mints into it.
 * @example
 * const { tokenAccount } = await mintTestSplTokens(validator, { token, owner, amount: 1_000_000n })
 */
export async function mintTestSplTokens(
  validator: SolanaTestValidator,
  options: MintTestSplTokensOptions,
): Promise<{ tokenAccount: Address; signature: string }> {
  const { token, owner, amount } = options
  if (amount <= 0n)
    throw new SplTokenSetupError('mint test tokens', `the amount must be positive, got ${amount}`)
  const payer = token.mintAuthority
  const rpc = createSolanaRpc(validator.url)
  const { value: balance } = await rpc.getBalance(payer.address).send()
  if (balance < AUTHORITY_TOP_UP_BELOW) await validator.airdrop(payer.address, AUTHORITY_FUNDING)

  const [tokenAccount] = await findAssociatedTokenPda({
    owner,
    mint: token.mint,
    tokenProgram: token.programAddress,
  })
  const signature = await sendTestTransaction(validator, 'mint test tokens', payer, [
    getCreateAssociatedTokenIdempotentInstruction({
      payer,
      ata: tokenAccount,
      owner,
      mint: token.mint,
      tokenProgram: token.programAddress,
    }),
    getMintToInstruction(
      { mint: token.mint, token: tokenAccount, mintAuthority: payer, amount },
      { programAddress: token.programAddress },
    ),
  ])
  return { tokenAccount, signature }
}

/**
 * Reads an owner's balance of a mint through JSON-RPC, in base units: the sum over every token
 * account the owner holds for it (0 when there is none).
 * @example
 * expect(await getTestSplBalance(validator, { mint: token.mint, owner })).toBe(1_000_000n)
 */
export async function getTestSplBalance(
  validator: SolanaTestValidator,
  options: GetTestSplBalanceOptions,
): Promise<bigint> {
  const rpc = createSolanaRpc(validator.url)
  const { value } = await rpc
    .getTokenAccountsByOwner(options.owner, { mint: options.mint }, { encoding: 'base64' })
    .send()
  let total = 0n
  for (const { account } of value) {
    const data = getBase64Encoder().encode(account.data[0])
    // The amount is a u64 at byte 64 in SPL Token and Token-2022 accounts alike.
    total += new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(64, true)
  }
  return total
}

/** Signs instructions with the payer (and any signers they carry), sends them, and checks they landed. */
async function sendTestTransaction(
  validator: SolanaTestValidator,
  step: string,
  payer: KeyPairSigner,
  instructions: Instruction[],
): Promise<string> {
  const rpc = createSolanaRpc(validator.url)
  const { value: blockhash } = await rpc.getLatestBlockhash().send()
  const transaction = await signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (message) => setTransactionMessageFeePayerSigner(payer, message),
      (message) => setTransactionMessageLifetimeUsingBlockhash(blockhash, message),
      (message) => appendTransactionMessageInstructions(instructions, message),
    ),
  )
  let signature: Signature
  try {
    signature = await rpc
      .sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64' })
      .send()
  } catch (error) {
    throw new SplTokenSetupError(step, (error as Error).message, { cause: error })
  }
  const { value } = await rpc.getSignatureStatuses([signature]).send()
  const status = value[0]
  if (!status) throw new SplTokenSetupError(step, `transaction ${signature} was not committed`)
  if (status.err !== null)
    throw new SplTokenSetupError(
      step,
      `transaction ${signature} failed: ${JSON.stringify(status.err, bigints)}`,
    )
  return signature
}

const bigints = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)
