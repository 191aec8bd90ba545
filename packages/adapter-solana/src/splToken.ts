import { type Address, getBase64Encoder } from '@solana/kit'
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { TOKEN_2022_PROGRAM_ADDRESS } from './tokenPrograms.js'

export { TOKEN_2022_PROGRAM_ADDRESS }

/** The two SPL token programs a mint can belong to. */
export const TOKEN_PROGRAMS: readonly Address[] = [TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS]

/** An account as `getMultipleAccounts` answers it with base64 encoding. */
export interface Base64Account {
  readonly data: readonly [string, 'base64']
  readonly lamports: bigint | number
  readonly owner: string
}

// Layouts shared by both programs: a mint is 82 bytes (decimals at 44, initialised flag at 45),
// a token account 165 bytes (amount as u64 at 64). Token-2022 puts an account-type byte at 165
// and its extensions as type-length-value entries after it.
const MINT_SIZE = 82
const MINT_DECIMALS_OFFSET = 44
const MINT_INITIALIZED_OFFSET = 45
const TOKEN_ACCOUNT_SIZE = 165
const TOKEN_AMOUNT_OFFSET = 64
const EXTENSIONS_OFFSET = TOKEN_ACCOUNT_SIZE + 1
const TLV_HEADER = 4

// Token-2022 mint extensions that make every token account of the mint carry an extension of its
// own (spl-token-2022 `get_required_init_account_extensions`), with that extension's data length.
const ACCOUNT_EXTENSION_BYTES_FOR_MINT_EXTENSION: Readonly<Record<number, number>> = {
  1: 8, // TransferFeeConfig → TransferFeeAmount
  9: 0, // NonTransferable → NonTransferableAccount
  14: 1, // TransferHook → TransferHookAccount
  16: 64, // ConfidentialTransferFeeConfig → ConfidentialTransferFeeAmount
  26: 0, // Pausable → PausableAccount
}
// The associated token program always gives a Token-2022 account the ImmutableOwner extension.
const IMMUTABLE_OWNER_BYTES = TLV_HEADER

function bytesOf(account: Base64Account): Uint8Array {
  return new Uint8Array(getBase64Encoder().encode(account.data[0]))
}

/** A mint's program, decimals and raw data; undefined for an account that is not an initialised mint. */
export function parseMint(
  account: Base64Account,
): { programAddress: Address; decimals: number; data: Uint8Array } | undefined {
  const programAddress = TOKEN_PROGRAMS.find((program) => program === account.owner)
  if (!programAddress) return undefined
  const data = bytesOf(account)
  if (data.length < MINT_SIZE || data[MINT_INITIALIZED_OFFSET] !== 1) return undefined
  // A token account is also longer than 82 bytes; Token-2022 marks mints with account type 1.
  if (data.length > MINT_SIZE && (programAddress === TOKEN_PROGRAM_ADDRESS || data[TOKEN_ACCOUNT_SIZE] !== 1))
    return undefined
  return { programAddress, decimals: data[MINT_DECIMALS_OFFSET]!, data }
}

/** The amount held by a token account, or undefined when the data is too short to be one. */
export function readTokenAmount(account: Base64Account): bigint | undefined {
  const data = bytesOf(account)
  if (data.length < TOKEN_ACCOUNT_SIZE) return undefined
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(TOKEN_AMOUNT_OFFSET, true)
}

/** The size of a new associated token account for a mint, which its rent deposit depends on. */
export function tokenAccountSize(programAddress: Address, mintData: Uint8Array): bigint {
  if (programAddress === TOKEN_PROGRAM_ADDRESS) return BigInt(TOKEN_ACCOUNT_SIZE)
  let size = EXTENSIONS_OFFSET + IMMUTABLE_OWNER_BYTES
  const view = new DataView(mintData.buffer, mintData.byteOffset, mintData.byteLength)
  for (let offset = EXTENSIONS_OFFSET; offset + TLV_HEADER <= mintData.length; ) {
    const type = view.getUint16(offset, true)
    const length = view.getUint16(offset + 2, true)
    if (type === 0) break
    const accountBytes = ACCOUNT_EXTENSION_BYTES_FOR_MINT_EXTENSION[type]
    if (accountBytes !== undefined) size += TLV_HEADER + accountBytes
    offset += TLV_HEADER + length
  }
  return BigInt(size)
}

export interface AssociatedTokenAccounts {
  /** Sender's and receiver's accounts under Token, then under Token-2022. */
  all: readonly Address[]
  forProgram(programAddress: Address): { senderAta: Address; receiverAta: Address }
  /** The sender's and receiver's entries of `accounts` (read in the order of `all`) for a program. */
  pick<T>(programAddress: Address, accounts: readonly T[]): [T | undefined, T | undefined]
}

/**
 * The associated token accounts of sender and receiver for a mint under both token programs, so
 * one `getMultipleAccounts` can read them together with the mint (whose program is not known yet).
 */
export async function findAssociatedTokenAccounts(parameters: {
  sender: Address
  receiver: Address
  mint: Address
}): Promise<AssociatedTokenAccounts> {
  const { sender, receiver, mint } = parameters
  const derive = (owner: Address, tokenProgram: Address) =>
    findAssociatedTokenPda({ owner, mint, tokenProgram }).then(([ata]) => ata)
  const all = await Promise.all(
    TOKEN_PROGRAMS.flatMap((program) => [derive(sender, program), derive(receiver, program)]),
  )
  const indexOf = (programAddress: Address) => 2 * TOKEN_PROGRAMS.indexOf(programAddress)
  return {
    all,
    forProgram(programAddress: Address) {
      const index = indexOf(programAddress)
      return { senderAta: all[index]!, receiverAta: all[index + 1]! }
    },
    pick<T>(programAddress: Address, accounts: readonly T[]): [T | undefined, T | undefined] {
      const index = indexOf(programAddress)
      return [accounts[index], accounts[index + 1]]
    },
  }
}
