/**
 * Account names a Portico server registers under a site's own suffix (SPEC §2 RegisterAccountName,
 * §5 account name, §7 register, lookup, suggestions and reverse lookup): the rule a name's label
 * follows, the message a wallet signs, and ENSIP-11 coin types. Shared by the client, which checks
 * as the visitor types and builds the message, and the server, which checks both again. No imports:
 * the client reads it in the registration's own chunk.
 */

/** SPEC §9: a name's label has at least 4 characters. */
export const ACCOUNT_NAME_MIN_LENGTH = 4
/** A DNS label (and so an ENS label a resolver can be found for) has at most 63 bytes. */
export const ACCOUNT_NAME_MAX_LENGTH = 63

/** SPEC §5: letters, digits or hyphens, compared in lower case (ENS names are normalised so). */
const LABEL = /^[a-z0-9-]+$/

/** Why a label cannot be registered, before anyone asks the server. */
export type AccountNameProblem = 'tooShort' | 'tooLong' | 'invalidCharacters'

/**
 * Checks a label (the part before the suffix) against SPEC §5; `undefined` when it is fine.
 * Upper-case letters are accepted and read in lower case.
 * @example
 * accountNameProblem('al') // 'tooShort'
 */
export function accountNameProblem(label: string): AccountNameProblem | undefined {
  const lower = label.toLowerCase()
  if (lower.length > 0 && !LABEL.test(lower)) return 'invalidCharacters'
  if (lower.length < ACCOUNT_NAME_MIN_LENGTH) return 'tooShort'
  if (lower.length > ACCOUNT_NAME_MAX_LENGTH) return 'tooLong'
  return undefined
}

/**
 * A suffix a site registers names under (`myshop.eth`): dot-separated labels of letters, digits
 * and hyphens, in lower case.
 */
export const ACCOUNT_NAME_SUFFIX_PATTERN =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/

/**
 * Splits a full name (`alice.myshop.eth`) into its label and the one of `suffixes` it is under;
 * `undefined` when it is under none of them or has more than one label before the suffix.
 * @example
 * splitAccountName('alice.myshop.eth', ['myshop.eth']) // { label: 'alice', suffix: 'myshop.eth' }
 */
export function splitAccountName(
  name: string,
  suffixes: readonly string[],
): { label: string; suffix: string } | undefined {
  const lower = name.toLowerCase()
  for (const suffix of suffixes) {
    if (!lower.endsWith(`.${suffix}`)) continue
    const label = lower.slice(0, -(suffix.length + 1))
    if (label.length > 0 && !label.includes('.')) return { label, suffix }
  }
  return undefined
}

/** ENSIP-11: the coin type of an EVM chain (60 for Ethereum mainnet, `0x80000000 | chainId` otherwise). */
export function evmChainIdToCoinType(chainId: number): number {
  if (chainId === 1) return 60
  if (!Number.isSafeInteger(chainId) || chainId < 1 || chainId >= 0x80000000) {
    throw new RangeError(`EVM chain id ${chainId} has no ENSIP-11 coin type (it must be 1 to 2^31 - 1).`)
  }
  return (0x80000000 | chainId) >>> 0
}

/** ENSIP-11 backwards: the EVM chain id of a coin type, `undefined` for a coin type of no EVM chain. */
export function coinTypeToEvmChainId(coinType: number): number | undefined {
  if (coinType === 60) return 1
  if (!Number.isSafeInteger(coinType) || coinType <= 0x80000000 || coinType > 0xffffffff) return undefined
  return coinType - 0x80000000
}

/** What a registration's message says (SPEC §7: name, attributes, timestamp in seconds). */
export interface AccountNameMessage {
  /** The full name, label and suffix (`alice.myshop.eth`). */
  name: string
  /** Text records the name answers with (ENS `text(key)`): `description`, `url`, `avatar`, … */
  attributes: Record<string, string>
  /** When the wallet signed, in seconds since the epoch. */
  timestamp: number
}

/** What a release's message says: the name, that it is released, and when. */
export interface AccountNameReleaseMessage {
  name: string
  action: 'release'
  timestamp: number
}

/**
 * The exact text a wallet signs to register a name: JSON of name, attributes and timestamp, keys
 * in that order, so the server reads back what the visitor saw.
 * @example
 * createAccountNameMessage({ name: 'alice.myshop.eth', attributes: {}, timestamp: 1_900_000_000 })
 */
export function createAccountNameMessage(message: AccountNameMessage): string {
  return JSON.stringify({ name: message.name, attributes: message.attributes, timestamp: message.timestamp })
}

/** The exact text a wallet signs to release a name (it cannot be mistaken for a registration). */
export function createAccountNameReleaseMessage(message: Omit<AccountNameReleaseMessage, 'action'>): string {
  return JSON.stringify({ name: message.name, action: 'release', timestamp: message.timestamp })
}

/** A registration or release request (SPEC §7 register: coinType, address, signature, message). */
export interface AccountNameRequest {
  coinType: number
  address: string
  signature: string
  /** The signed text, as `createAccountNameMessage` (or `createAccountNameReleaseMessage`) made it. */
  message: string
}

/** A registered name, as lookup, reverse lookup and registration answer it. */
export interface AccountName {
  name: string
  /** The EVM address the name resolves to, checksummed. */
  address: string
  coinType: number
  attributes: Record<string, string>
  /** ISO 8601. */
  registeredAt: string
}

/** `GET /v1/names/available/{name}`: whether the name can be registered, and others when not. */
export interface AccountNameAvailability {
  name: string
  available: boolean
  /** Free names like it, when it is taken (SPEC §3 name service: suggestions, each with name). */
  suggestions: { name: string }[]
}

/** `GET /v1/names/suffixes`: the suffixes the project registers names under, and its limit per address. */
export interface AccountNameSuffixes {
  suffixes: string[]
  maxNamesPerAddress: number
}

/**
 * What `GET /v1/identity/{address}` answers (SPEC §3 profileName, profileImage): the address's
 * primary ENS name, checked forward, or else the name it registered on the site's server, and
 * that name's avatar record as written (the page checks the image); `null` for none.
 */
export interface IdentityAnswer {
  name: string | null
  avatar: string | null
}
