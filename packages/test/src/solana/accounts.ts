import { type Address, getAddressDecoder, getBase58Decoder, getBase64Decoder } from '@solana/kit'
import type { LiteSVM } from 'litesvm'
import { invalidParams, RPC_ERROR, SolanaRpcError, toU64 } from './jsonRpc.js'

/** The SPL Token program. */
export const TOKEN_PROGRAM_ADDRESS = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address
/** The SPL Token-2022 program. */
export const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address

const TOKEN_ACCOUNT_SIZE = 165
const MINT_SIZE = 82
// Rent is no longer collected, so a validator reports every account's rent epoch as u64::MAX.
const RENT_EPOCH_MAX = 18446744073709551615n

export type AccountEncoding = 'base58' | 'base64' | 'jsonParsed'

/** How an account's data is answered: its encoding and an optional slice of it. */
export interface AccountDataConfig {
  encoding: AccountEncoding
  dataSlice?: { offset: number; length: number }
}

/** An account as LiteSVM returns it (kit's encoded account). */
export interface LedgerAccount {
  address: Address
  lamports: bigint
  programAddress: Address
  executable: boolean
  data: Uint8Array
}

/** Reads `encoding` and `dataSlice` of an account request's config, refusing what this server cannot encode. */
export function readAccountDataConfig(
  config: Record<string, unknown>,
  defaultEncoding: AccountEncoding,
): AccountDataConfig {
  const encoding = config.encoding ?? defaultEncoding
  if (encoding === 'base64+zstd')
    throw invalidParams('base64+zstd is not supported by this test validator; use base64')
  if (encoding !== 'base58' && encoding !== 'base64' && encoding !== 'jsonParsed')
    throw invalidParams(`unsupported encoding: ${String(encoding)}`)
  const slice = config.dataSlice as { offset?: unknown; length?: unknown } | undefined
  if (slice === undefined || slice === null) return { encoding }
  const offset = toU64(slice.offset)
  const length = toU64(slice.length)
  if (offset === undefined || length === undefined) throw invalidParams('dataSlice needs offset and length')
  return { encoding, dataSlice: { offset: Number(offset), length: Number(length) } }
}

/** The account in a validator's `UiAccount` shape: data encoded as asked, lamports, owner, rent epoch, space. */
export function toRpcAccount(svm: LiteSVM, account: LedgerAccount, config: AccountDataConfig) {
  return {
    data: encodeData(svm, account, config),
    executable: account.executable,
    lamports: account.lamports,
    owner: account.programAddress,
    rentEpoch: RENT_EPOCH_MAX,
    space: BigInt(account.data.length),
  }
}

/** Reads an account from LiteSVM, or null when it does not exist (a validator answers `value: null`). */
export function readAccount(svm: LiteSVM, address: Address): LedgerAccount | null {
  const account = svm.getAccount(address)
  if (!account.exists) return null
  return {
    address,
    lamports: account.lamports,
    programAddress: account.programAddress,
    executable: account.executable,
    data: new Uint8Array(account.data),
  }
}

function encodeData(svm: LiteSVM, account: LedgerAccount, config: AccountDataConfig): unknown {
  if (config.encoding === 'jsonParsed' && !config.dataSlice) {
    const parsed = parseTokenAccountData(svm, account)
    if (parsed) return parsed
  }
  const data = config.dataSlice
    ? account.data.slice(config.dataSlice.offset, config.dataSlice.offset + config.dataSlice.length)
    : account.data
  if (config.encoding === 'base58') {
    // Agave refuses base58 for larger data rather than answer a slow encoding.
    if (data.length > 128)
      throw new SolanaRpcError(
        RPC_ERROR.invalidRequest,
        'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
      )
    return [getBase58Decoder().decode(data), 'base58']
  }
  // jsonParsed falls back to base64 for data no parser understands, as a validator does.
  return [getBase64Decoder().decode(data), 'base64']
}

/** The `jsonParsed` form of an SPL Token or Token-2022 account or mint, or undefined. */
export function parseTokenAccountData(svm: LiteSVM, account: LedgerAccount): unknown {
  const program =
    account.programAddress === TOKEN_PROGRAM_ADDRESS
      ? 'spl-token'
      : account.programAddress === TOKEN_2022_PROGRAM_ADDRESS
        ? 'spl-token-2022'
        : undefined
  if (!program) return undefined
  const data = account.data
  // Token-2022 appends an account type byte and TLV extensions after the base layout.
  const extended = program === 'spl-token-2022' && data.length > TOKEN_ACCOUNT_SIZE
  if (data.length === MINT_SIZE || (extended && data[TOKEN_ACCOUNT_SIZE] === ACCOUNT_TYPE_MINT)) {
    const mint = readMint(data)
    if (!mint) return undefined
    const extensions = extended ? readExtensions(data) : []
    return {
      program,
      parsed: {
        type: 'mint',
        info: {
          decimals: mint.decimals,
          freezeAuthority: mint.freezeAuthority,
          isInitialized: true,
          mintAuthority: mint.mintAuthority,
          supply: mint.supply.toString(),
          ...(extensions.length > 0 ? { extensions } : {}),
        },
      },
      space: BigInt(data.length),
    }
  }
  if (data.length !== TOKEN_ACCOUNT_SIZE && !(extended && data[TOKEN_ACCOUNT_SIZE] === ACCOUNT_TYPE_ACCOUNT))
    return undefined
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  const state = data[108]
  if (state !== 1 && state !== 2) return undefined
  const mintAddress = decodeAddress(data, 0)
  const mintAccount = readAccount(svm, mintAddress)
  const mint = mintAccount && mintAccount.data.length >= MINT_SIZE ? readMint(mintAccount.data) : undefined
  // Without its mint the amount has no decimals, and a validator does not parse it either.
  if (!mint) return undefined
  const amount = view.getBigUint64(64, true)
  const isNative = view.getUint32(109, true) === 1
  const info: Record<string, unknown> = {
    isNative,
    mint: mintAddress,
    owner: decodeAddress(data, 32),
    state: state === 1 ? 'initialized' : 'frozen',
    tokenAmount: uiTokenAmount(amount, mint.decimals),
  }
  if (view.getUint32(72, true) === 1) {
    info.delegate = decodeAddress(data, 76)
    info.delegatedAmount = uiTokenAmount(view.getBigUint64(121, true), mint.decimals)
  }
  if (isNative) info.rentExemptReserve = uiTokenAmount(view.getBigUint64(113, true), mint.decimals)
  if (view.getUint32(129, true) === 1) info.closeAuthority = decodeAddress(data, 133)
  const extensions = extended ? readExtensions(data) : []
  if (extensions.length > 0) info.extensions = extensions
  return { program, parsed: { type: 'account', info }, space: BigInt(data.length) }
}

const ACCOUNT_TYPE_MINT = 1
const ACCOUNT_TYPE_ACCOUNT = 2
// Extensions without state, named as a validator names them; others it would describe in full are
// listed as unparseable here, which a validator also answers for extensions it cannot read.
const STATELESS_EXTENSIONS: Record<number, string> = { 7: 'immutableOwner', 9: 'nonTransferable' }

/** The Token-2022 extensions of an extended account or mint, as a validator's jsonParsed lists them. */
function readExtensions(data: Uint8Array): { extension: string }[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  const extensions: { extension: string }[] = []
  // TLV entries: u16 type, u16 length, value; a zero type is padding.
  for (let offset = TOKEN_ACCOUNT_SIZE + 1; offset + 4 <= data.length; ) {
    const type = view.getUint16(offset, true)
    const length = view.getUint16(offset + 2, true)
    if (type === 0) break
    extensions.push({ extension: STATELESS_EXTENSIONS[type] ?? 'unparseableExtension' })
    offset += 4 + length
  }
  return extensions
}

/** The owner and mint of an initialised token account's data, for the by-owner lookups. */
export function readTokenAccountKeys(data: Uint8Array): { mint: Address; owner: Address } | undefined {
  if (data.length < TOKEN_ACCOUNT_SIZE || data[108] === 0) return undefined
  return { mint: decodeAddress(data, 0), owner: decodeAddress(data, 32) }
}

function readMint(data: Uint8Array) {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  if (data[45] !== 1) return undefined
  return {
    mintAuthority: view.getUint32(0, true) === 1 ? decodeAddress(data, 4) : null,
    supply: view.getBigUint64(36, true),
    decimals: data[44] ?? 0,
    freezeAuthority: view.getUint32(46, true) === 1 ? decodeAddress(data, 50) : null,
  }
}

function decodeAddress(data: Uint8Array, offset: number): Address {
  return getAddressDecoder().decode(data.slice(offset, offset + 32))
}

/** A validator's `UiTokenAmount`: the raw amount as a string, decimals, and the human amount. */
export function uiTokenAmount(amount: bigint, decimals: number) {
  const text = amount.toString().padStart(decimals + 1, '0')
  const whole = text.slice(0, text.length - decimals)
  const fraction = text.slice(text.length - decimals).replace(/0+$/, '')
  const uiAmountString = fraction ? `${whole}.${fraction}` : whole
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString }
}
